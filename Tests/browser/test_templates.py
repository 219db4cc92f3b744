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
        with open(os.path.join(vault, ".templates", "visit.md"), "w", encoding="utf-8") as f:
            f.write('---\ntitle: "Visit {{title}}"\n---\nNotes for {{title}}.\n')

    def test_a_project_template_makes_a_parent_with_its_subtask(self):
        self.open("#/view/inbox")
        before = set(task_files(self.vault))
        self.driver.find_element(By.CSS_SELECTOR, ".quick-template").click()
        text = wait_for(lambda: self.driver.find_element(By.ID, "template-text"), message="the template sheet")
        labels = self.js("return [...document.querySelectorAll('.template-choice')].map(l => l.textContent)")
        self.assertEqual(labels, ["Plan the tripproject · 2 tasks", "Visit titletask"])
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

    def test_a_template_titled_with_title_asks_for_the_words(self):
        self.open("#/view/inbox")
        before = set(task_files(self.vault))
        self.driver.find_element(By.CSS_SELECTOR, ".quick-template").click()
        text = wait_for(lambda: self.driver.find_element(By.ID, "template-text"), message="the template sheet")
        self.assertEqual(self.js("return document.querySelector('.template-choice:nth-child(2) .template-slot').textContent"), "title")
        self.driver.find_element(By.CSS_SELECTOR, ".template-choice:nth-child(2) input").click()
        self.assertIn("needed", text.get_attribute("placeholder"))
        # Create without the words: the sheet says what it needs, and nothing is written.
        self.driver.find_element(By.XPATH, "//footer//button[text()='Create']").click()
        hint = wait_for(lambda: self.driver.find_element(By.ID, "template-hint").text or None, message="the hint")
        self.assertEqual(hint, "Type a title for “Visit …”.")
        self.assertEqual(text.get_attribute("aria-invalid"), "true")
        self.assertEqual(self.js("return document.activeElement.id"), "template-text")
        self.audit("the template sheet asking for a title")
        self.assertEqual(set(task_files(self.vault)), before)
        # Enter creates it, the words kept as typed.
        text.send_keys('Rome "old town"\n')
        new = wait_for(lambda: (set(task_files(self.vault)) - before) or None, message="the new file")
        fm = frontmatter(self.path(next(iter(new))))
        self.assertEqual(fm["title"], 'Visit Rome "old town"')
