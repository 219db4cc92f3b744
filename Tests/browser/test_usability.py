"""Browser tests of the web app as a new user meets it on a phone (390×844) and a desktop
(1440×900): searching from the drawer, Back closing the open task, groups as drop targets, the
perspective layout, the built-in views' rules, and the phone layout (issue 20). See harness.py
for how to run them."""

import json
import os
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from harness import DESKTOP, TODAY, BrowserTestCase, frontmatter, set_dark, set_viewport, task_files, wait_for, write_task
from test_app import drag


PHONE = (390, 844)


def created(minute):
    return "2026-11-20T08:%02d:00Z" % minute


class UsabilityCase(BrowserTestCase):
    """Shared helpers."""

    def tearDown(self):
        self.js("document.querySelectorAll('dialog[open]').forEach(d => d.close())")  # after a failure
        set_dark(self.driver, False)
        set_viewport(self.driver, *DESKTOP)
        self.check_console()

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def hash(self):
        return self.js("return location.hash")

    def detail_open(self):
        return self.js("const d = document.getElementById('detail'); return !d.hidden && !!d.querySelector('form')")

    def nav_open(self):
        return self.js("return document.getElementById('app').classList.contains('nav-open')")

    def open_drawer(self):
        """Opens the phone's drawer and waits until it has slid in."""
        self.driver.find_element(By.CSS_SELECTOR, 'button[aria-label="Menu"]').click()
        wait_for(lambda: self.nav_open() and self.js(
            "const r = document.getElementById('sidebar').getBoundingClientRect(); return r.left >= -1 && r.width > 100"),
            message="the drawer to slide in")

    def audit(self, where):
        """axe-core on the page as it is: no serious or critical violations."""
        self.axe_check(where)


