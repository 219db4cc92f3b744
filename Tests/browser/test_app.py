"""Browser tests of the web app (`todomd serve`): each drives the real UI in headless Chromium and
checks the files in the vault. Run by scripts/test; see harness.py for how to run them alone."""

import json
import os
import time
import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from harness import (DESKTOP, PHONE, TODAY, BrowserTestCase, frontmatter, set_dark, set_viewport,
                     task_files, wait_for, write_task)



def created(minute):
    return "2026-11-20T08:%02d:00Z" % minute


class QuickEntryAndLiveTest(BrowserTestCase):
    """Quick entry, the views, and files written by other programs."""

    @classmethod
    def write_fixtures(cls, vault):
        write_task(vault, "20261120-0800-call-the-plumber.md", "Call the plumber", due=TODAY, created=created(0))
        write_task(vault, "20261120-0801-sort-the-mail.md", "Sort the mail", created=created(1))
        write_task(vault, "20261120-0802-plan-the-trip.md", "Plan the trip", due="2026-11-25", area="Personal",
                   created=created(2))
        write_task(vault, "20261120-0803-learn-the-banjo.md", "Learn the banjo", status="someday", created=created(3))
        write_task(vault, "20261120-0804-renew-passport.md", "Renew passport", flagged=True, area="Admin",
                   created=created(4))

    def tearDown(self):
        self.check_console()

    def test_quick_entry_creates_the_file(self):
        self.open("#/view/today")
        before = set(task_files(self.vault))
        ActionChains(self.driver).send_keys("n").perform()
        box = self.driver.switch_to.active_element
        self.assertEqual(box.get_attribute("aria-label"), "Quick entry", "`n` focuses the quick-entry field")
        box.send_keys("Buy oat milk fri #errands")
        preview = self.driver.find_element(By.ID, "quick-preview")
        wait_for(lambda: "due Fri 27 Nov · #errands" in preview.text, message="the live preview")
        self.assertIn("Buy oat milk", preview.text)
        box.send_keys(Keys.ENTER)
        new = wait_for(lambda: set(task_files(self.vault)) - before, message="a new task file")
        self.assertEqual(len(new), 1, new)
        fm = frontmatter(self.path(new.pop()))
        self.assertEqual(fm["title"], "Buy oat milk")
        self.assertEqual(fm["due"], "2026-11-27")
        self.assertEqual(fm["tags"], ["errands"])
        self.assertEqual(fm["source"], "user")
        self.assertEqual(fm["status"], "todo")
        wait_for(lambda: box.get_attribute("value") == "", message="the field to clear")
        # Due next Friday: not in Today, but in Upcoming.
        self.open("#/view/upcoming")
        self.assertIn("Buy oat milk", self.titles())

    def test_file_from_another_program_appears_without_reload(self):
        self.open("#/view/today")
        self.driver.execute_script("window.__notReloaded = 'yes';")
        self.assertNotIn("Feed the cat", self.titles())
        t0 = time.monotonic()
        with open(os.path.join(self.vault, "from-another-program.md"), "w") as fh:
            fh.write('---\ntitle: "Feed the cat"\nstatus: todo\ndue: %s\nsource: "script"\n'
                     'created: "2026-11-21T07:30:00Z"\n---\n' % TODAY)
        wait_for(lambda: "Feed the cat" in self.titles(), timeout=5, message="the new row")
        elapsed = time.monotonic() - t0
        self.assertEqual(self.driver.execute_script("return window.__notReloaded"), "yes", "the page was reloaded")
        self.assertEqual(self.driver.execute_script("return performance.getEntriesByType('navigation').length"), 1)
        print("\n    external write → row shown in %.0f ms" % (elapsed * 1000), end=" ")
        # ... and its removal too.
        os.remove(os.path.join(self.vault, "from-another-program.md"))
        wait_for(lambda: "Feed the cat" not in self.titles(), timeout=5, message="the row to go")
        self.assertEqual(self.driver.execute_script("return window.__notReloaded"), "yes")

    def test_views_load(self):
        expect = {"inbox": "Sort the mail", "today": "Call the plumber", "upcoming": "Plan the trip",
                  "anytime": "Renew passport", "someday": "Learn the banjo", "flagged": "Renew passport",
                  "all": "Learn the banjo"}
        self.open("#/view/today")
        nav = self.driver.find_element(By.CSS_SELECTOR, 'nav[aria-label="Views"]')
        wait_for(lambda: nav.find_elements(By.CSS_SELECTOR, 'a[href="#/view/inbox"]'), message="the sidebar")
        for view, title in expect.items():
            with self.subTest(view=view):
                # Through the sidebar, as a user would.
                nav.find_element(By.CSS_SELECTOR, 'a[href="#/view/%s"]' % view).click()
                wait_for(lambda: self.listed_view() == view, message="the %s listing" % view)
                self.assertIn(title, self.titles())
                self.assertTrue(self.driver.current_url.endswith("#/view/" + view))
        self.open("#/view/logbook")
        self.assertEqual(self.titles(), [])
        self.assertTrue(self.driver.find_element(By.ID, "empty").is_displayed())
        self.open("#/view/area:Admin")
        self.assertEqual(self.titles(), ["Renew passport"])


