"""Browser tests of a long list (issue 17, "the web at 10k"): only the rows near the screen are in
the DOM, every row still says where it stands in the whole list (aria-setsize / aria-posinset),
scrolling and the keyboard reach rows that were off screen, a group's header appears when its
place is reached, and dragging still reorders. The listing comes in its row form (fields=row).
See harness.py."""

import json
import urllib.request

from selenium.webdriver.common.action_chains import ActionChains

from harness import wait_for, write_task
from test_app import drag
from test_usability import UsabilityCase

N = 2400
HALF = N // 2


def name(i):
    return "20261120-%04d-long-%04d.md" % (i // 60 * 100 + i % 60, i)


def title(i):
    return "Task %04d" % i


class LongListTest(UsabilityCase):
    @classmethod
    def write_fixtures(cls, vault):
        for i in range(1, N + 1):
            # Created one second apart, so the manual order (created first) is the numbers' order.
            write_task(vault, name(i), title(i), area="Long", project="Alpha" if i <= HALF else "Beta",
                       created="2026-11-20T%02d:%02d:%02dZ" % (i // 3600, i // 60 % 60, i % 60),
                       body="Notes of task %d\nsecond line" % i if i % 7 == 0 else "")

    def setUp(self):
        self.open("#/view/area:Long")
        wait_for(lambda: self.js("return document.querySelectorAll('#task-list li.task').length") > 0,
                 timeout=15, message="the long list to render")
        self.scroll_to(0)  # a reload may restore the last test's scroll position
        wait_for(lambda: self.drawn()[0][0] == 1, message="the list drawn from its top")

    def drawn(self):
        """(posinset, setsize, title) of every row in the DOM."""
        return [tuple(r) for r in self.js(
            "return [...document.querySelectorAll('#task-list li.task')].map(li => [Number(li.getAttribute('aria-posinset')),"
            " Number(li.getAttribute('aria-setsize')), li.querySelector('.task-title').textContent])")]

    def scroll_to(self, y):
        self.js("document.getElementById('scroll').scrollTop = arguments[0]", y)

    def api(self, path):
        with urllib.request.urlopen(self.url.rstrip("/") + path) as r:
            return json.loads(r.read())

    def test_0_the_first_rows_are_drawn_before_the_rest_is_asked_for(self):
        # Records what the list said of itself when its first rows came, from before the app's
        # first script: still busy (the rest on its way), and how many rows it had.
        probe = self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
            new MutationObserver((_, mo) => {
              const ul = document.getElementById('task-list');
              if (!ul || !ul.querySelector('li.task')) return;
              window.__firstRows = [ul.getAttribute('aria-busy'), ul.querySelector('li.task').getAttribute('aria-setsize')];
              mo.disconnect();
            }).observe(document, { childList: true, subtree: true });"""})
        try:
            self.driver.get("about:blank")
            self.open("#/view/area:Long")
        finally:
            self.driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": probe["identifier"]})
        asked = self.js("return performance.getEntriesByType('resource').filter(e => e.name.includes('/api/v1/tasks?'))"
                        ".map(e => [e.name, e.startTime, e.responseEnd])")
        first = [a for a in asked if "limit=200" in a[0]]
        whole = [a for a in asked if "limit=" not in a[0]]
        self.assertEqual((len(first), len(whole)), (1, 1), asked)
        self.assertLess(first[0][2], whole[0][1], "the whole listing is asked for once the first rows came")
        self.assertEqual(self.js("return window.__firstRows"), ["true", str(N)],
                         "the first rows were drawn while the rest was on its way, counting the whole list")
        # The first answer knew the whole length; the whole list is what is drawn now.
        self.assertEqual(self.api("/api/v1/tasks?view=area:Long&fields=row&limit=200")["total"], N)
        self.assertEqual({r[1] for r in self.drawn()}, {N})
        self.assertGreater(self.js("return document.getElementById('scroll').scrollHeight"), N * 30)

    def test_1_only_rows_near_the_screen_are_drawn_and_each_knows_its_place(self):
        rows = self.drawn()
        self.assertLess(len(rows), 200, "a long list draws the rows near the screen, not all %d" % N)
        self.assertEqual(rows[0], (1, N, title(1)))
        self.assertEqual({r[1] for r in rows}, {N}, "every row says how long the whole list is")
        self.assertEqual([r[0] for r in rows], list(range(1, len(rows) + 1)), "positions follow each other")
        self.assertEqual([r[2] for r in rows], [title(i) for i in range(1, len(rows) + 1)])
        self.assertFalse(self.js("return !!document.querySelector('#task-list li.group[data-group=\"Beta\"]')"),
                         "the second group's header is far below the screen")
        # The scroller is as tall as the whole list (spacers stand for the rows not drawn).
        self.assertGreater(self.js("return document.getElementById('scroll').scrollHeight"), N * 30)
        # A row shows its notes' mark from the row form's `notes`.
        self.assertIn("Has notes", self.row_text(title(7), visible=False))

    def test_2_scrolling_draws_the_rows_it_reaches(self):
        self.scroll_to(10 ** 9)
        wait_for(lambda: any(r[2] == title(N) for r in self.drawn()), message="the last row drawn at the bottom")
        rows = self.drawn()
        self.assertEqual(rows[-1], (N, N, title(N)))
        self.assertLess(len(rows), 200)
        self.assertNotIn(title(1), [r[2] for r in rows], "the first rows left the DOM")
        # The middle: the second group's header comes with the rows around it.
        self.scroll_to(0)
        wait_for(lambda: self.drawn()[0][0] == 1, message="back at the top")
        per_row = self.js("return document.getElementById('scroll').scrollHeight") / N
        for _ in range(40):  # heights are estimated until measured: close in on the middle
            if self.js("return !!document.querySelector('#task-list li.group[data-group=\"Beta\"]')"):
                break
            rows = self.drawn()
            step = (HALF - (rows[0][0] + rows[-1][0]) / 2) * per_row
            self.scroll_to(self.js("return document.getElementById('scroll').scrollTop") + step)
            self.driver.execute_async_script("requestAnimationFrame(() => requestAnimationFrame(arguments[0]))")
        self.assertTrue(self.js("return !!document.querySelector('#task-list li.group[data-group=\"Beta\"]')"),
                        "the Beta header drawn when its place is on screen")
        titles = [r[2] for r in self.drawn()]
        self.assertIn(title(HALF + 1), titles)

    def test_3_the_keyboard_reaches_rows_off_screen(self):
        self.assertNotIn(title(301), [r[2] for r in self.drawn()])
        self.js("document.querySelector('#task-list li.task .task-title').focus()")
        ActionChains(self.driver).send_keys("j" * 300).perform()
        wait_for(lambda: self.js("const li = document.activeElement.closest('li.task');"
                                 "return li && li.getAttribute('aria-posinset')") == "301",
                 message="j three hundred times: the 301st row focused")
        info = self.js("const li = document.activeElement.closest('li.task'); const r = li.getBoundingClientRect();"
                       "const s = document.getElementById('scroll').getBoundingClientRect();"
                       "return [li.querySelector('.task-title').textContent, li.classList.contains('selected'),"
                       " r.top >= s.top - 1 && r.bottom <= s.bottom + 1]")
        self.assertEqual(info, [title(301), True, True], "the row drawn, selected and on screen")
        ActionChains(self.driver).send_keys("k" * 5).perform()
        wait_for(lambda: self.js("return document.activeElement.closest('li.task').getAttribute('aria-posinset')") == "296",
                 message="k goes back")
        self.assertLess(len(self.drawn()), 200)

    def test_4_dragging_reorders_rows_far_down_the_list(self):
        # Far from the first group's header (which is not drawn): the row moves within its group.
        self.js("document.querySelector('#task-list li.task .task-title').focus()")
        ActionChains(self.driver).send_keys("j" * 599).perform()
        wait_for(lambda: self.js("const li = document.activeElement.closest('li.task');"
                                 "return li && li.getAttribute('aria-posinset')") == "600",
                 message="row 600 reached (at %r)" % self.js("return document.activeElement.outerHTML.slice(0, 300)"))
        self.assertFalse(self.js("return !!document.querySelector('#task-list li.group[data-group=\"Alpha\"]')"))
        point = ("const li = [...document.querySelectorAll('#task-list li.task')].find(l => "
                 "l.querySelector('.task-title').textContent === arguments[0]);"
                 "const r = li.getBoundingClientRect(), t = li.querySelector('.task-title').getBoundingClientRect();"
                 "return [t.left + Math.min(20, t.width / 2), r.top + r.height * arguments[1]];")
        self.js("document.activeElement.closest('li.task').scrollIntoView({block: 'center'})")
        self.driver.execute_async_script("requestAnimationFrame(() => requestAnimationFrame(arguments[0]))")
        start = self.js(point, title(600), 0.3)
        end = self.js(point, title(603), 0.9)
        drag(self.driver, start, end)
        def order():
            listing = self.api("/api/v1/tasks?view=area%3ALong&fields=row")
            return [t["title"] for g in listing["groups"] for t in g["tasks"]]
        wait_for(lambda: order()[599:603] == [title(601), title(602), title(603), title(600)],
                 message="the row moved below Task 0603 in the saved order")
        self.assertEqual(self.api("/api/v1/tasks/" + name(600))["project"], "Alpha", "still in its group")
        wait_for(lambda: [r[2] for r in self.drawn() if 600 <= r[0] <= 603] == [title(601), title(602), title(603), title(600)],
                 message="the list drawn again in the new order")