class PhoneNavigationTest(UsabilityCase):
    """Searching from the phone's drawer; Back closes the open task."""

    size = PHONE

    @classmethod
    def write_fixtures(cls, vault):
        write_task(vault, "20261120-0800-call-the-dentist.md", "Call the dentist", due=TODAY, created=created(0))
        write_task(vault, "20261120-0801-water-the-plants.md", "Water the plants", due=TODAY, created=created(1))
        write_task(vault, "20261120-0802-sort-the-mail.md", "Sort the mail", created=created(2))

    def test_search_on_a_phone_keeps_the_drawer_and_the_typing(self):
        set_viewport(self.driver, *PHONE)
        self.open("#/view/today")
        before = set(task_files(self.vault))
        self.open_drawer()
        search = self.driver.find_element(By.ID, "search")
        wait_for(search.is_displayed, message="the search field")
        search.click()
        # A person types slower than the search's pause: the first letter is searched on its own.
        search.send_keys("d")
        wait_for(lambda: self.hash() == "#/search?q=d", message="the search for “d”")
        time.sleep(0.4)
        for ch in "entist":
            ActionChains(self.driver).send_keys(ch).perform()
            time.sleep(0.05)
        time.sleep(0.5)
        self.assertEqual(self.js("return document.activeElement.id"), "search", "the search field lost the focus")
        self.assertEqual(search.get_attribute("value"), "dentist")
        self.assertTrue(self.nav_open(), "the drawer closed while typing")
        self.assertEqual(self.driver.find_element(By.ID, "quick-input").get_attribute("value"), "",
                         "letters went to the new-task field")
        self.assertFalse(self.detail_open(), "letters acted as shortcuts")
        wait_for(lambda: self.hash() == "#/search?q=dentist", message="the search for “dentist”")
        # The keyboard's search key sends it: the drawer closes and shows the results.
        search.send_keys(Keys.ENTER)
        wait_for(lambda: not self.nav_open(), message="the drawer to close")
        self.wait_listed()
        self.assertEqual(self.titles(), ["Call the dentist"])
        self.assertEqual(self.js("return [...document.querySelectorAll('#task-list .group-head span:first-child')]"
                                 ".map(s => s.textContent)"), ["To do"], "the results' status group by its name")
        self.assertEqual(set(task_files(self.vault)), before, "a task was created")

    def test_back_closes_the_open_task(self):
        set_viewport(self.driver, *PHONE)
        self.open("#/view/inbox")
        self.open("#/view/today")
        self.click_row("Water the plants")
        wait_for(self.detail_open, message="the task's details")
        self.assertEqual(self.hash(), "#/view/today?task=20261120-0801-water-the-plants.md")
        self.driver.back()
        wait_for(lambda: not self.detail_open(), message="Back to close the details")
        self.assertEqual(self.hash(), "#/view/today", "Back left the view")
        self.assertIn("Water the plants", self.titles())
        # Another Back leaves the view, as before.
        self.driver.back()
        wait_for(lambda: self.hash() == "#/view/inbox", message="the Inbox")

    def test_closing_the_task_forgets_its_url_and_a_link_opens_it(self):
        set_viewport(self.driver, *PHONE)
        self.open("#/view/today?task=20261120-0800-call-the-dentist.md")
        wait_for(self.detail_open, message="the linked task's details")
        self.assertEqual(self.driver.find_element(By.CSS_SELECTOR, '#detail [name="title"]').get_attribute("value"),
                         "Call the dentist")
        self.driver.find_element(By.CSS_SELECTOR, '#detail button[aria-label="Close details"]').click()
        wait_for(lambda: not self.detail_open(), message="the details to close")
        wait_for(lambda: self.hash() == "#/view/today", message="the URL without the task")
        # Opening one task after another: Back still goes straight back to the list.
        self.click_row("Call the dentist")
        wait_for(lambda: "task=20261120-0800" in self.hash(), message="the first task's URL")
        set_viewport(self.driver, *DESKTOP)  # side by side: the list stays clickable
        time.sleep(0.3)
        self.click_row("Water the plants")
        wait_for(lambda: "task=20261120-0801" in self.hash(), message="the second task's URL")
        wait_for(lambda: self.driver.find_element(By.CSS_SELECTOR, '#detail [name="title"]').get_attribute("value")
                 == "Water the plants", message="the second task's details")
        self.driver.back()
        wait_for(lambda: not self.detail_open(), message="Back to close the details")
        self.assertEqual(self.hash(), "#/view/today")


    def test_a_link_naming_the_task_as_the_command_line_does_opens_it(self):
        # `todomd today` prints a task's file name without `.md`; a link made from it opens the
        # task, and the URL then names it by its id (Back still closes it).
        set_viewport(self.driver, *DESKTOP)
        self.open("#/view/today?task=20261120-0800-call-the-dentist")
        wait_for(self.detail_open, message="the linked task's details")
        self.assertEqual(self.driver.find_element(By.CSS_SELECTOR, '#detail [name="title"]').get_attribute("value"),
                         "Call the dentist")
        wait_for(lambda: self.hash() == "#/view/today?task=20261120-0800-call-the-dentist.md",
                 message="the URL naming the task by its id")
        time.sleep(0.3)
        self.assertTrue(self.detail_open(), "the details closed again")
        # A link naming no task: its error is shown and the URL stops naming it.
        self.allowed_console = (r"/api/v1/tasks/no-such-task - Failed to load resource: .* 404",)
        self.open("#/view/today?task=no-such-task")
        wait_for(lambda: self.hash() == "#/view/today", message="the URL without the missing task")
        wait_for(lambda: "no-such-task" in self.driver.find_element(By.ID, "alerts").text, message="the error")
        self.assertFalse(self.detail_open())


TAGS = {"version": 1, "order": ["health", "finance", "garden"], "tags": {
    "finance": {"name": "Finance", "icon": "💰", "color": "#3E9E6B"},
    "health": {"name": "Health", "icon": "🩺", "color": "#D9544F"},
    "garden": {"name": "Garden", "icon": "🌱", "color": "#6E6AE0"}}}


def perspective(pid, name, layout, group_by="none"):
    return {"id": pid, "name": name, "icon": "list.bullet", "color": "#4A90D9",
            "rules": {"operator": "AND", "conditions": [{"field": "status", "op": "in", "value": ["todo", "in-progress"]}]},
            "sort": {"field": "title"}, "group_by": group_by, "layout": layout, "manual_order": None}


