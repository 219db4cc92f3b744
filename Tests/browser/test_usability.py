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

from harness import DESKTOP, TODAY, BrowserTestCase, frontmatter, set_dark, set_viewport, task_files, wait_for, write_task

try:  # selenium-axe-python
    from selenium_axe_python import Axe
except ImportError:  # the older axe-selenium-python, same API
    from axe_selenium_python import Axe

PHONE = (390, 844)


def created(minute):
    return "2026-11-20T08:%02d:00Z" % minute


class UsabilityCase(BrowserTestCase):
    """Shared helpers."""

    def tearDown(self):
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

    def audit(self, where):
        """axe-core on the page as it is: no serious or critical violations."""
        axe = Axe(self.driver)
        axe.inject()
        result = axe.run()
        self.assertTrue(result["passes"], "axe checked nothing")
        violations = result["violations"]
        if violations:
            print("\n--- axe, %s ---\n%s" % (where, Axe.report(violations)))
        bad = [v["id"] for v in violations if v.get("impact") in ("serious", "critical")]
        self.assertEqual(bad, [], "serious or critical accessibility violations at %s" % where)


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
        self.driver.find_element(By.CSS_SELECTOR, 'button[aria-label="Menu"]').click()
        wait_for(self.nav_open, message="the drawer to open")
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
        self.assertEqual(set(task_files(self.vault)), before, "a task was created")

    def test_back_closes_the_open_task(self):
        set_viewport(self.driver, *PHONE)
        self.open("#/view/inbox")
        self.open("#/view/today")
        self.row("Water the plants").find_element(By.CSS_SELECTOR, ".task-title").click()
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
        self.row("Call the dentist").find_element(By.CSS_SELECTOR, ".task-title").click()
        wait_for(lambda: "task=20261120-0800" in self.hash(), message="the first task's URL")
        set_viewport(self.driver, *DESKTOP)  # side by side: the list stays clickable
        time.sleep(0.3)
        self.row("Water the plants").find_element(By.CSS_SELECTOR, ".task-title").click()
        wait_for(lambda: "task=20261120-0801" in self.hash(), message="the second task's URL")
        wait_for(lambda: self.driver.find_element(By.CSS_SELECTOR, '#detail [name="title"]').get_attribute("value")
                 == "Water the plants", message="the second task's details")
        self.driver.back()
        wait_for(lambda: not self.detail_open(), message="Back to close the details")
        self.assertEqual(self.hash(), "#/view/today")


if __name__ == "__main__":
    import unittest
    unittest.main()
