"""Browser tests of subtasks, checklists and dependencies in the web app (§23, issue 15): nesting
by drag and by Tab / Shift-Tab, the progress on the parent, the question before completing a
parent with open subtasks, the checklist boxes, a blocked task leaving Today. See harness.py."""

import os
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from harness import DESKTOP, TODAY, frontmatter, set_dark, set_viewport, wait_for, write_task
from test_app import drag
from test_usability import PHONE, UsabilityCase, created

TRIP = "20261120-0800-plan-the-trip.md"
FLIGHTS = "20261120-0801-book-flights.md"
PACK = "20261120-0802-pack-bags.md"
PASSPORT = "20261120-0803-renew-passport.md"
VISA = "20261120-0804-apply-for-a-visa.md"
SHOP = "20261120-0805-shopping.md"
MONEY = "20261120-0806-exchange-money.md"


class StructureTest(UsabilityCase):
    @classmethod
    def write_fixtures(cls, vault):
        write_task(vault, TRIP, "Plan the trip", due=TODAY, area="Travel", created=created(0))
        write_task(vault, FLIGHTS, "Book flights", due=TODAY, area="Travel", created=created(1))
        write_task(vault, PACK, "Pack bags", due=TODAY, area="Travel", created=created(2))
        write_task(vault, PASSPORT, "Renew passport", due=TODAY, area="Travel", created=created(3))
        write_task(vault, VISA, "Apply for a visa", due=TODAY, area="Travel", created=created(4))
        write_task(vault, SHOP, "Shopping", created=created(5), body="- [ ] milk\n- [ ] eggs\n")
        write_task(vault, MONEY, "Exchange money", due=TODAY, area="Travel", created=created(6))

    def parent_of(self, task_id):
        return frontmatter(self.path(task_id)).get("parent")

    def row_center(self, title, fraction=0.5):
        return self.js("const li = [...document.querySelectorAll('#task-list li.task')].find(l => "
                       "l.querySelector('.task-title').textContent === arguments[0]);"
                       "li.scrollIntoView({block: 'center'});"
                       "const r = li.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height * arguments[1]];",
                       title, fraction)

    def start_point(self, title):
        return self.js("const li = [...document.querySelectorAll('#task-list li.task')].find(l => "
                       "l.querySelector('.task-title').textContent === arguments[0]);"
                       "const r = li.querySelector('.task-title').getBoundingClientRect();"
                       "return [r.left + Math.min(20, r.width / 2), r.top + r.height / 2];", title)

    def depth(self, title):
        return self.js("const li = [...document.querySelectorAll('#task-list li.task')].find(l => "
                       "l.querySelector('.task-title').textContent === arguments[0]); return li ? Number(li.dataset.depth) : -1;",
                       title)

    def test_1_nesting_by_drag_shows_progress_and_indents(self):
        self.open("#/view/area:Travel")
        start = self.start_point("Book flights")
        end = self.row_center("Plan the trip", 0.5)
        drag(self.driver, start, end)
        wait_for(lambda: self.parent_of(FLIGHTS) == TRIP, message="parent: the trip, in the file")
        wait_for(lambda: self.depth("Book flights") == 1, message="the subtask indented under its parent")
        titles = self.titles()
        self.assertEqual(titles.index("Book flights"), titles.index("Plan the trip") + 1)
        wait_for(lambda: "0/1" in self.row_text("Plan the trip"), message="the parent's progress")

    def test_2_tab_indents_and_shift_tab_outdents(self):
        self.open("#/view/area:Travel")
        # Tab on Pack bags: a subtask of the row above at its own depth (the trip).
        self.click_row("Pack bags")
        self.js("document.querySelector('#detail [aria-label=\"Close details\"]') && document.querySelector('#detail [aria-label=\"Close details\"]').click()")
        self.send_keys_to_row("Pack bags", Keys.TAB)
        wait_for(lambda: self.parent_of(PACK) is not None, message="Tab nests the task under the row above")
        self.assertIn(self.parent_of(PACK), (TRIP, FLIGHTS))
        wait_for(lambda: self.depth("Pack bags") >= 1, message="indented")
        before = self.parent_of(PACK)
        wait_for(lambda: self.js("const l = [...document.querySelectorAll('#task-list li.task')].find(x => x.dataset.id === arguments[0]);"
                                 "return !!l && l.dataset.depth === '1'", PACK), message="the row drawn again, nested")
        self.send_keys_to_row("Pack bags", Keys.SHIFT, Keys.TAB)
        wait_for(lambda: self.parent_of(PACK) != before, message="Shift-Tab moves it out one level")

    def test_3_completing_a_parent_asks_about_its_subtasks(self):
        # Passport becomes a subtask of the trip (as another program would write it).
        path = self.path(PASSPORT)
        with open(path) as fh:
            text = fh.read()
        with open(path, "w") as fh:
            fh.write(text.replace('status: "todo"\n', 'status: "todo"\nparent: "%s"\n' % TRIP))
        self.open("#/view/area:Travel")
        wait_for(lambda: self.depth("Renew passport") == 1, message="the passport under the trip")
        self.click_row("Plan the trip", ".check")
        wait_for(lambda: self.js("return !!document.querySelector('dialog[open]')"), message="the question")
        # textContent: the sheet may still be fading in (Selenium's .text is empty while it is).
        self.assertIn("open subtask", self.js("return document.querySelector('dialog[open]').textContent"))
        time.sleep(0.3)
        self.audit("the subtasks question")
        self.driver.find_element(By.XPATH, '//dialog[@open]//button[.="Not now"]').click()
        time.sleep(0.3)
        self.assertEqual(frontmatter(self.path(TRIP)).get("status"), "todo")
        self.click_row("Plan the trip", ".check")
        wait_for(lambda: self.js("return !!document.querySelector('dialog[open]')"), message="the question again")
        self.driver.find_element(By.XPATH, '//dialog[@open]//button[.="Complete all"]').click()
        wait_for(lambda: frontmatter(self.path(PASSPORT)).get("status") == "done", message="the subtask done too")
        wait_for(lambda: frontmatter(self.path(TRIP)).get("status") == "done", message="the parent done")

    def test_4_checklist_boxes_toggle_one_character(self):
        self.open("#/view/inbox")
        self.click_row("Shopping")
        wait_for(lambda: self.js("return document.querySelectorAll('#detail .d-checklist input').length") == 2,
                 message="the checklist in the editor")
        before = self.read_bytes(SHOP)
        self.driver.find_elements(By.CSS_SELECTOR, "#detail .d-checklist input")[1].click()
        wait_for(lambda: b"- [x] eggs" in self.read_bytes(SHOP), message="item 2 checked in the file")
        after = self.read_bytes(SHOP)
        strip = lambda b: b"\n".join(l for l in b.split(b"\n") if not l.startswith(b"modified:"))
        self.assertEqual(sum(1 for x, y in zip(strip(before), strip(after)) if x != y), 1)
        wait_for(lambda: "1/2" in self.row_text("Shopping"), message="the checklist count on the row")
        for dark in (False, True):
            set_dark(self.driver, dark)
            time.sleep(0.2)
            self.audit("the editor with a checklist (%s)" % ("dark" if dark else "light"))
        set_dark(self.driver, False)

    def test_5_a_blocked_task_leaves_today_until_its_blocker_is_done(self):
        path = self.path(VISA)
        with open(path) as fh:
            text = fh.read()
        with open(path, "w") as fh:
            fh.write(text.replace('status: "todo"\n', 'status: "todo"\nblocked_by:\n  - "%s"\n' % MONEY))
        self.open("#/view/today")
        wait_for(lambda: "Apply for a visa" not in self.titles(), message="the blocked task out of Today")
        self.open("#/view/area:Travel")
        wait_for(lambda: "Blocked" in self.row_text("Apply for a visa"), message="the row marked blocked")
        for size in (PHONE, DESKTOP):
            set_viewport(self.driver, *size)
            time.sleep(0.2)
            self.audit("a list with subtasks and a blocked task at %dpx" % size[0])
        set_viewport(self.driver, *DESKTOP)
        self.click_row("Exchange money", ".check")
        wait_for(lambda: frontmatter(self.path(MONEY)).get("status") == "done", message="the blocker done")
        self.open("#/view/today")
        wait_for(lambda: "Apply for a visa" in self.titles(), message="the task back in Today")

    def test_6_folding_hides_the_children_and_is_remembered(self):
        write_task(self.vault, "20261120-0810-fold-parent.md", "Fold parent", area="Folding", created=created(10))
        path = write_task(self.vault, "20261120-0811-fold-child.md", "Fold child", area="Folding", created=created(11))
        with open(self.path(path)) as fh:
            text = fh.read()
        with open(self.path(path), "w") as fh:
            fh.write(text.replace('status: "todo"\n', 'status: "todo"\nparent: "20261120-0810-fold-parent.md"\n'))
        self.open("#/view/area:Folding")
        wait_for(lambda: self.titles() == ["Fold parent", "Fold child"], message="parent and child listed")
        # The list may be drawn again by a live update at any moment: find the button afresh each time.
        disclose = ("const li = [...document.querySelectorAll('#task-list li.task')].find(l => "
                    "l.querySelector('.task-title').textContent === 'Fold parent');"
                    "return li && li.querySelector('.disclose')")
        # The attribute is read in the same script that finds the button, so a redraw between the
        # two cannot leave a stale reference.
        expanded = disclose.replace("return li && li.querySelector('.disclose')",
                                    "const b = li && li.querySelector('.disclose'); return b && b.getAttribute('aria-expanded')")
        wait_for(lambda: self.js(expanded) == "true", message="the disclosure button, expanded")
        wait_for(lambda: self.js(disclose.replace("return li && li.querySelector('.disclose')",
                                                  "const b = li && li.querySelector('.disclose'); if (b) b.click(); return !!b")),
                 message="the disclosure button")
        wait_for(lambda: self.titles() == ["Fold parent"], message="the child folded away")
        wait_for(lambda: self.js(expanded) == "false", message="the disclosure button, folded")
        self.driver.refresh()
        self.wait_listed()
        wait_for(lambda: self.titles() == ["Fold parent"], message="still folded after a reload")
        wait_for(lambda: self.js(disclose.replace("return li && li.querySelector('.disclose')",
                                                  "const b = li && li.querySelector('.disclose'); if (b) b.click(); return !!b")),
                 message="the disclosure button again")
        wait_for(lambda: self.titles() == ["Fold parent", "Fold child"], message="unfolded again")