class GroupsAndLayoutTest(UsabilityCase):
    """Empty groups as drop targets, categories as the rows show them, a perspective's layout,
    and the built-in views' rules."""

    @classmethod
    def write_fixtures(cls, vault):
        write_task(vault, "20261120-0800-pay-the-tax.md", "Pay the tax", priority="high", tags=["finance"],
                   description="Before the end of the month", created=created(0))
        write_task(vault, "20261120-0801-call-the-dentist.md", "Call the dentist", tags=["health"], created=created(1),
                   body="Ask about the x-ray.\nBring the card.")
        write_task(vault, "20261120-0802-sort-the-mail.md", "Sort the mail", created=created(2))
        write_task(vault, "20261120-0803-tidy-the-desk.md", "Tidy the desk", tags=["other"], created=created(3))
        with open(os.path.join(vault, ".tags.json"), "w", encoding="utf-8") as fh:
            json.dump(TAGS, fh, ensure_ascii=False)
        with open(os.path.join(vault, ".perspectives.json"), "w", encoding="utf-8") as fh:
            json.dump({"version": 1, "order": ["tight", "roomy"], "perspectives": {
                "tight": perspective("tight", "Tight", "compact"),
                "roomy": perspective("roomy", "Roomy", "detailed", group_by="priority")}}, fh)

    def groups(self):
        """[(data-group, heading text, count)] of the list's groups."""
        return [tuple(g) for g in self.js(
            "return [...document.querySelectorAll('#task-list li.group')].map(g => [g.dataset.group, "
            "g.querySelector('.group-head span').textContent, +g.querySelector('.group-count').textContent])")]

    def group_by(self, label):
        # The header is drawn again when the sidebar or the listing arrives: find the button anew.
        xpath = '//div[contains(@class,"modes")]/button[.="%s"]' % label
        wait_for(lambda: self.driver.find_element(By.XPATH, xpath).click() or True, message="the %s button" % label)
        wait_for(lambda: self.driver.find_element(By.XPATH, xpath).get_attribute("aria-pressed") == "true",
                 message="%s chosen" % label)
        self.wait_listed()

    def drag_into(self, title, group):
        """Drags the row `title` into the (empty) group `group`, onto its placeholder."""
        end = self.js("const g = [...document.querySelectorAll('#task-list li.group')].find(x => x.dataset.group === arguments[0]);"
                      "const p = g.nextElementSibling; p.scrollIntoView({block: 'center'});"
                      "const r = p.getBoundingClientRect(); return [r.left + 40, r.top + r.height / 2];", group)
        start = self.js("const li = [...document.querySelectorAll('#task-list li.task')].find(l => "
                        "l.querySelector('.task-title').textContent === arguments[0]);"
                        "const r = li.querySelector('.task-title').getBoundingClientRect();"
                        "return [r.left + Math.min(20, r.width / 2), r.top + r.height / 2];", title)
        drag(self.driver, start, end)

    def test_priority_groups_include_empty_ones_to_drop_into(self):
        self.open("#/view/anytime")
        self.group_by("Priority")
        self.assertEqual(self.groups(), [("high", "High", 1), ("medium", "Medium", 0), ("low", "Low", 0),
                                         ("none", "None priority", 3)])
        self.drag_into("Sort the mail", "low")
        wait_for(lambda: frontmatter(self.path("20261120-0802-sort-the-mail.md")).get("priority") == "low",
                 message="priority: low in the file")
        wait_for(lambda: ("low", "Low", 1) in self.groups(), message="the task in Low")

    def test_category_groups_in_the_categories_order_and_names(self):
        self.open("#/view/anytime")
        self.group_by("Category")
        self.assertEqual(self.groups(), [("health", "🩺Health", 1), ("finance", "💰Finance", 1), ("garden", "🌱Garden", 0),
                                         ("other", "#other", 1), ("No Tags", "No Tags", 1)])
        set_dark(self.driver, True)
        time.sleep(0.3)
        self.audit("the Category grouping, desktop dark")
        set_dark(self.driver, False)
        self.drag_into("Tidy the desk", "garden")
        wait_for(lambda: frontmatter(self.path("20261120-0803-tidy-the-desk.md")).get("tags") == ["garden"],
                 message="tags: [garden] in the file (moved out of #other)")
        wait_for(lambda: ("garden", "🌱Garden", 1) in self.groups(), message="the task under Garden")

    def test_a_perspectives_layout_is_applied(self):
        self.open("#/perspective/tight")
        wait_for(lambda: "layout-compact" in self.driver.find_element(By.ID, "task-list").get_attribute("class"),
                 message="the compact layout")
        self.assertFalse(self.row("Pay the tax").find_element(By.CSS_SELECTOR, ".task-desc").is_displayed(),
                         "compact rows leave the description out")
        compact = self.row("Sort the mail").size["height"]
        self.open("#/perspective/roomy")
        wait_for(lambda: "layout-detailed" in self.driver.find_element(By.ID, "task-list").get_attribute("class"),
                 message="the detailed layout")
        notes = self.row("Call the dentist").find_element(By.CSS_SELECTOR, ".task-notes")
        self.assertTrue(notes.is_displayed())
        self.assertIn("Ask about the x-ray.", notes.text)
        self.assertEqual([g[1] for g in self.groups()][:1], ["High"], "its priority groups are named")
        # Changed in the editor, the layout applies as soon as it is saved.
        self.open("#/perspective/tight")
        self.driver.find_element(By.CSS_SELECTOR, 'button[aria-label="Edit perspective"]').click()
        dialog = wait_for(lambda: self.driver.find_element(By.CSS_SELECTOR, "dialog[open]"), message="the editor")
        Select(dialog.find_element(By.CSS_SELECTOR, 'select[name="layout"]')).select_by_value("comfortable")
        save = wait_for(lambda: [b for b in dialog.find_elements(By.CSS_SELECTOR, ".sheet-foot button") if b.text == "Save"],
                        message="the Save button")
        save[0].click()
        wait_for(lambda: "layout-comfortable" in self.driver.find_element(By.ID, "task-list").get_attribute("class"),
                 message="the comfortable layout")
        self.assertGreater(self.row("Sort the mail").size["height"], compact)

    def test_a_built_in_views_rules_can_be_seen(self):
        for size in (DESKTOP, PHONE):
            with self.subTest(size=size):
                self.js("document.querySelectorAll('dialog[open]').forEach(d => d.close())")
                set_viewport(self.driver, *size)
                self.open("#/view/today")
                button = wait_for(lambda: self.driver.find_element(By.CSS_SELECTOR, '#head-actions button[aria-label="View rules"]'),
                                  message="the View rules button")
                button.click()
                dialog = wait_for(lambda: self.driver.find_element(By.CSS_SELECTOR, "dialog[open]"), message="the rules")
                # (text is read once the sheet has faded in)
                wait_for(lambda: dialog.find_element(By.CSS_SELECTOR, ".sheet-head h2").text == "Today", message="the title Today")
                self.assertIn("read-only", dialog.find_element(By.CSS_SELECTOR, ".pe-note").text)
                fields = dialog.find_elements(By.CSS_SELECTOR, 'select[aria-label="Field"]')
                self.assertGreaterEqual(len(fields), 3, "Today's conditions are shown")
                self.assertTrue(all(not f.is_enabled() for f in fields), "and cannot be changed")
                self.assertTrue([b for b in dialog.find_elements(By.CSS_SELECTOR, "button") if b.get_attribute("textContent") == "Duplicate to edit"])
                wait_for(lambda: "Showing" in dialog.find_element(By.ID, "perspective-count").text, message="the count")
                self.audit("the rules of Today at %dx%d" % size)
                dialog.find_element(By.CSS_SELECTOR, '.sheet-head button[aria-label="Close"]').click()
                wait_for(lambda: not self.driver.find_elements(By.CSS_SELECTOR, "dialog[open]"), message="the sheet to close")
        # Area, project and tag lists are not built-in views: no rules to show.
        set_viewport(self.driver, *DESKTOP)
        self.open("#/view/tag:finance")
        self.assertFalse(self.driver.find_elements(By.CSS_SELECTOR, '#head-actions button[aria-label="View rules"]'))