class TodayTest(BrowserTestCase):
    """Completing and reordering in Today."""

    TODAY_TASKS = ["Water the plants", "Pay the electricity bill", "Write the weekly review", "Book a haircut",
                   "Return the library books"]

    @classmethod
    def write_fixtures(cls, vault):
        for i, title in enumerate(cls.TODAY_TASKS):
            write_task(vault, "20261120-08%02d-%s.md" % (i, title.lower().replace(" ", "-")), title, due=TODAY,
                       created=created(i))
        write_task(vault, "20261120-0830-later.md", "Not today", due="2026-11-24", created=created(30))

    def tearDown(self):
        self.check_console()

    def test_completing_moves_the_task_out_of_today(self):
        self.open("#/view/today")
        ids = {title: row_id for row_id, title in self.rows()}
        self.assertIn("Water the plants", ids)
        task_id = ids["Water the plants"]
        self.driver.find_element(By.CSS_SELECTOR, 'button[aria-label="Complete Water the plants"]').click()
        wait_for(lambda: "Water the plants" not in self.titles(), timeout=5, message="the row to go")
        fm = wait_for(lambda: (lambda f: f if f["status"] == "done" else None)(frontmatter(self.path(task_id))),
                      message="status: done in the file")
        self.assertIsNotNone(fm.get("completed"))
        # It stays gone after a reload, and shows in the Logbook.
        self.open("#/view/today")
        self.assertNotIn("Water the plants", self.titles())
        self.open("#/view/logbook")
        self.assertIn("Water the plants", self.titles())

    def test_drag_to_reorder_persists(self):
        self.open("#/view/today")
        rows = self.rows()
        self.assertGreaterEqual(len(rows), 3)
        last_id, last_title = rows[-1]
        first = self.driver.execute_script(
            "const r = document.querySelector('#task-list li.task').getBoundingClientRect();"
            "return [r.left, r.top, r.width, r.height];")
        start = self.driver.execute_script(
            "const li = [...document.querySelectorAll('#task-list li.task')].pop();"
            "const r = li.querySelector('.task-title').getBoundingClientRect();"
            "return [r.left + Math.min(20, r.width / 2), r.top + r.height / 2];")
        target = (start[0], first[1] + first[3] * 0.25)
        drag(self.driver, start, target)
        order_path = os.path.join(self.vault, ".order.json")

        def persisted():
            with open(order_path) as fh:
                return json.load(fh)["views"]["today"]
        order = wait_for(lambda: os.path.exists(order_path) and persisted(), message=".order.json")
        self.assertEqual(order[0], last_id, order)
        wait_for(lambda: self.rows() and self.rows()[0][0] == last_id, message="the row to move first")
        self.driver.refresh()
        self.wait_listed()
        self.assertEqual(self.titles()[0], last_title)
        self.assertEqual([r[1] for r in self.rows()[1:]], [r[1] for r in rows[:-1]])


