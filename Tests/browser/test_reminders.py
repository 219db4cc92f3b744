"""Browser tests of reminders in the web app (§24, issue 16): a reminder's toast offers Done,
Snooze 1 hr, Snooze until tomorrow and Stop nagging, and each answer reaches the file through the
server; the editor's Reminders row and Nag toggle write `reminders`, `nag` and `nag_interval`.

The toast is raised as the event stream's handler raises it (the server sends its reminders at its
minute tick, before a test's page could listen, and the clock is fixed). See harness.py."""

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from harness import TODAY, frontmatter, wait_for, write_task
from test_usability import UsabilityCase, created

CALL = "20261120-0810-call-mom.md"
RENT = "20261120-0811-pay-rent.md"
PLANTS = "20261120-0812-water-plants.md"
BILLS = "20261120-0813-file-bills.md"

ACTIONS = [{"action": "done", "label": "Done"}, {"action": "snooze", "label": "Snooze 1 hr"},
           {"action": "tomorrow", "label": "Snooze until tomorrow"}, {"action": "stop", "label": "Stop nagging"}]


class RemindersTest(UsabilityCase):
    @classmethod
    def write_fixtures(cls, vault):
        for name, title, minute in ((CALL, "Call mom", 0), (RENT, "Pay rent", 1), (PLANTS, "Water the plants", 2),
                                    (BILLS, "File the bills", 3)):
            write_task(vault, name, title, due=TODAY + "T15:00", created=created(minute), nag=True)

    def raise_reminder(self, task_id, message):
        """Shows the toast the `reminder` event does, through the event's own handler: the message
        and the actions it carries (their code loads with the first reminder)."""
        # The app's own module (under the page's versioned path), not a second copy of it.
        self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "import(new URL('live.js', document.querySelector('script[type=module]').src).href).then((live) => {"
            "  live.showReminder({id: arguments[0], message: arguments[1], actions: arguments[2]});"
            "  done(); });", task_id, message, ACTIONS)

    def toast(self, message):
        """The toast showing message."""
        found = []
        wait_for(lambda: found.extend(t for t in self.driver.find_elements(By.CSS_SELECTOR, "#toasts .toast")
                                      if t.find_element(By.CSS_SELECTOR, ".toast-text").text == message) or found,
                 message="the toast %r" % message)
        return found[0]

    def test_1_each_toast_answer_reaches_the_file(self):
        self.open("#/view/today")
        cases = [
            (CALL, "Snooze 1 hr", "snoozed_until", TODAY + "T10:00"),
            (RENT, "Snooze until tomorrow", "snoozed_until", "2026-11-22T09:00"),
            (PLANTS, "Stop nagging", "nag", "false"),
            (BILLS, "Done", "status", "done"),
        ]
        for task_id, label, key, value in cases:
            self.raise_reminder(task_id, "Due today at 15:00: " + task_id)
            toast = self.toast("Due today at 15:00: " + task_id)
            self.assertEqual([b.text for b in toast.find_elements(By.CSS_SELECTOR, ".toast-action")], [a["label"] for a in ACTIONS])
            [b for b in toast.find_elements(By.CSS_SELECTOR, ".toast-action") if b.text == label][0].click()
            wait_for(lambda: frontmatter(self.path(task_id)).get(key) == value, message="%s to write %s" % (label, key))
        # What the answer did is said in a toast of its own.
        wait_for(lambda: any("Done: File the bills" in t.text
                             for t in self.driver.find_elements(By.CSS_SELECTOR, "#toasts .toast")),
                 message="the Done toast")

    def test_2_the_editor_writes_reminders_and_nagging(self):
        self.open("#/view/today")
        # The list may still redraw after test 1's changes: click the row as it is when clicked.
        def open_call():
            try:
                self.click_row("Call mom")
            except StaleElementReferenceException:
                return False
            return self.detail_open()
        wait_for(open_call, message="the editor to open")
        Select(self.driver.find_element(By.ID, "d-remind")).select_by_value("-PT15M")
        wait_for(lambda: frontmatter(self.path(CALL)).get("reminders") == ["-PT15M"], message="the reminder to be written")
        wait_for(lambda: "15 min before due" in self.driver.find_element(By.CSS_SELECTOR, ".d-reminders").text,
                 message="the reminder chip")
        def add_custom():
            Select(self.driver.find_element(By.ID, "d-remind")).select_by_value("custom")
            custom = self.driver.find_element(By.ID, "d-remind-custom")
            if not custom.is_displayed():
                return False
            custom.send_keys("-1d\n")
            return True
        wait_for(add_custom, message="the custom reminder field")
        wait_for(lambda: frontmatter(self.path(CALL)).get("reminders") == ["-PT15M", "-P1D"], message="the custom reminder")
        # Nag: already on from the file; its interval, then off.
        self.assertTrue(self.driver.find_element(By.ID, "d-nag").is_selected())
        def set_interval():
            every = self.driver.find_element(By.ID, "d-nag-interval")
            every.clear()
            every.send_keys("10\t")
            return True
        wait_for(set_interval, message="the interval field")
        wait_for(lambda: frontmatter(self.path(CALL)).get("nag_interval") == "10", message="the interval to be written")
        self.driver.execute_script("document.getElementById('d-nag').click()")
        wait_for(lambda: frontmatter(self.path(CALL)).get("nag") == "false", message="nagging to stop")
        # A chip's × removes that reminder.
        self.click('.d-reminders button[data-index="0"]', "the first reminder's remove button")
        wait_for(lambda: frontmatter(self.path(CALL)).get("reminders") == ["-P1D"], message="the reminder to be removed")
