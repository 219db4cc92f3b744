"""Browser tests of what is done to one task from the list: the keyboard shortcuts Things and
Todoist have (f flags, p sets the priority, m moves, Delete deletes, asking first, with Undo), and
a timed task dragged to another day's group keeping its time. See harness.py."""

import os

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import test_usability
from harness import TODAY, frontmatter, wait_for, write_task
from test_app import drag
from test_usability import UsabilityCase


class ListKeysTest(UsabilityCase):
    @classmethod
    def write_fixtures(cls, vault):
        write_task(vault, "20261120-0800-water-the-plants.md", "Water the plants", created="2026-11-20T08:00:00Z")
        write_task(vault, "20261120-0801-plan-the-party.md", "Plan the party", area="Home",
                   created="2026-11-20T08:01:00Z")
        write_task(vault, "20261120-0802-buy-balloons.md", "Buy balloons", parent="20261120-0801-plan-the-party.md",
                   created="2026-11-20T08:02:00Z")
        write_task(vault, "20261120-0803-see-the-dentist.md", "See the dentist", due="2026-11-22T14:30",
                   created="2026-11-20T08:03:00Z")
        write_task(vault, "20261120-0804-send-the-report.md", "Send the report", due=TODAY,
                   created="2026-11-20T08:04:00Z")

    # The Date layout's groups, as the layout test reads them.
    group_by = test_usability.GroupsAndLayoutTest.group_by
    groups = test_usability.GroupsAndLayoutTest.groups

    def focus_row(self, title):
        """Puts the list's cursor (and the focus) on the row titled `title`, once it is drawn (the
        list of the page before may still be on screen when the new route's rows are asked for)."""
        wait_for(lambda: self.js("const li = [...document.querySelectorAll('#task-list li.task')]"
                                 ".find(l => l.querySelector('.task-title').textContent === arguments[0]);"
                                 "if (!li) return null; li.querySelector('.task-title').focus(); return true;", title),
                 message="the row %s" % title)
        wait_for(lambda: self.js("const li = document.querySelector('#task-list li.task.selected');"
                                 "return li && li.querySelector('.task-title').textContent") == title or None,
                 message="the cursor on %s" % title)

    def press(self, key):
        ActionChains(self.driver).send_keys(key).perform()

    def choose(self, label):
        """Clicks the choice `label` of the open sheet."""
        wait_for(lambda: [b for b in self.driver.find_elements(By.CSS_SELECTOR, "dialog[open] .choice")
                          if b.text.split("\n")[0] == label] or None, message="the choice %s" % label)[0].click()

    def fm(self, name):
        return frontmatter(os.path.join(self.vault, name))

    def toast_with(self, text):
        return wait_for(lambda: next((t for t in self.driver.find_elements(By.CSS_SELECTOR, "#toasts .toast")
                                      if text in t.text), None), message="the toast “%s”" % text)

    def test_f_p_and_m_change_the_task_under_the_cursor(self):
        plants = "20261120-0800-water-the-plants.md"
        self.open("#/view/anytime")
        self.focus_row("Water the plants")
        # f flags, with Undo; f again unflags.
        self.press("f")
        wait_for(lambda: self.fm(plants).get("flagged") == "true" or None, message="flagged")
        self.toast_with("Flagged “Water the plants”.").find_element(By.CSS_SELECTOR, ".toast-action").click()
        wait_for(lambda: self.fm(plants).get("flagged") == "false" or None, message="unflagged by Undo")
        # p asks for the priority.
        self.focus_row("Water the plants")
        self.press("p")
        self.choose("High")
        wait_for(lambda: self.fm(plants).get("priority") == "high" or None, message="high priority")
        # m asks where to.
        self.focus_row("Water the plants")
        self.press("m")
        self.choose("Home")
        wait_for(lambda: self.fm(plants).get("area") == "Home" or None, message="moved to Home")
        # The shortcuts sheet lists them.
        self.press("?")
        wait_for(lambda: self.driver.find_element(By.CSS_SELECTOR, "dialog.keys-sheet"), message="the shortcuts")
        listed = self.js("return [...document.querySelectorAll('dialog.keys-sheet dt')]"
                         ".map(dt => dt.textContent + ': ' + dt.nextElementSibling.textContent)")
        for line in ("f: Flag or unflag selected task", "p: Set the priority of selected task",
                     "m: Move selected task to an area or project", "Delete: Delete selected task"):
            self.assertIn(line, listed)
        self.driver.find_element(By.CSS_SELECTOR, "dialog.keys-sheet").send_keys(Keys.ESCAPE)

    def test_delete_asks_and_a_parent_asks_about_its_subtasks(self):
        self.open("#/view/anytime")
        self.focus_row("Plan the party")
        self.press(Keys.DELETE)
        # A parent with an open subtask: the question of §23, not a plain "Delete?".
        sheet = wait_for(lambda: self.driver.find_element(By.CSS_SELECTOR, "dialog[open]"), message="the question")
        self.assertIn("It has one open subtask.", self.js("return arguments[0].textContent", sheet))
        self.assertEqual([b.text for b in sheet.find_elements(By.CSS_SELECTOR, "footer button")],
                         ["Not now", "Keep subtasks", "Delete all"])
        sheet.send_keys(Keys.ESCAPE)
        wait_for(lambda: not self.driver.find_elements(By.CSS_SELECTOR, "dialog[open]") or None, message="closed")
        self.assertTrue(os.path.exists(os.path.join(self.vault, "20261120-0801-plan-the-party.md")))
        # A task on its own: asked, then to the Trash, with Undo.
        self.focus_row("Water the plants")
        self.press(Keys.BACKSPACE)
        wait_for(lambda: [b for b in self.driver.find_elements(By.CSS_SELECTOR, "dialog[open] .btn-danger")] or None,
                 message="the confirmation")[0].click()
        wait_for(lambda: os.path.exists(os.path.join(self.vault, ".trash", "20261120-0800-water-the-plants.md")) or None,
                 message="the file in the trash")
        self.toast_with("Deleted 1 task.").find_element(By.CSS_SELECTOR, ".toast-action").click()
        wait_for(lambda: os.path.exists(os.path.join(self.vault, "20261120-0800-water-the-plants.md")) or None,
                 message="the file back")

    def test_a_timed_task_dragged_to_another_day_keeps_its_time(self):
        """In the Date layout, dropping "See the dentist" (tomorrow 14:30) on Today (whose other
        task is due on a date alone) moves the day and keeps 14:30; before, it took the other
        task's due whole, time and all (or none)."""
        dentist = "20261120-0803-see-the-dentist.md"
        self.open("#/view/anytime")
        self.group_by("Date")
        self.assertEqual([g[1] for g in self.groups()], ["Today", "Tomorrow", "No Due Date"])
        # Onto the top edge of Today's row (its middle would make a subtask of it, §23).
        end = self.js("const li = [...document.querySelectorAll('#task-list li.task')].find(l => "
                      "l.querySelector('.task-title').textContent === 'Send the report');"
                      "const r = li.getBoundingClientRect(); return [r.left + 40, r.top + 3];")
        start = self.js("const li = [...document.querySelectorAll('#task-list li.task')].find(l => "
                        "l.querySelector('.task-title').textContent === 'See the dentist');"
                        "const r = li.querySelector('.task-title').getBoundingClientRect();"
                        "return [r.left + Math.min(20, r.width / 2), r.top + r.height / 2];")
        drag(self.driver, start, end)
        wait_for(lambda: self.fm(dentist).get("due") == TODAY + "T14:30" or None,
                 message="due today at 14:30 in the file, not %r" % self.fm(dentist).get("due"))
        self.group_by("List")

    def test_in_select_mode_the_keys_act_on_every_picked_task(self):
        """Select mode: p and m change every picked task, as the bar's buttons do."""
        plants, party = "20261120-0800-water-the-plants.md", "20261120-0801-plan-the-party.md"
        self.open("#/view/anytime")
        self.select_tasks("Water the plants", "Plan the party")
        self.press("p")
        self.choose("Low")
        wait_for(lambda: [self.fm(n).get("priority") for n in (plants, party)] == ["low", "low"] or None,
                 message="both low")
        wait_for(lambda: self.toast_with("Updated 2 tasks."), message="the toast")
        self.click('button[aria-label="Select tasks"][aria-pressed="true"]')