def drag(driver, start, end, steps=16):
    """A mouse drag with real intermediate moves (Chrome DevTools Input events)."""
    def mouse(kind, x, y, **kw):
        driver.execute_cdp_cmd("Input.dispatchMouseEvent", dict(type=kind, x=x, y=y, **kw))
    (x0, y0), (x1, y1) = start, end
    mouse("mouseMoved", x0, y0)
    mouse("mousePressed", x0, y0, button="left", buttons=1, clickCount=1)
    for i in range(1, steps + 1):
        mouse("mouseMoved", x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps, button="left", buttons=1)
        time.sleep(0.015)
    time.sleep(0.05)
    mouse("mouseReleased", x1, y1, button="left", buttons=0, clickCount=1)


HAND_WRITTEN = """---
# Written by hand in vim. This comment, the odd quoting and the unknown keys must survive.
title: 'Tidy the shed'
status: todo
due: 2026-11-21
priority: low
flagged: no
area:   Home
tags: [garden, "weekend"]
x-colour: "teal"   # an unknown key with a comment
estimated_minutes: 45
created: 2026-11-01T10:00:00Z
modified: "2026-11-01T10:00:00Z"
source: vim
custom_list:
  - one
  - 'two'
---

Sweep first, then *sort* the tools.
  Indented line, trailing spaces   
"""


class EditorTest(BrowserTestCase):
    """The detail editor changes only the lines of the fields it changes."""

    @classmethod
    def write_fixtures(cls, vault):
        with open(os.path.join(vault, "tidy-the-shed.md"), "w", encoding="utf-8") as fh:
            fh.write(HAND_WRITTEN)
        write_task(vault, "20261120-0800-other.md", "Another task", due=TODAY, created=created(0))

    def tearDown(self):
        self.check_console()

    def test_editing_priority_changes_only_that_line(self):
        self.open("#/view/today")
        before = self.read_bytes("tidy-the-shed.md")
        self.click_row("Tidy the shed")
        select = wait_for(lambda: self.driver.find_element(By.CSS_SELECTOR, '#detail select[name="priority"]'),
                          message="the detail editor")
        self.assertEqual(select.get_attribute("value"), "low")
        Select(select).select_by_value("high")
        after = wait_for(lambda: (lambda b: b if b != before else None)(self.read_bytes("tidy-the-shed.md")),
                         message="the file to change")
        old, new = before.split(b"\n"), after.split(b"\n")
        self.assertEqual(len(old), len(new), "lines added or removed:\n%s" % after.decode())
        changed = [(a, b) for a, b in zip(old, new) if a != b]
        self.assertEqual(sorted(a.split(b":")[0] for a, _ in changed), [b"modified", b"priority"],
                         "changed lines: %r" % changed)
        self.assertIn(b"high", dict(changed)[b"priority: low"])
        # The list shows it.
        wait_for(lambda: self.row("Tidy the shed").find_elements(By.CSS_SELECTOR, ".prio-high"),
                 message="the high-priority mark")


