"""The board (§25): a project as a Kanban board — cards moved across columns by drag and by
keyboard write the file; Done completes (a repeat's next appears), the column key can be changed,
moves are announced; axe at phone and desktop, light and dark; screenshots under /tmp."""

import os
import time

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from harness import DESKTOP, PHONE, TODAY, BrowserTestCase, frontmatter, set_dark, set_viewport, task_files, wait_for, write_task
from test_app import drag


SHOTS = os.environ.get("BOARD_SHOTS", "/tmp/board-shots")
SPEC = "20261120-0800-write-the-spec.md"
REVIEW = "20261120-0801-review-the-draft.md"
WATER = "20261120-0802-water-the-plants.md"
SHIP = "20261120-0803-ship-it.md"


def created(minute):
    return "2026-11-20T08:%02d:00Z" % minute


class BoardTest(BrowserTestCase):
    """#/board/project:Launch: columns To Do, In Progress, Done."""

    @classmethod
    def write_fixtures(cls, vault):
        write_task(vault, SPEC, "Write the spec", project="Launch", priority="high", tags=["docs"], created=created(0))
        write_task(vault, REVIEW, "Review the draft", project="Launch", status="in-progress", due=TODAY, created=created(1))
        write_task(vault, WATER, "Water the plants", project="Launch", due=TODAY, recurrence="FREQ=DAILY", created=created(2))
        write_task(vault, SHIP, "Ship it", project="Launch", estimated_minutes=30, created=created(3))
        write_task(vault, "20261120-0804-draft-the-post.md", "Draft the post", project="Launch", status="someday",
                   tags=["docs"], created=created(4))

    def tearDown(self):
        self.driver.execute_script("document.querySelectorAll('dialog[open]').forEach(d => d.close())")
        set_dark(self.driver, False)
        set_viewport(self.driver, *DESKTOP)
        self.check_console()

    # ---- helpers ----
    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def open_board(self, hash_="#/board/project:Launch"):
        self.driver.get(self.url + hash_)
        self.wait_board()

    def wait_board(self):
        wait_for(lambda: self.js("return !!document.querySelector('#board-cols .board-col')"), message="the board")

    def board(self):
        """{column name: [card titles]} as drawn, plus the counts shown."""
        return {c[0]: (c[1], c[2]) for c in self.js(
            "return [...document.querySelectorAll('#board-cols .board-col')].map(c => ["
            "c.querySelector('.board-col-name').textContent, +c.querySelector('.board-count').textContent.replace(/\\D/g, ''),"
            "[...c.querySelectorAll('.card .card-title > span:first-child')].map(s => s.textContent)])")}

    def titles(self, column):
        return self.board()[column][1]

    def card_center(self, title, column=None):
        return self.js("const s = [...document.querySelectorAll('#board-cols .card')].find(c => "
                       "c.querySelector('.card-title > span').textContent === arguments[0] && (!arguments[1] || "
                       "c.closest('.board-col').querySelector('.board-col-name').textContent === arguments[1]));"
                       "s.scrollIntoView({block: 'nearest', inline: 'nearest'});"
                       "const r = s.querySelector('.card-title').getBoundingClientRect(); return [r.left + 20, r.top + r.height / 2];", title, column)

    def column_point(self, name):
        return self.js("const c = [...document.querySelectorAll('#board-cols .board-col')].find(c => "
                       "c.querySelector('.board-col-name').textContent === arguments[0]);"
                       "c.scrollIntoView({block: 'nearest', inline: 'nearest'});"
                       "const r = c.getBoundingClientRect(); return [r.left + r.width / 2, r.top + Math.min(r.height - 20, 120)];", name)

    def focus_card(self, title):
        self.js("[...document.querySelectorAll('#board-cols .card')].find(c => "
                "c.querySelector('.card-title > span').textContent === arguments[0]).querySelector('.card-title').focus()", title)

    def choose_key(self, value):
        """Picks the column key (the header is drawn anew with each answer: find the field anew)."""
        def pick():
            try:
                Select(self.driver.find_element(By.ID, "board-key")).select_by_value(value)
                return True
            except StaleElementReferenceException:
                return False
        wait_for(pick, message="the Columns field")

    def keys(self, *keys):
        """Keys to whatever has the focus (the board may have been drawn anew meanwhile)."""
        ActionChains(self.driver).send_keys(*keys).perform()

    def focused_title(self):
        return self.js("const c = document.activeElement.closest('.card'); return c ? c.querySelector('.card-title > span').textContent : null")

    def shot(self, name):
        os.makedirs(SHOTS, exist_ok=True)
        time.sleep(0.3)
        self.driver.save_screenshot(os.path.join(SHOTS, name + ".png"))

    # ---- tests ----
    def test_1_a_list_switches_to_its_board_with_every_column_and_counts(self):
        self.open("#/view/project:Launch")
        self.driver.find_element(By.CSS_SELECTOR, 'a[aria-label="Show as board"]').click()
        self.wait_board()
        self.assertEqual(self.js("return location.hash"), "#/board/project:Launch")
        b = self.board()
        # Someday only because a task is there; Done even though none is.
        self.assertEqual(list(b), ["To Do", "In Progress", "Done", "Someday"])
        self.assertEqual(b["Someday"], (1, ["Draft the post"]))
        self.assertEqual(b["To Do"], (3, ["Write the spec", "Water the plants", "Ship it"]))
        self.assertEqual(b["In Progress"], (1, ["Review the draft"]))
        self.assertEqual(b["Done"], (0, []))
        # The empty column is a drop target with its hint; lists are labelled by their column.
        self.assertTrue(self.js("return !!document.querySelector('.board-col:nth-child(3) .board-empty')"))
        self.assertEqual(self.js("const ul = document.querySelector('.board-col .board-cards');"
                                 "return document.getElementById(ul.getAttribute('aria-labelledby')).textContent"), "To Do, 3 tasks")
        self.shot("board-desktop-light")

    def test_2_dragging_a_card_sets_its_status_and_into_done_completes(self):
        self.open_board()
        drag(self.driver, self.card_center("Ship it"), self.column_point("In Progress"))
        wait_for(lambda: "Ship it" in self.titles("In Progress"), message="Ship it in In Progress")
        self.assertEqual(frontmatter(self.path(SHIP))["status"], "in-progress")
        self.assertEqual(self.board()["In Progress"][0], 2)
        # Into Done: completed, and the repeating task's next occurrence appears in To Do.
        before = len(task_files(self.vault))
        drag(self.driver, self.card_center("Water the plants"), self.column_point("Done"))
        wait_for(lambda: "Water the plants" in self.titles("Done"), message="Water the plants in Done")
        self.assertEqual(frontmatter(self.path(WATER))["status"], "done")
        self.assertIsNotNone(frontmatter(self.path(WATER)).get("completed"))
        wait_for(lambda: "Water the plants" in self.titles("To Do"), message="the next occurrence in To Do")
        self.assertEqual(len(task_files(self.vault)), before + 1)
        # Out of Done: reopened.
        drag(self.driver, self.card_center("Water the plants", "Done"), self.column_point("In Progress"))
        wait_for(lambda: self.titles("Done") == [], message="Done emptied")
        self.assertEqual(frontmatter(self.path(WATER))["status"], "in-progress")
        self.assertIn(frontmatter(self.path(WATER)).get("completed"), (None, "null", ""))

    def test_3_keyboard_moves_focus_and_cards_and_announces(self):
        self.open_board()
        self.focus_card("Write the spec")
        self.keys(Keys.ARROW_DOWN)
        self.assertEqual(self.focused_title(), self.titles("To Do")[1])
        self.keys(Keys.ARROW_UP)
        self.assertEqual(self.focused_title(), "Write the spec")
        self.keys(Keys.ARROW_RIGHT)
        self.assertIn(self.focused_title(), self.titles("In Progress"))
        self.keys(Keys.ARROW_LEFT)
        self.assertEqual(self.focused_title(), "Write the spec")
        # Shift+→ moves the card one column on, and the focus goes with it.
        ActionChains(self.driver).key_down(Keys.SHIFT).send_keys(Keys.ARROW_RIGHT).key_up(Keys.SHIFT).perform()
        wait_for(lambda: "Write the spec" in self.titles("In Progress"), message="the card moved by keyboard")
        self.assertEqual(frontmatter(self.path(SPEC))["status"], "in-progress")
        wait_for(lambda: self.focused_title() == "Write the spec", message="the focus to follow the card")
        wait_for(lambda: self.js("return document.getElementById('board-live').textContent") ==
                 "Moved “Write the spec” to In Progress.", message="the move announced")
        self.assertIn("in In Progress", self.js("return document.activeElement.textContent"))
        # Shift+← brings it back.
        ActionChains(self.driver).key_down(Keys.SHIFT).send_keys(Keys.ARROW_LEFT).key_up(Keys.SHIFT).perform()
        wait_for(lambda: "Write the spec" in self.titles("To Do"), message="the card moved back")
        self.assertEqual(frontmatter(self.path(SPEC))["status"], "todo")
        # The "Move to…" menu (key m) offers every column.
        wait_for(lambda: self.focused_title() == "Write the spec", message="focus on the card")
        self.keys("m")
        wait_for(lambda: self.js("return !!document.querySelector('dialog[open]')"), message="the Move to… sheet")
        self.driver.find_element(By.XPATH, '//dialog[@open]//button[contains(., "Done")]').click()
        wait_for(lambda: "Write the spec" in self.titles("Done"), message="moved to Done by the menu")
        self.assertEqual(frontmatter(self.path(SPEC))["status"], "done")

    def test_4_other_keys_make_other_columns(self):
        self.open_board()
        self.choose_key("priority")
        wait_for(lambda: list(self.board())[:1] == ["High"], message="priority columns")
        self.assertEqual(list(self.board()), ["High", "Medium", "Low", "No Priority"])
        drag(self.driver, self.card_center("Ship it"), self.column_point("Low"))
        wait_for(lambda: "Ship it" in self.titles("Low"), message="Ship it in Low")
        self.assertEqual(frontmatter(self.path(SHIP))["priority"], "low")
        self.choose_key("tag")
        wait_for(lambda: "#docs" in self.board(), message="tag columns")
        drag(self.driver, self.card_center("Ship it"), self.column_point("#docs"))
        wait_for(lambda: "Ship it" in self.titles("#docs"), message="Ship it tagged")
        self.assertEqual(frontmatter(self.path(SHIP))["tags"], ["docs"])
        # The key is remembered for the board.
        self.open_board()
        wait_for(lambda: "#docs" in self.board(), message="the tag key kept")
        self.choose_key("status")
        wait_for(lambda: list(self.board())[:1] == ["To Do"], message="status columns again")

    def audit(self, size, dark):
        set_viewport(self.driver, *size)
        set_dark(self.driver, dark)
        self.driver.get("about:blank")  # a fresh page: no toasts of the moves before, fading mid-audit
        self.open_board()
        where = "%dx%d %s" % (size[0], size[1], "dark" if dark else "light")
        self.shot("board-%dx%d-%s" % (size[0], size[1], "dark" if dark else "light"))
        self.axe_check(where)

    def test_5_axe_desktop_light(self):
        self.audit(DESKTOP, False)

    def test_5_axe_desktop_dark(self):
        self.audit(DESKTOP, True)

    def test_5_axe_phone_light(self):
        self.audit(PHONE, False)
        # One column per screen width: the first fills the screen, the board scrolls sideways.
        w = self.js("return document.querySelector('.board-col').getBoundingClientRect().width")
        self.assertGreater(w, 300)
        self.assertLessEqual(w, 375)
        self.assertTrue(self.js("const c = document.getElementById('board-cols'); return c.scrollWidth > c.clientWidth"))
        self.assertLessEqual(self.js("return document.documentElement.scrollWidth"), 375)

    def test_5_axe_phone_dark(self):
        self.audit(PHONE, True)
