"""Browser tests of time tracking in the web app (§27, issue 19): a timer started from a row is
stopped from the row and its entry is in the file; the editor's Time section starts and stops it;
a Pomodoro's work period, when it ends, is recorded as an entry and says so in a toast; the page
has no serious accessibility violation on a phone and a desktop, light and dark.

The server's clock is fixed (09:00 on 2026-11-21, Europe/Berlin). The page's clock is the
server's now moved on by Date.now(); the tests move it on by replacing Date.now (the fake clock
below), so a 25-minute work period ends at once. See harness.py."""

import json
import os
import re
import subprocess
import tempfile

from selenium.webdriver.common.by import By

from harness import DESKTOP, NOW, frontmatter, set_dark, set_viewport, todomd_bin, wait_for, write_task
from test_usability import PHONE, UsabilityCase, created

REPORT = "20261120-0810-write-report.md"
MAIL = "20261120-0811-answer-mail.md"
READ = "20261120-0812-read-paper.md"

# Date.now moved on by a number of minutes the test sets (window.__skewMinutes).
FAKE_CLOCK = ("if (!window.__realNow) { window.__realNow = Date.now.bind(Date); window.__skewMinutes = 0;"
              "  Date.now = () => window.__realNow() + window.__skewMinutes * 60000; }")