class PerspectiveTest(BrowserTestCase):
    """The perspective editor's live count."""

    @classmethod
    def write_fixtures(cls, vault):
        for i, (title, area) in enumerate([("Draft the budget", "Work"), ("Review pull requests", "Work"),
                                           ("Prepare the demo", "Work"), ("Call grandma", "Personal"),
                                           ("Buy a present", "Personal"), ("Loose end", None)]):
            write_task(vault, "20261120-08%02d-t%d.md" % (i, i), title, area=area, created=created(i))
        write_task(vault, "20261120-0810-done.md", "Old report", status="done", area="Work", created=created(10),
                   completed="2026-11-19T10:00:00Z")
        write_task(vault, "20261120-0811-idea.md", "Some idea", status="someday", area="Work", created=created(11))

    def tearDown(self):
        self.check_console()

    def test_perspective_count_updates_live(self):
        self.open("#/view/today")
        button = wait_for(lambda: self.driver.find_element(By.CSS_SELECTOR, '#sidebar button[aria-label="New perspective"]'),
                          message="the New perspective button")
        button.click()
        count = wait_for(lambda: self.driver.find_element(By.ID, "perspective-count"), message="#perspective-count")
        # The new perspective starts with "status is todo or in progress": the 6 active tasks.
        wait_for(lambda: count.text == "Showing 6 tasks", message="Showing 6 tasks (was %r)" % count.text)
        dialog = self.driver.find_element(By.CSS_SELECTOR, "dialog[open]")
        adder = [b for b in dialog.find_elements(By.CSS_SELECTOR, "button") if b.text.strip() == "Condition"]
        self.assertTrue(adder, "no “Condition” button in the perspective editor")
        adder[0].click()
        field = wait_for(lambda: dialog.find_elements(By.CSS_SELECTOR, 'select[aria-label="Field"]')[1],
                         message="a second condition")
        Select(field).select_by_value("area")
        time.sleep(0.6)  # the count for "area is (empty)" settles first, so only typing can change it below
        self.assertNotEqual(count.text, "Showing 3 tasks")
        value = wait_for(lambda: dialog.find_elements(By.CSS_SELECTOR, '.pe-cond')[1]
                         .find_element(By.CSS_SELECTOR, 'input[aria-label="Value"]'), message="the value field")
        value.send_keys("Work")
        wait_for(lambda: count.text == "Showing 3 tasks", message="Showing 3 tasks (is %r)" % count.text)
        self.assertFalse(os.path.exists(os.path.join(self.vault, ".perspectives.json")), "nothing is saved yet")


class AccessibilityTest(BrowserTestCase):
    """axe-core on Today (desktop and phone, light and dark) and the phone menu."""

    @classmethod
    def write_fixtures(cls, vault):
        write_task(vault, "20261120-0800-a.md", "Submit the expense report", due="2026-11-19", priority="high",
                   area="Work", project="Q4 Planning", tags=["office"], description="Receipts are in the drawer",
                   created=created(0))
        write_task(vault, "20261120-0801-b.md", "Call the dentist", due=TODAY, flagged=True, tags=["phone"],
                   estimated_minutes=15, created=created(1))
        write_task(vault, "20261120-0802-c.md", "Stretch for ten minutes", scheduled=TODAY,
                   recurrence="FREQ=DAILY", created=created(2), source="shortcut")
        write_task(vault, "20261120-0803-d.md", "Read chapter 4", defer=TODAY, status="in-progress",
                   priority="medium", body="Notes here.", created=created(3))

    def tearDown(self):
        set_dark(self.driver, False)
        set_viewport(self.driver, *DESKTOP)
        self.check_console()

    def audit(self, size, dark):
        set_viewport(self.driver, *size)
        set_dark(self.driver, dark)
        self.open("#/view/today")
        self.assertEqual(len(self.rows()), 4)
        self.axe_check("%dx%d %s" % (size[0], size[1], "dark" if dark else "light"))

    def test_axe_desktop_light(self):
        self.audit(DESKTOP, False)

    def test_axe_desktop_dark(self):
        self.audit(DESKTOP, True)

    def test_axe_phone_light(self):
        self.audit(PHONE, False)

    def test_axe_phone_dark(self):
        self.audit(PHONE, True)

    def test_phone_menu_opens_the_sidebar(self):
        set_viewport(self.driver, *PHONE)
        self.open("#/view/today")
        nav = self.driver.find_element(By.CSS_SELECTOR, 'nav[aria-label="Views"]')
        in_view = lambda: self.driver.execute_script(
            "const r = arguments[0].getBoundingClientRect(); return r.right > 10 && r.left >= -1 && r.width > 100;", nav)
        self.assertFalse(in_view(), "the sidebar is hidden on a phone")
        menu = self.driver.find_element(By.CSS_SELECTOR, 'button[aria-label="Menu"]')
        self.assertTrue(menu.is_displayed())
        menu.click()
        wait_for(in_view, message="the sidebar to slide in")
        self.assertEqual(menu.get_attribute("aria-expanded"), "true")
        nav.find_element(By.CSS_SELECTOR, 'a[href="#/view/inbox"]').click()
        wait_for(lambda: not in_view(), message="the sidebar to close")
        self.assertTrue(self.driver.current_url.endswith("#/view/inbox"))


if __name__ == "__main__":
    unittest.main()