class PhoneLayoutTest(UsabilityCase):
    """Long names on a phone, the category manager, + in the Logbook, the planner's header."""

    size = PHONE
    LONG = "Household administration and paperwork for the whole family in 2026"

    @classmethod
    def write_fixtures(cls, vault):
        write_task(vault, "20261120-0800-pay-the-tax.md", "Pay the quarterly tax estimate", due=TODAY, area="Home",
                   project=cls.LONG, tags=["finance"], created=created(0))
        write_task(vault, "20261120-0801-old.md", "Old report", status="done", created=created(1))
        for i in range(10):
            write_task(vault, "20261120-09%02d-t.md" % i, "Tagged %d" % i, tags=["loose-tag-%d" % i], created=created(10 + i))
        with open(os.path.join(vault, ".tags.json"), "w", encoding="utf-8") as fh:
            json.dump(TAGS, fh, ensure_ascii=False)

    def test_long_project_names_do_not_widen_the_page(self):
        for dark in (False, True):
            set_viewport(self.driver, *PHONE)
            set_dark(self.driver, dark)
            self.open("#/view/today")
            time.sleep(0.3)
            widths = self.js("const s = document.getElementById('scroll'); return [document.documentElement.scrollWidth, "
                             "innerWidth, s.scrollWidth, s.clientWidth]")
            self.assertLessEqual(widths[0], widths[1], "the page scrolls sideways: %r" % widths)
            self.assertLessEqual(widths[2], widths[3], "the list scrolls sideways: %r" % widths)
            pill = self.row("Pay the quarterly tax estimate").find_element(By.CSS_SELECTOR, ".chip.pill")
            self.assertLessEqual(pill.rect["x"] + pill.rect["width"], PHONE[0])
            # The new-task field's example is longer than a phone's field: it ends in an ellipsis,
            # not cut through a letter.
            quick = self.driver.find_element(By.ID, "quick-input")
            self.assertGreater(self.js("const q = arguments[0]; const w = q.clientWidth; const c = document.createElement('canvas')"
                                       ".getContext('2d'); const cs = getComputedStyle(q); c.font = cs.font;"
                                       "return c.measureText(q.placeholder).width - w", quick), 0, "the example fits: no test")
            self.assertEqual(self.js("return getComputedStyle(arguments[0]).textOverflow", quick), "ellipsis")
            self.audit("Today with a long project name, phone %s" % ("dark" if dark else "light"))

    def test_category_manager_names_its_tags_on_a_phone(self):
        set_viewport(self.driver, *PHONE)
        self.open("#/view/today")
        self.open_drawer()
        self.driver.find_element(By.CSS_SELECTOR, '#sidebar button[aria-label="Edit categories"]').click()
        dialog = wait_for(lambda: self.driver.find_element(By.CSS_SELECTOR, "dialog[open]"), message="the manager")
        buttons = wait_for(lambda: dialog.find_elements(By.CSS_SELECTOR, ".cat-others button"), message="the tags")
        self.assertEqual(len(buttons), 10)
        names = ["#loose-tag-%d" % i for i in range(10)]
        try:
            wait_for(lambda: [b.text for b in buttons] == names, timeout=3, message="each button to name its tag")
        finally:
            self.assertEqual([b.text for b in buttons], names, "each button names its tag")
        self.audit("the category manager, phone")

    def test_plus_in_the_logbook_opens_quick_entry(self):
        set_viewport(self.driver, *PHONE)
        self.open("#/view/today")
        self.open("#/view/logbook")
        self.assertEqual(self.titles(), ["Old report"])
        fab = self.driver.find_element(By.ID, "fab")
        self.assertTrue(fab.is_displayed())
        fab.click()
        box = self.driver.find_element(By.ID, "quick-input")
        wait_for(lambda: box.is_displayed() and self.js("return document.activeElement.id") == "quick-input",
                 message="the quick-entry field, focused")
        self.assertEqual(self.hash(), "#/view/today", "it opens where open tasks are")

    def test_plan_header_lines_up_with_the_board_on_a_desktop(self):
        set_viewport(self.driver, *DESKTOP)
        self.open("#/plan", wait_list=False)
        wait_for(lambda: self.driver.find_elements(By.CSS_SELECTOR, "#plan-view .region-card"), message="the board")
        time.sleep(0.3)
        head, board = self.js("const a = document.querySelector('.list-head .head-row').getBoundingClientRect();"
                              "const b = document.getElementById('plan-view').getBoundingClientRect();"
                              "return [[a.left, a.right], [b.left, b.right]]")
        self.assertLessEqual(abs(head[0] - board[0]), 2, "header %r, board %r" % (head, board))
        self.assertLessEqual(abs(head[1] - board[1]), 2, "header %r, board %r" % (head, board))


if __name__ == "__main__":
    import unittest
    unittest.main()
