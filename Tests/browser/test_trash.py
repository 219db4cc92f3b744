"""The trash (#/trash, §5): the sidebar leads there; it lists the deleted tasks with where they
were, a done one marked, a file another program put there said so; Put Back puts one back in its
folder; a task deleted elsewhere shows up live; one task can be deleted for good, and Empty Trash
removes them all, each after asking, and only the tasks;
axe at phone and desktop, light and dark, and no sideways scroll on a phone; screenshots under /tmp."""

import json
import os
import time
import urllib.request

from selenium.webdriver.common.by import By

from harness import DESKTOP, PHONE, BrowserTestCase, set_dark, set_viewport, wait_for, write_task


SHOTS = os.environ.get("TRASH_SHOTS", "/tmp/trash-shots")


class TrashTest(BrowserTestCase):
    @classmethod
    def write_fixtures(cls, vault):
        os.makedirs(os.path.join(vault, "Work"))
        write_task(vault, "Work/report.md", "Write the quarterly report")
        write_task(vault, "milk.md", "Buy oat milk")
        write_task(vault, "passport.md", "Renew the passport", status="done")
        write_task(vault, "bread.md", "Bake bread")
        write_task(vault, "stays.md", "Still here")

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        # Deleted through the server, as the web app does: the audit log says where each was.
        cls.post("/tasks/delete", {"ids": ["Work/report.md", "milk.md", "passport.md"]})
        # A file another program moved there (Obsidian's own trash is the same folder).
        with open(os.path.join(cls.vault, ".trash", "obsidian.md"), "w", encoding="utf-8") as fh:
            fh.write('---\ntitle: "Dropped by Obsidian"\n---\n')
        with open(os.path.join(cls.vault, ".trash", "broken.md"), "w", encoding="utf-8") as fh:
            fh.write("---\ntitle: [unclosed\n---\n")
        # A note deleted through the server, and another program's picture (not listed).
        cls.post("/notes", {"title": "Trip ideas", "body": "Lisbon.\n"})
        cls.post("/notes/delete", {"ids": ["trip-ideas"]})
        with open(os.path.join(cls.vault, ".trash", "picture.png"), "wb") as fh:
            fh.write(b"png")

    @classmethod
    def post(cls, path, body):
        req = urllib.request.Request(cls.url + "api/v1" + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
        with urllib.request.urlopen(req) as r:
            return json.loads(r.read() or b"{}")

    def tearDown(self):
        set_dark(self.driver, False)
        set_viewport(self.driver, *DESKTOP)
        self.check_console()

    # ---- helpers ----
    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def open_trash(self):
        self.driver.get(self.url + "#/trash")
        self.wait_trash()

    def wait_trash(self):
        wait_for(lambda: self.js("const v = document.getElementById('trash-view');"
                                 "return v && v.getAttribute('aria-busy') === 'false'"), message="the trash page")

    def listed(self):
        """[(title, meta)] of the rows, in order."""
        return [tuple(r) for r in self.js(
            "return [...document.querySelectorAll('.trash-row')].map(r => "
            "[r.querySelector('.trash-title').textContent, r.querySelector('.trash-meta').textContent])")]

    def shot(self, name):
        os.makedirs(SHOTS, exist_ok=True)
        time.sleep(0.3)
        self.driver.save_screenshot(os.path.join(SHOTS, name + ".png"))

    # ---- tests ----
    def test_1_the_sidebar_leads_to_the_deleted_tasks_with_where_they_were(self):
        self.open()
        link = self.driver.find_element(By.CSS_SELECTOR, '#sidebar a.nav-item[href="#/trash"]')
        self.assertEqual(link.text, "Trash")
        link.click()
        self.wait_trash()
        self.assertEqual(self.js("return document.getElementById('view-title').textContent"), "Trash")
        self.assertEqual(self.js("return document.querySelector('#sidebar a[href=\"#/trash\"]').getAttribute('aria-current')"), "page")
        rows = dict(self.listed())
        self.assertEqual(set(rows), {"Write the quarterly report", "Buy oat milk", "Renew the passport", "Dropped by Obsidian", "broken",
                                     "Trip ideas"}, "the picture is no task or note")
        self.assertTrue(rows["Trip ideas"].startswith("Note · Deleted today"), rows)
        # A file that does not read as a task is said so, and offers no Put Back.
        self.assertTrue(rows["broken"].startswith("Not a task file · Deleted by another program"), rows)
        self.assertEqual(self.js("return document.querySelectorAll('.trash-row[data-path=\".trash/broken.md\"] .btn').length"), 0)
        self.assertTrue(rows["Write the quarterly report"].startswith("From Work, deleted today"), rows)
        self.assertTrue(rows["Buy oat milk"].startswith("Deleted today"), rows)
        self.assertTrue(rows["Renew the passport"].startswith("Done · Deleted today"), rows)
        self.assertTrue(rows["Dropped by Obsidian"].startswith("Deleted by another program"), rows)
        # Deleted together, at the server's (fixed) time: in the order of their names in the trash.
        logged = [t for t, _ in self.listed() if t not in ("Dropped by Obsidian", "broken", "Trip ideas")]
        self.assertEqual(logged, ["Buy oat milk", "Renew the passport", "Write the quarterly report"])
        self.assertIn("5 tasks and 1 note", self.js("return document.getElementById('toolbar').textContent"))
        # The list's parts are gone; the quick entry too.
        self.assertFalse(self.js("return document.getElementById('task-list').offsetParent !== null"))
        self.shot("trash-desktop-light")

    def test_2_put_back_puts_a_task_back_in_its_folder(self):
        self.open_trash()
        self.click('.trash-row[data-path=".trash/report.md"] button')
        wait_for(lambda: os.path.exists(self.path("Work/report.md")), message="the report back in Work/")
        self.assertFalse(os.path.exists(self.path(".trash/report.md")))
        wait_for(lambda: "Write the quarterly report" not in dict(self.listed()), message="its row gone")
        toast = self.js("return [...document.querySelectorAll('.toast')].map(t => t.textContent).join(' ')")
        self.assertIn("Put back “Write the quarterly report” in Work", toast)
        # The keyboard stays in the list: on the row that took its place.
        self.assertEqual(self.js("return document.activeElement.closest('.trash-row') !== null"), True)
        # It is a task again, in its list.
        self.driver.get(self.url + "#/view/anytime")
        self.wait_listed()
        self.assertIn("Write the quarterly report", self.titles())

    def test_2_put_back_puts_a_note_back_in_notes(self):
        self.open_trash()
        self.click('.trash-row[data-path=".trash/Notes/trip-ideas.md"] button')
        wait_for(lambda: os.path.exists(self.path("Notes/trip-ideas.md")), message="the note back in Notes/")
        wait_for(lambda: "Trip ideas" not in dict(self.listed()), message="its row gone")
        toast = self.js("return [...document.querySelectorAll('.toast')].map(t => t.textContent).join(' ')")
        self.assertIn("Put back “Trip ideas” in Notes", toast)

    def test_3_a_task_deleted_elsewhere_shows_up_live(self):
        self.open_trash()
        self.post("/tasks/delete", {"ids": ["bread.md"]})
        wait_for(lambda: "Bake bread" in dict(self.listed()), timeout=10, message="the bread deleted elsewhere, listed")

    def test_4_one_task_is_deleted_for_good_after_asking(self):
        self.open_trash()
        self.click('.trash-row[data-path=".trash/passport.md"] .trash-forget')
        wait_for(lambda: self.js("return !!document.querySelector('dialog[open]')"), message="the question")
        self.assertIn("Renew the passport", self.js("return document.querySelector('dialog[open]').textContent"))
        self.click("dialog[open] .sheet-foot button.btn-danger")
        wait_for(lambda: "Renew the passport" not in dict(self.listed()), message="its row gone")
        self.assertFalse(os.path.exists(self.path(".trash/passport.md")))
        self.assertTrue(os.path.exists(self.path(".trash/milk.md")), "the others stay")

    def test_5_empty_trash_asks_first_then_removes_only_the_tasks(self):
        self.open_trash()
        self.click("#trash-empty")
        wait_for(lambda: self.js("return !!document.querySelector('dialog[open]')"), message="the question")
        question = self.js("return document.querySelector('dialog[open]').textContent")
        self.assertIn("removed for good", question)
        # Cancel keeps everything.
        self.click("dialog[open] .sheet-foot button:first-child")
        wait_for(lambda: not self.js("return !!document.querySelector('dialog[open]')"), message="the sheet closed")
        self.assertTrue(os.path.exists(self.path(".trash/milk.md")))
        self.click("#trash-empty")
        wait_for(lambda: self.js("return !!document.querySelector('dialog[open]')"), message="the question again")
        self.click("dialog[open] .sheet-foot button.btn-danger")
        wait_for(lambda: self.js("return !!document.querySelector('.trash-none')"), message="the empty trash")
        self.assertEqual(sorted(os.listdir(os.path.join(self.vault, ".trash"))), ["Notes", "picture.png"], "another program's file stays")
        self.assertFalse(self.js("return !!document.getElementById('trash-empty')"), "nothing left to empty")
        self.assertTrue(os.path.exists(self.path("stays.md")))

    def audit(self, size, dark):
        set_viewport(self.driver, *size)
        set_dark(self.driver, dark)
        self.driver.get("about:blank")
        self.open_trash()
        where = "trash %dx%d %s" % (size[0], size[1], "dark" if dark else "light")
        self.shot("trash-%dx%d-%s" % (size[0], size[1], "dark" if dark else "light"))
        self.axe_check(where)
        self.assertLessEqual(self.js("return document.documentElement.scrollWidth"), size[0])
        self.assertLessEqual(self.js("return document.getElementById('scroll').scrollWidth"),
                             self.js("return document.getElementById('scroll').clientWidth"))

    def test_0_axe_desktop_light(self):
        self.audit(DESKTOP, False)

    def test_0_axe_phone_dark(self):
        self.audit(PHONE, True)
