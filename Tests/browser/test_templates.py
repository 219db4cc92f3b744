"""Browser test of "New from template" (§26, issue 19): a project template chosen in the sheet,
with a title, creates the parent and its subtask. See harness.py."""

import os
import shutil

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from harness import frontmatter, task_files, wait_for
from test_usability import UsabilityCase


class TemplatesTest(UsabilityCase):
    # Saving under a name another template has: the server's refusal, which the sheet shows.
    allowed_console = (r"/api/v1/templates - Failed to load resource: the server responded with a status of 400",)

    @classmethod
    def write_fixtures(cls, vault):
        os.makedirs(os.path.join(vault, ".templates", "trip"), exist_ok=True)
        with open(os.path.join(vault, ".templates", "trip", "trip.md"), "w", encoding="utf-8") as f:
            f.write('---\ntitle: "Plan the trip"\ndue: "{{date:+14d}}"\narea: Travel\n---\n')
        with open(os.path.join(vault, ".templates", "trip", "flights.md"), "w", encoding="utf-8") as f:
            f.write('---\ntitle: "Book flights for {{title}}"\nparent: trip\n---\n')
        with open(os.path.join(vault, "offsite.md"), "w", encoding="utf-8") as f:
            f.write('---\ntitle: "Plan offsite"\nstatus: todo\ndue: "2026-11-30"\ntags: [work]\n---\n\n- [x] agenda\n')
        with open(os.path.join(vault, "venue.md"), "w", encoding="utf-8") as f:
            f.write('---\ntitle: "Book venue"\nstatus: done\nparent: offsite\n---\n')
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
        self.assertEqual(self.js("return document.querySelector('input[value=visit]').closest('.template-choice')"
                                 ".querySelector('.template-slot').textContent"), "title")
        self.driver.find_element(By.CSS_SELECTOR, "input[value=visit]").click()
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

    def more_action(self, label):
        """The editor's More actions, then the action named `label`."""
        wait_for(lambda: self.driver.find_element(By.CSS_SELECTOR, "#detail [aria-label='More actions']"),
                 message="the editor's More actions").click()
        wait_for(lambda: [b for b in self.driver.find_elements(By.CSS_SELECTOR, "dialog .choice") if b.text == label] or None,
                 message="the action %s" % label)[0].click()

    def test_a_task_is_duplicated_with_its_subtasks_and_the_copy_opens(self):
        self.open("#/view/anytime?task=offsite")
        before = set(task_files(self.vault))
        self.more_action("Duplicate, with its subtasks")
        new = wait_for(lambda: (set(task_files(self.vault)) - before) if len(set(task_files(self.vault)) - before) == 2 else None,
                       message="two copies")
        fms = {frontmatter(self.path(n))["title"]: (n, frontmatter(self.path(n))) for n in new}
        self.assertEqual(sorted(fms), ["Book venue", "Plan offsite"])
        copy_id, copy = fms["Plan offsite"]
        self.assertEqual(copy["due"], "2026-11-30")
        self.assertEqual(fms["Book venue"][1]["status"], "todo", "a done subtask's copy is to do")
        self.assertEqual(fms["Book venue"][1]["parent"], copy_id)
        # The copy is what the editor shows now, and the list has both.
        wait_for(lambda: copy_id[:-3] in self.driver.current_url or None, message="the copy in the URL")
        wait_for(lambda: "Duplicated “Plan offsite” with 1 subtask." in self.js("return document.body.innerText") or None,
                 message="the toast")
        # Undo: the copies go to the Trash (nothing is lost), and the editor on the copy closes.
        self.undo_toast("Duplicated “Plan offsite” with 1 subtask.")
        wait_for(lambda: not (set(task_files(self.vault)) - before) or None, message="the copies gone from the vault")
        trash = sorted(os.listdir(os.path.join(self.vault, ".trash")))
        self.assertEqual(len([n for n in trash if n.endswith(".md")]), 2, trash)
        wait_for(lambda: "task=" not in self.driver.current_url or None, message="the editor closed")
        wait_for(lambda: "Removed the copy (it is in the Trash)." in self.js("return document.body.innerText") or None,
                 message="the toast")
        wait_for(lambda: self.titles().count("Plan offsite") == 1 or None, message="one Plan offsite listed")
        shutil.rmtree(os.path.join(self.vault, ".trash"))

    def undo_toast(self, text):
        """Clicks Undo on the toast saying `text`."""
        toast = wait_for(lambda: next((t for t in self.driver.find_elements(By.CSS_SELECTOR, "#toasts .toast")
                                       if text in t.text), None), message="the toast “%s”" % text)
        toast.find_element(By.CSS_SELECTOR, ".toast-action").click()

    def shift_d_on_plan_offsite(self, prepare="", timeout=5):
        """Puts the list's cursor on Plan offsite, runs the script `prepare`, presses Shift D and
        waits for the copy (with its subtask) and for the cursor on it: the copy's id."""
        before = set(task_files(self.vault))
        self.js("const li = [...document.querySelectorAll('#task-list li.task')].find(l => l.textContent.includes('Plan offsite'));"
                "li.querySelector('.task-title').focus();" + prepare)
        ActionChains(self.driver).key_down(Keys.SHIFT).send_keys("d").key_up(Keys.SHIFT).perform()
        new = wait_for(lambda: (set(task_files(self.vault)) - before) if len(set(task_files(self.vault)) - before) == 2 else None,
                       message="two copies")
        copy_id = next(n for n in new if frontmatter(self.path(n))["title"] == "Plan offsite")
        wait_for(lambda: self.js("const li = document.querySelector('#task-list li.task.selected'); return li && li.dataset.id")
                 == copy_id or None, timeout=timeout, message="the cursor on the copy")
        return copy_id

    def test_shift_d_duplicates_the_selected_row_and_select_mode_several(self):
        """The list's Shift D duplicates the task under the cursor, which moves to the copy; in
        select mode, Duplicate copies every picked task."""
        self.open("#/view/anytime")
        before = set(task_files(self.vault))
        copy_id = self.shift_d_on_plan_offsite()
        self.assertEqual(self.js("return document.activeElement.closest('li.task').dataset.id"), copy_id)
        # The shortcut is in the list of shortcuts.
        self.driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
        ActionChains(self.driver).send_keys("?").perform()
        sheet = wait_for(lambda: self.driver.find_element(By.CSS_SELECTOR, "dialog.keys-sheet"), message="the shortcuts")
        self.assertIn("ShiftD: Duplicate selected task", self.js(
            "return [...document.querySelectorAll('dialog.keys-sheet dt')].map(dt => dt.textContent + ': ' + dt.nextElementSibling.textContent)"))
        sheet.send_keys(Keys.ESCAPE)
        wait_for(lambda: not self.driver.find_elements(By.CSS_SELECTOR, "dialog.keys-sheet[open]") or None, message="closed")
        # Select mode: both Plan offsite rows picked, then Duplicate.
        made = set(task_files(self.vault))
        bar = self.select_tasks("Plan offsite")
        [b for b in bar.find_elements(By.CSS_SELECTOR, ".bulk-btn") if b.text == "Duplicate"][0].click()
        wait_for(lambda: len(set(task_files(self.vault)) - made) == 4 or None, message="two more copies, with their subtasks")
        wait_for(lambda: "Duplicated 2 tasks with 2 subtasks." in self.js("return document.body.innerText") or None,
                 message="the toast")
        wait_for(lambda: self.titles().count("Plan offsite") == 4 or None, message="four Plan offsite listed")
        for name in set(task_files(self.vault)) - before:
            os.remove(self.path(name))

    def test_shift_d_moves_the_cursor_to_the_copy_when_a_live_update_overtakes_the_list(self):
        """Duplicate waits for the list to have the copy; the copy's file also brings a live
        update, whose load of the list may overtake Duplicate's own and answer after it (here
        Duplicate's answer is held back 1.5 s, the live update's 3 s): the cursor still moves
        to the copy, once the newer load has drawn it."""
        probe = self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
            const fetch0 = window.fetch;
            window.__holds = [];
            window.__lists = 0;
            window.fetch = function (url, options) {
              if (!String(url).includes('/api/v1/tasks?')) return fetch0.apply(this, arguments);
              window.__lists += 1;
              const hold = window.__holds.shift();
              if (!hold) return fetch0.apply(this, arguments);
              return new Promise((r) => setTimeout(r, hold)).then(() => fetch0.call(window, url, options));
            };"""})
        self.addCleanup(self.driver.execute_cdp_cmd, "Page.removeScriptToEvaluateOnNewDocument",
                        {"identifier": probe["identifier"]})
        self.driver.get("about:blank")  # a new page, which the probe is in
        self.open("#/view/anytime")
        wait_for(lambda: self.titles().count("Plan offsite") == 1 or None, message="one Plan offsite listed")
        before = set(task_files(self.vault))
        self.addCleanup(lambda: [os.remove(self.path(n)) for n in set(task_files(self.vault)) - before])
        self.shift_d_on_plan_offsite("window.__holds = [1500, 3000]; window.__lists = 0;", timeout=10)
        self.assertGreaterEqual(self.js("return window.__lists"), 2, "a live update loaded the list too")

    def test_a_task_with_subtasks_is_saved_as_a_template(self):
        self.open("#/view/anytime?task=offsite")
        self.more_action("Save as template…")
        name = wait_for(lambda: self.driver.find_element(By.ID, "save-template-name"), message="the save sheet")
        self.audit("the save-as-template sheet")
        name.send_keys("offsite\n")
        folder = os.path.join(self.vault, ".templates", "offsite")
        wait_for(lambda: os.path.isdir(folder) and sorted(os.listdir(folder)) == ["book-venue.md", "plan-offsite.md"] or None,
                 message="the template folder and its two files")
        with open(os.path.join(folder, "plan-offsite.md"), encoding="utf-8") as f:
            # Today is 2026-11-21 (TODOMD_NOW): due 9 days ahead, the checklist unchecked.
            self.assertEqual(f.read(), '---\ntitle: "Plan offsite"\ndue: "{{date:+9d}}"\ntags:\n  - work\n---\n\n- [ ] agenda\n')
        wait_for(lambda: "Saved template “offsite”" in self.js("return document.body.innerText") or None, message="the toast")
        # The same name again is refused in the sheet, and the template stays as it was.
        self.more_action("Save as template…")
        name = wait_for(lambda: self.driver.find_element(By.ID, "save-template-name"), message="the save sheet again")
        name.send_keys("Offsite\n")
        hint = wait_for(lambda: self.driver.find_element(By.ID, "save-template-hint").text or None, message="the refusal")
        self.assertIn("a template of that name exists", hint)
        self.assertEqual(name.get_attribute("aria-invalid"), "true")
        self.assertEqual(sorted(os.listdir(os.path.join(self.vault, ".templates"))), ["offsite", "trip", "visit.md"])
        shutil.rmtree(folder)  # the other tests' sheet lists the fixtures' templates only

    def test_b_a_template_is_deleted_from_the_sheet(self):
        self.open("#/view/inbox")
        self.driver.find_element(By.CSS_SELECTOR, ".quick-template").click()
        wait_for(lambda: self.driver.find_element(By.ID, "template-text"), message="the template sheet")
        self.driver.find_element(By.CSS_SELECTOR, "[aria-label='Delete template visit']").click()
        wait_for(lambda: [b for b in self.driver.find_elements(By.CSS_SELECTOR, "dialog .btn-danger") if b.text == "Delete"] or None,
                 message="the question")[0].click()
        trashed = os.path.join(self.vault, ".trash", "Templates", "visit.md")
        wait_for(lambda: os.path.exists(trashed) or None, message="the template in .trash/Templates")
        self.assertFalse(os.path.exists(os.path.join(self.vault, ".templates", "visit.md")))
        wait_for(lambda: self.js("return [...document.querySelectorAll('.template-choice input')].map(i => i.value)") == ["trip"],
                 message="the sheet without it")
        self.assertEqual(self.js("return document.querySelector('.template-choice input').checked"), True)
