"""Browser tests of times of day in the web app (§24, issue 16): quick entry keeps the time,
rows show it ("Tomorrow, 3 PM"), a timed due is overdue once its minute has passed (the server's
clock is fixed at 09:00 on 2026-11-21), and the editor's time field beside each date writes
`YYYY-MM-DDTHH:MM` to the file. See harness.py."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from harness import DESKTOP, TODAY, frontmatter, set_dark, set_viewport, task_files, wait_for, write_task
from test_usability import PHONE, UsabilityCase, created

EARLY = "20261120-0800-standup.md"
LATE = "20261120-0801-call-the-bank.md"
ALLDAY = "20261120-0802-water-the-plants.md"


class TimesTest(UsabilityCase):
    @classmethod
    def write_fixtures(cls, vault):
        write_task(vault, EARLY, "Standup", due=TODAY + "T08:30", created=created(0))
        write_task(vault, LATE, "Call the bank", due=TODAY + "T16:00", created=created(1))
        write_task(vault, ALLDAY, "Water the plants", due=TODAY, created=created(2))

    def click_title(self, title):
        """Clicks a row's title; False when the list was drawn again under the click."""
        try:
            self.click_row(title)
            return True
        except Exception:  # a stale row: the list was redrawn
            return False

    def test_1_rows_show_times_and_a_passed_time_is_overdue(self):
        self.open("#/view/today")
        wait_for(lambda: "Today, 8:30 AM" in self.row_text("Standup"), message="the time on the row")
        self.assertTrue(self.row_has("Standup", ".chip.overdue"), "08:30 has passed at 09:00: overdue")
        self.assertIn("Today, 4 PM", self.row_text("Call the bank"))
        self.assertFalse(self.row_has("Call the bank", ".chip.overdue"), "16:00 is still ahead")
        self.assertFalse(self.row_has("Water the plants", ".chip.overdue"))

    def test_2_quick_entry_keeps_the_time(self):
        self.open("#/view/today")
        before = set(task_files(self.vault))
        ActionChains(self.driver).send_keys("n").perform()
        box = self.driver.switch_to.active_element
        box.send_keys("Call mom tomorrow 3pm")
        preview = self.driver.find_element(By.ID, "quick-preview")
        wait_for(lambda: "due Sun 22 Nov 15:00" in preview.text, message="the preview shows the time")
        box.send_keys(Keys.ENTER)
        new = wait_for(lambda: set(task_files(self.vault)) - before, message="a new task file")
        fm = frontmatter(self.path(new.pop()))
        self.assertEqual(fm["title"], "Call mom")
        self.assertEqual(fm["due"], "2026-11-22T15:00")

    def test_3_the_time_field_beside_the_date_writes_the_file(self):
        self.open("#/view/today")
        self.click_row("Water the plants")
        wait_for(self.detail_open, message="the editor")
        time_field = self.driver.find_element(By.ID, "d-due-time")
        self.assertEqual(time_field.get_attribute("value"), "")
        self.assertEqual(self.driver.find_element(By.ID, "d-due").get_attribute("value"), TODAY)
        self.js("const t = document.getElementById('d-due-time'); t.value = '17:45';"
                "t.dispatchEvent(new Event('change', {bubbles: true}));")
        wait_for(lambda: frontmatter(self.path(ALLDAY)).get("due") == TODAY + "T17:45", message="the time in the file")
        wait_for(lambda: "5:45 PM" in self.row_text("Water the plants"), message="the row shows the new time")
        # A phrase with a time in the date box sets both.
        box = self.driver.find_element(By.ID, "d-due")
        box.clear()
        box.send_keys("tomorrow 9am", Keys.ENTER)
        wait_for(lambda: frontmatter(self.path(ALLDAY)).get("due") == "2026-11-22T09:00", message="date and time from a phrase")
        wait_for(lambda: time_field.get_attribute("value") == "09:00", message="the time field follows")
        # Clearing the time makes it a whole-day task again.
        self.js("const t = document.getElementById('d-due-time'); t.value = '';"
                "t.dispatchEvent(new Event('change', {bubbles: true}));")
        wait_for(lambda: frontmatter(self.path(ALLDAY)).get("due") == "2026-11-22", message="the time cleared")

    def test_4_phone_and_dark_have_no_serious_violation(self):
        for size, dark in ((PHONE, False), (DESKTOP, True)):
            set_viewport(self.driver, *size)
            set_dark(self.driver, dark)
            self.open("#/view/today")
            wait_for(lambda: self.click_title("Call the bank"), message="a click on the row")
            wait_for(self.detail_open, message="the editor")
            self.audit("the editor with time fields (%s, %s)" % ("phone" if size == PHONE else "desktop", "dark" if dark else "light"))
            self.driver.save_screenshot("/tmp/times-%s-%s.png" % ("phone" if size == PHONE else "desktop", "dark" if dark else "light"))
