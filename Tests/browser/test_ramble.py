"""Browser test of the brain dump (§26, issue 19): the seed's example typed into the sheet
becomes three editable proposals; one dropped, one renamed, the rest added. See harness.py."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from harness import DESKTOP, frontmatter, set_dark, set_viewport, task_files, wait_for
from test_usability import PHONE, UsabilityCase

SEED = ("I need to pick up dry cleaning before Friday, oh and I should call the dentist sometime next week "
        "but it's not urgent, and also I need to start working on Q3 deck on Monday, that's for work.")


class RambleTest(UsabilityCase):
    @classmethod
    def write_fixtures(cls, vault):
        pass

    def proposals(self):
        return self.js("return [...document.querySelectorAll('.ramble-row .ramble-title')].map(i => i.value)")

    def test_1_the_seeds_example_becomes_its_three_tasks(self):
        self.open("#/view/inbox")
        before = set(task_files(self.vault))
        ActionChains(self.driver).send_keys("b").perform()
        box = wait_for(lambda: self.driver.find_element(By.ID, "ramble-text"), message="the brain-dump sheet")
        box.send_keys(SEED)
        self.driver.find_element(By.XPATH, "//button[span[text()='Propose tasks']]").click()
        wait_for(lambda: self.proposals() == ["Pick up dry cleaning", "Call the dentist", "Start working on Q3 deck"],
                 message="the three proposals")
        fields = self.js("return [...document.querySelectorAll('.ramble-row')].map(r => "
                         "[...r.querySelectorAll('.ramble-meta [name]')].map(i => i.name + '=' + i.value).join(' '))")
        self.assertEqual(fields, ["due=2026-11-27 scheduled= priority=none area=",
                                  "due= scheduled=2026-11-23 priority=low area=",
                                  "due= scheduled=2026-11-23 priority=none area=Work"])
        self.assertEqual(set(task_files(self.vault)), before, "nothing is written before the review")
        self.audit("the brain-dump sheet with proposals")
        self.driver.save_screenshot("/tmp/ramble-desktop-light.png")
        # Drop the dentist, rename the first, add.
        self.js("document.querySelectorAll('.ramble-row input[name=keep]')[1].click()")
        title = self.driver.find_elements(By.CSS_SELECTOR, ".ramble-title")[0]
        title.clear()
        title.send_keys("Pick up the dry cleaning")
        self.driver.find_element(By.XPATH, "//footer//button[text()='Add tasks']").click()
        new = wait_for(lambda: (set(task_files(self.vault)) - before) if len(set(task_files(self.vault)) - before) == 2 else None,
                       message="two new files")
        fms = sorted((frontmatter(self.path(n)) for n in new), key=lambda f: f["title"])
        self.assertEqual([f["title"] for f in fms], ["Pick up the dry cleaning", "Start working on Q3 deck"])
        self.assertEqual(fms[0]["due"], "2026-11-27")
        self.assertEqual((fms[1]["scheduled"], fms[1]["area"]), ("2026-11-23", "Work"))
        self.assertEqual({f["source"] for f in fms}, {"voice-ramble"})

    def test_2_phone_dark(self):
        set_viewport(self.driver, *PHONE)
        set_dark(self.driver, True)
        self.open("#/view/inbox")
        self.driver.find_element(By.CSS_SELECTOR, ".quick-dump").click()
        box = wait_for(lambda: self.driver.find_element(By.ID, "ramble-text"), message="the sheet")
        box.send_keys("Buy milk tomorrow. Call mom at 6pm, it's important")
        self.driver.find_element(By.XPATH, "//button[span[text()='Propose tasks']]").click()
        wait_for(lambda: self.proposals() == ["Buy milk", "Call mom"], message="two proposals")
        self.audit("the brain-dump sheet on a phone, dark")
        self.driver.save_screenshot("/tmp/ramble-phone-dark.png")
        set_viewport(self.driver, *DESKTOP)
        set_dark(self.driver, False)