class TimerTest(UsabilityCase):
    @classmethod
    def write_fixtures(cls, vault):
        write_task(vault, REPORT, "Write report", scheduled="2026-11-21", project="Q4", estimated_minutes=60,
                   created=created(0))
        write_task(vault, MAIL, "Answer mail", scheduled="2026-11-21", created=created(1))
        write_task(vault, READ, "Read paper", scheduled="2026-11-21", project="Research", created=created(2))

    def entries(self, task_id):
        v = frontmatter(self.path(task_id)).get("time_entries")
        return v if isinstance(v, list) else []

    def timer_button(self, title):
        return self.row(title).find_element(By.CSS_SELECTOR, ".timer-btn")

    def click_timer(self, title):
        def attempt():
            b = self.timer_button(title)
            self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", b)
            self.driver.execute_script("arguments[0].focus()", b)
            b.click()
            return True
        wait_for(attempt, message="a click on the timer of %s" % title)

    def test_1_start_and_stop_from_a_row(self):
        self.open("#/view/today")
        self.assertEqual(self.timer_button("Write report").get_attribute("aria-label"), "Start timer on Write report")
        self.click_timer("Write report")
        wait_for(lambda: self.entries(REPORT) == ['{start: "2026-11-21T08:00:00Z", end: null}'],
                 message="the running entry in the file")
        wait_for(lambda: self.timer_button("Write report").get_attribute("aria-pressed") == "true",
                 message="the row's timer running")
        self.assertEqual(self.timer_button("Write report").get_attribute("aria-label"), "Stop timer on Write report")
        # The elapsed time runs on the page's clock.
        self.js(FAKE_CLOCK + "window.__skewMinutes = 12;")
        wait_for(lambda: re.match(r"^12:\d\d$", self.timer_button("Write report").text or ""),
                 message="12 minutes on the row")
        # Starting another row's timer stops this one (one timer per vault).
        self.click_timer("Answer mail")
        wait_for(lambda: self.entries(MAIL) == ['{start: "2026-11-21T08:00:00Z", end: null}'], message="mail running")
        wait_for(lambda: self.entries(REPORT) == ['{start: "2026-11-21T08:00:00Z", end: "2026-11-21T08:00:00Z"}'],
                 message="the report's timer stopped")
        wait_for(lambda: self.timer_button("Answer mail").get_attribute("aria-pressed") == "true", message="mail's row")
        self.click_timer("Answer mail")
        wait_for(lambda: self.entries(MAIL) == ['{start: "2026-11-21T08:00:00Z", end: "2026-11-21T08:00:00Z"}'],
                 message="the entry closed in the file")
        wait_for(lambda: self.timer_button("Answer mail").get_attribute("aria-pressed") == "false", message="stopped")
        self.js("window.__skewMinutes = 0;")

    def test_2_the_editor_and_a_pomodoro(self):
        self.open("#/view/today")
        self.js(FAKE_CLOCK + "window.__skewMinutes = 0;")
        self.click_title("Read paper")
        wait_for(self.detail_open, message="the editor")
        section = wait_for(lambda: self.driver.find_element(By.CSS_SELECTOR, ".d-timer"), message="the Time section")
        self.assertIn("No time tracked yet.", section.text)
        self.click(".d-pomodoro-toggle")
        wait_for(lambda: "Work:" in self.driver.find_element(By.CSS_SELECTOR, ".d-timer-pomo").text,
                 message="the work period counting down")
        wait_for(lambda: re.match(r"^2[45]:\d\d$", self.timer_button("Read paper").text or ""), message="the row's countdown")
        self.assertEqual(self.timer_button("Read paper").get_attribute("aria-label"), "Pomodoro work period on Read paper")
        # 25 minutes later (and a second) the work period is over: an entry, a toast, the break.
        self.js("window.__skewMinutes = 25.05;")
        wait_for(lambda: len(self.entries(READ)) == 1, timeout=8, message="the work period in the file")
        entry = self.entries(READ)[0]
        m = re.match(r'^\{start: "2026-11-21T08:00:(\d\d)Z", end: "2026-11-21T08:25:(\d\d)Z", note: "Pomodoro"\}$', entry)
        self.assertTrue(m, entry)
        self.assertEqual(m.group(1), m.group(2))
        wait_for(lambda: any("Pomodoro done: Read paper. Take a 5-minute break." in t.text
                             for t in self.driver.find_elements(By.CSS_SELECTOR, "#toasts .toast")),
                 message="the toast")
        wait_for(lambda: "Break:" in self.driver.find_element(By.CSS_SELECTOR, ".d-timer-pomo").text, message="the break")
        wait_for(lambda: "Tracked 25m" in self.driver.find_element(By.CSS_SELECTOR, ".d-timer-total").text,
                 message="the total in the editor")
        self.js("window.__skewMinutes = 30.1;")
        wait_for(lambda: any("Break over" in t.text for t in self.driver.find_elements(By.CSS_SELECTOR, "#toasts .toast")),
                 message="the break's toast")
        wait_for(lambda: self.driver.find_element(By.CSS_SELECTOR, ".d-timer-pomo").get_attribute("hidden") is not None,
                 message="the Pomodoro over")
        self.assertEqual(len(self.entries(READ)), 1)
        # The session is in the command line's report by project (issue 19's "done when").
        with tempfile.TemporaryDirectory() as cache:
            env = dict(os.environ, TODOMD_NOW=NOW, TZ="Europe/Berlin", XDG_CACHE_HOME=cache, NO_COLOR="1")
            out = subprocess.run([todomd_bin(), "--vault", self.vault, "time", "--by", "project", "--json"],
                                 env=env, capture_output=True, text=True, check=True).stdout
        self.assertIn({"key": "Research", "minutes": 25}, json.loads(out)["rows"])
        # The editor's timer button writes the running entry too.
        self.click(".d-timer-toggle")
        wait_for(lambda: len(self.entries(READ)) == 2 and self.entries(READ)[1].endswith("end: null}"),
                 message="the editor's timer in the file")
        self.click(".d-timer-toggle")
        wait_for(lambda: not self.entries(READ)[1].endswith("end: null}"), message="stopped from the editor")
        self.js("window.__skewMinutes = 0;")

    def click_title(self, title):
        def attempt():
            self.click_row(title)
            return True
        wait_for(attempt, message="a click on %s" % title)

    def test_3_phone_and_desktop_light_and_dark(self):
        for size, dark in ((PHONE, False), (PHONE, True), (DESKTOP, False), (DESKTOP, True)):
            set_viewport(self.driver, *size)
            set_dark(self.driver, dark)
            self.open("#/view/today")
            self.click_timer("Write report")
            wait_for(lambda: self.timer_button("Write report").get_attribute("aria-pressed") == "true",
                     message="the timer running")
            where = "%s, %s" % ("phone" if size == PHONE else "desktop", "dark" if dark else "light")
            self.audit("a running timer on a row (%s)" % where)
            self.driver.save_screenshot("/tmp/timer-list-%s.png" % where.replace(", ", "-"))
            self.click_title("Write report")
            wait_for(self.detail_open, message="the editor")
            wait_for(lambda: self.driver.find_element(By.CSS_SELECTOR, ".d-timer"), message="the Time section")
            # The sheet slides in on a phone: colours are measured once it has.
            wait_for(lambda: self.js("return document.getAnimations().every(a => a.playState !== 'running')"),
                     message="the editor's animations to end")
            self.audit("a running timer and the editor's Time section (%s)" % where)
            self.driver.save_screenshot("/tmp/timer-%s.png" % where.replace(", ", "-"))
            self.js("document.querySelector('.d-timer-toggle').scrollIntoView({block: 'center'})")
            self.driver.save_screenshot("/tmp/timer-editor-%s.png" % where.replace(", ", "-"))
            self.click(".d-timer-toggle")
            wait_for(lambda: not any(e.endswith("end: null}") for e in self.entries(REPORT)), message="stopped")
            # The row has heard of it too before the next round starts the timer again.
            wait_for(lambda: self.timer_button("Write report").get_attribute("aria-pressed") == "false",
                     message="the row's timer stopped")
            self.click('button[aria-label="Close details"]')

    def test_4_the_timer_bar_shows_a_timer_started_elsewhere_on_every_screen(self):
        for size in (DESKTOP, PHONE):
            set_viewport(self.driver, *size)
            # The notes screen, waited for itself as the notes tests do: the task list it takes
            # the place of keeps whatever state it had, a refresh in flight (after the last
            # test's timer stopped) leaving it busy for good.
            self.open("#/notes", wait_list=False)
            wait_for(lambda: self.driver.find_element(By.ID, "notes-view").is_displayed(), message="the notes screen")
            self.assertEqual(self.driver.find_elements(By.ID, "timer-bar"), [])
            # Started by another program (the command line): the page hears of it and shows it.
            with tempfile.TemporaryDirectory() as cache:
                env = dict(os.environ, TODOMD_NOW=NOW, TZ="Europe/Berlin", XDG_CACHE_HOME=cache, NO_COLOR="1")
                subprocess.run([todomd_bin(), "--vault", self.vault, "start", "Answer mail"],
                               env=env, capture_output=True, text=True, check=True)
            bar = wait_for(lambda: self.driver.find_element(By.ID, "timer-bar"), timeout=8, message="the timer bar")
            self.assertEqual(bar.find_element(By.CSS_SELECTOR, ".timer-bar-task").text, "Answer mail")
            self.assertRegex(bar.find_element(By.CSS_SELECTOR, ".timer-bar-clock").text, r"^\d\d:\d\d$")
            floating = "floating" in bar.get_attribute("class")
            self.assertEqual(floating, size == PHONE, "beside the sidebar's foot on a wide screen, floating on a phone")
            self.audit("the timer bar (%s)" % ("phone" if size == PHONE else "desktop"))
            # Its title opens the task; its Stop stops the timer, and the bar goes.
            bar.find_element(By.CSS_SELECTOR, ".timer-bar-task").click()
            wait_for(self.detail_open, message="the task opened from the bar")
            self.click('button[aria-label="Close details"]')
            self.click('#timer-bar button[aria-label="Stop timer on Answer mail"]')
            wait_for(lambda: self.entries(MAIL) and not self.entries(MAIL)[-1].endswith("end: null}"),
                     message="the timer stopped in the file")
            wait_for(lambda: not self.driver.find_elements(By.ID, "timer-bar"), message="the bar gone")
