"""Browser tests of the web app's data path (issue 20, points 1, 3, 4 and 9): every kind of thing can
be deleted from the browser; an untouched "New note" leaves no file; Undo after completing a
repeating task leaves it listed once; the task editor and the notes editor never overwrite another
program's edit nor drop what the user typed; Esc asks before throwing typing away; quick entry
leaves no stray "on … at 7pm" in a title. Each test drives the real UI and checks the files."""

import json
import os
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from harness import DESKTOP, TODAY, BrowserTestCase, frontmatter, set_viewport, task_files, wait_for, write_task


def created(minute):
    return "2026-11-20T08:%02d:00Z" % minute


def note_text(title, body=""):
    return ('---\ntitle: %s\npinned: false\ncreated: "2026-11-19T08:00:00Z"\nmodified: "2026-11-20T08:00:00Z"\n---\n%s'
            % (json.dumps(title), ("\n" + body) if body else ""))


PERSPECTIVES = {"version": 1, "order": ["errands"], "perspectives": {"errands": {
    "id": "errands", "name": "Errands", "icon": "cart", "color": "#4A90D9",
    "rules": {"operator": "AND", "conditions": [{"field": "tags", "op": "contains", "value": "errands"}]},
    "sort": {"field": "due", "direction": "asc"}, "group_by": "none", "layout": "default", "manual_order": None}}}

TAGS = {"version": 1, "order": ["money"], "tags": {"money": {"name": "Money", "icon": "💰", "color": "#2a9d8f"}}}


class DataPathTest(BrowserTestCase):
    """Shared helpers: rows, toasts, the confirmation sheet, files."""

    def tearDown(self):
        # A test that failed half-way may leave a sheet open over the next test's page.
        self.driver.execute_script("document.querySelectorAll('dialog[open]').forEach(d => d.close())")
        set_viewport(self.driver, *DESKTOP)
        self.check_console()  # a refused write (415, 409 …) is a failed request in the console

    def confirm(self, label=None):
        """Clicks the danger button of the topmost open sheet (the last one opened)."""
        def clicked():
            for b in reversed(self.driver.find_elements(By.CSS_SELECTOR, "dialog[open] .btn-danger")):
                if label is None or b.text == label:
                    b.click()
                    return True
            return False
        wait_for(clicked, message="the confirmation sheet")

    def toast_texts(self):
        return self.driver.execute_script("return [...document.querySelectorAll('.toast')].map(t => t.textContent)")

    def exists(self, *parts):
        return os.path.exists(os.path.join(self.vault, *parts))

    def file(self, *parts):
        with open(os.path.join(self.vault, *parts), encoding="utf-8") as fh:
            return fh.read()

    def write(self, text, *parts):
        with open(os.path.join(self.vault, *parts), "w", encoding="utf-8") as fh:
            fh.write(text)

    def click(self, selector):
        """Clicks what `selector` names, looking it up again if a live re-render replaced it."""
        def clicked():
            self.driver.find_element(By.CSS_SELECTOR, selector).click()
            return True
        wait_for(clicked, message="a clickable %s" % selector)

    def open_editor(self, title):
        def clicked():
            self.row(title).find_element(By.CSS_SELECTOR, ".task-title").click()
            return True
        wait_for(clicked, message="the row %r" % title)
        return wait_for(lambda: self.driver.find_element(By.CSS_SELECTOR, "#detail form.d-form"), message="the task editor")


class UndoRepeatTest(DataPathTest):
    """Point 3: Undo of completing a repeating task takes the next occurrence away again."""

    @classmethod
    def write_fixtures(cls, vault):
        write_task(vault, "20261120-0800-water-the-plants.md", "Water the plants", due=TODAY, recurrence="FREQ=WEEKLY",
                   created=created(0))

    def test_undo_leaves_the_task_listed_once(self):
        task = "20261120-0800-water-the-plants.md"
        self.open("#/view/today")
        self.driver.find_element(By.CSS_SELECTOR, 'button[aria-label="Complete Water the plants"]').click()
        undo = wait_for(lambda: [b for b in self.driver.find_elements(By.CSS_SELECTOR, ".toast-action") if b.text == "Undo"],
                        message="the Undo button")[0]
        wait_for(lambda: len(task_files(self.vault)) == 2, message="the next occurrence's file")
        self.assertEqual(frontmatter(self.path(task))["status"], "done")
        undo.click()
        wait_for(lambda: frontmatter(self.path(task))["status"] == "todo", message="the task reopened")
        fm = frontmatter(self.path(task))
        self.assertEqual(fm.get("recurrence"), "FREQ=WEEKLY", "it repeats again")
        self.assertIsNone(fm["completed"])
        wait_for(lambda: task_files(self.vault) == [task], message="the next occurrence gone")
        wait_for(lambda: self.titles() == ["Water the plants"], message="the task listed once")
        self.open("#/view/all")
        self.assertEqual(self.titles(), ["Water the plants"])
