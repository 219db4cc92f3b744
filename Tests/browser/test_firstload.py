"""Browser tests of what the web app's first screen costs (issue 17): the files it downloads
compressed, the code of the notes and of reminders' answers loaded only when first used, and the
theme's tints computed by the stylesheet (no script reads the page's colours before it is drawn).
See harness.py for how to run them alone."""

import contextlib
import json
import os
import re
import shutil
import tempfile
import urllib.request

from selenium.webdriver.common.by import By
from harness import DESKTOP, PHONE, TODAY, BrowserTestCase, frontmatter, set_viewport, wait_for, write_task

LATER = ("notes.js", "notes-format.js", "notes-markdown.js", "notes-conflict.js", "notes-actions.js",
         "editor-reminders.js", "notes.css", "planner.css", "planner.js")


def loaded(driver):
    """The app's files the page has downloaded so far: name → (bytes on the wire, bytes)."""
    return {e[0]: (e[1], e[2]) for e in driver.execute_script(
        "return performance.getEntriesByType('resource').filter((e) => !e.name.includes('/api/'))"
        ".map((e) => [e.name.replace(/^.*\\//, ''), e.encodedBodySize, e.decodedBodySize])")}


def rgb(css):
    """[r, g, b] (0–255) of a computed colour: `rgb(…)` or `color(srgb …)`."""
    m = re.match(r"color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)", css)
    if m:
        return [float(x) * 255 for x in m.groups()]
    m = re.match(r"rgba?\((\d+), (\d+), (\d+)", css)
    if m:
        return [float(x) for x in m.groups()]
    raise AssertionError("not a colour: %r" % css)


def listing_requests(driver):
    """The task listings the page has asked for, in order: their query strings."""
    return driver.execute_script(
        "return performance.getEntriesByType('resource').map((e) => e.name)"
        ".filter((n) => n.includes('/api/v1/tasks?')).map((n) => n.slice(n.indexOf('?') + 1))")


@contextlib.contextmanager
def slow_network(driver, latency):
    """Every request of the page takes `latency` ms longer while inside (the DevTools network
    emulation), and none once out, whatever happened inside."""
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": latency, "downloadThroughput": -1, "uploadThroughput": -1})
    try:
        yield
    finally:
        driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
            "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})


class PlumberCase(BrowserTestCase):
    """One task due today; no console error may be left; loads of the app with a cold cache.
    These tests time the page's loading (what comes before what, an answer kept for 2 s), so
    run.py runs them when no other class runs."""

    run_alone = True

    @classmethod
    def write_fixtures(cls, vault):
        write_task(vault, "20261120-0800-call-the-plumber.md", "Call the plumber", due=TODAY,
                   created="2026-11-20T08:00:00Z")
        with open(os.path.join(vault, ".perspectives.json"), "w", encoding="utf-8") as fh:
            json.dump({"version": 1, "order": ["errands"], "perspectives": {"errands": {
                "id": "errands", "name": "Errands", "icon": "cart", "color": "#D0021B",
                "rules": {"operator": "AND", "conditions": [{"field": "status", "op": "in", "value": ["todo"]}]},
                "sort": {"field": "title"}, "group_by": "priority", "layout": "compact", "manual_order": None}}}, fh)

    def tearDown(self):
        self.check_console()

    def open_cold(self, hash_="#/view/today"):
        """Loads the app at hash_ with the browser's cache cleared; the files it loaded."""
        self.driver.execute_cdp_cmd("Network.enable", {})
        self.driver.execute_cdp_cmd("Network.clearBrowserCache", {})
        self.open(hash_)
        return loaded(self.driver)


class FirstLoadTest(PlumberCase):
    def test_1_the_first_screen_downloads_compressed_files_and_no_notes_code(self):
        files = self.open_cold()
        # Two scripts: the server joins the modules of the first screen, and the rest of the app's
        # start (ModuleBundle.swift).
        self.assertEqual(sorted(f for f in files if f.endswith(".js")), ["app.bundle.js", "first.bundle.js"])
        self.assertEqual([f for f in LATER if f in files], [], "loaded before first use")
        # Every script and stylesheet came gzipped: fewer bytes on the wire than in the file, and
        # together less than 40 % of them.
        code = {name: v for name, v in files.items() if name.endswith((".js", ".css"))}
        for name, (wire, size) in code.items():
            self.assertLess(wire, size, "%s: %d bytes sent for %d" % (name, wire, size))
        wire, size = sum(w for w, _ in code.values()), sum(s for _, s in code.values())
        self.assertLess(wire, size * 0.4, "%d bytes sent for %d" % (wire, size))
        # The notes load when they are opened, and work.
        self.driver.get(self.url + "#/notes")
        wait_for(lambda: self.driver.execute_script("return !!document.querySelector('#notes-view .notes-new')"),
                 message="the notes screen")
        self.assertIn("notes.js", loaded(self.driver))
        # … with their style sheet: the list's quick entry is hidden, the notes' grid laid out.
        self.assertIn("notes.css", loaded(self.driver))
        self.assertEqual(self.driver.execute_script(
            "return [getComputedStyle(document.getElementById('quick')).display,"
            " getComputedStyle(document.getElementById('notes-view')).display]"), ["none", "grid"])
        # Leaving them gives the list back.
        self.open("#/view/today")
        self.assertEqual(self.titles(), ["Call the plumber"])
        self.assertIsNone(self.driver.execute_script("return document.getElementById('notes-view')"))

    def test_1b_the_first_list_has_the_vaults_today_before_the_sidebar_answers(self):
        """The page says the vault's now (its clock and time zone, not the browser's): the first
        list is drawn with its today, also while the sidebar's answer (which says it too) has not
        come."""
        with urllib.request.urlopen(self.url) as page:
            self.assertIn('<meta name="todomd-now" content="%sT09:00">' % TODAY, page.read().decode())
        self.driver.execute_cdp_cmd("Network.enable", {})
        self.driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/api/v1/sidebar*"]})
        try:
            self.driver.get("about:blank")
            self.open("#/view/today")
            row = self.row("Call the plumber")
            self.assertIn("Due Today", row.text)
            self.assertEqual(self.driver.execute_script("return document.querySelector('#sidebar .nav-item')"), None,
                             "the sidebar has not been drawn: its answer never came")
        finally:
            self.driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
            self.driver.get("about:blank")  # the next test loads the app afresh, sidebar and all
            self.drain_console()  # the blocked request's error, and what the app said of it

    def test_1f_the_first_list_is_drawn_as_it_stays_before_the_sidebar_answers(self):
        """A first screen is drawn with its rows as it is once everything has come (its title,
        icon and buttons; a perspective's grouping and layout): its listing's answer (the row
        form) says the view's or the perspective's name, icon, colour, grouping and layout, which
        the sidebar's answer says too but later."""
        header = ("const h = document.getElementById('view-title'), svg = h.querySelector('svg');"
                  "return [h.textContent, svg && svg.innerHTML, svg && svg.style.color, document.title,"
                  " [...document.querySelectorAll('#head-actions [aria-label]')].map((b) => b.getAttribute('aria-label')),"
                  " document.getElementById('task-list').className,"
                  " [...document.querySelectorAll('#task-list .group-name')].map((g) => g.textContent)]")
        wholes = {}
        for hash_ in ("#/view/today", "#/view/anytime", "#/perspective/errands"):
            self.open(hash_)
            wait_for(lambda: self.driver.execute_script("return document.querySelector('#sidebar .nav-item')"),
                     message="the sidebar")
            whole = wholes[hash_] = self.driver.execute_script(header)
            self.assertTrue(whole[0] and whole[1], whole)
            self.driver.execute_cdp_cmd("Network.enable", {})
            self.driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/api/v1/sidebar*"]})
            try:
                self.driver.get("about:blank")
                self.open(hash_)
                self.row("Call the plumber")
                self.assertEqual(self.driver.execute_script(header), whole, hash_)
                self.assertEqual(self.driver.execute_script("return document.querySelector('#sidebar .nav-item')"),
                                 None, "the sidebar has not been drawn: its answer never came")
            finally:
                self.driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
                self.driver.get("about:blank")
                self.drain_console()
        self.assertEqual(wholes["#/perspective/errands"][0], "Errands")
        self.assertIn("View rules", wholes["#/view/today"][4])
        self.assertIn("Edit perspective", wholes["#/perspective/errands"][4])
        self.assertIn("layout-compact", wholes["#/perspective/errands"][5])
        self.assertIn("None priority", wholes["#/perspective/errands"][6])

    def listing_requests(self):
        return listing_requests(self.driver)

    def api_requests(self):
        """The API requests the page has made, in the order it made them (the probe installed by
        `probe_fetches`): their paths and query strings."""
        return self.driver.execute_script("return window.__fetches || []")

    def probe_fetches(self):
        """Notes every `fetch` of the API a page makes from its very start."""
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
            window.__fetches = [];
            window.__fetchTimes = {};
            const fetch0 = window.fetch;
            window.fetch = function (url, options) {
              const u = String(url);
              const answer = fetch0.apply(this, arguments);
              if (u.includes('/api/v1/')) {
                const path = u.slice(u.indexOf('/api/v1/') + 8);
                window.__fetches.push(path);
                const times = window.__fetchTimes[path] || (window.__fetchTimes[path] = [performance.now(), null]);
                answer.then(() => { if (times[1] === null) times[1] = performance.now(); }, () => {});
              }
              return answer;
            };"""})

    def fetch_times(self):
        """Path → [when the page asked for it first, when that answer's headers came] (ms)."""
        return self.driver.execute_script("return window.__fetchTimes || {}")

    def test_1c_the_first_rows_are_asked_for_before_the_rest_of_the_app_runs(self):
        """The first joined script runs first.js right after the few modules it imports: the route's
        first rows, with its saved sort, are the page's first request, before the theme and the
        timer the app asks for when it starts; the sidebar and the categories are asked for only
        once the rows' answer has come, so that the server answers it alone. The app draws that
        answer and asks nothing twice."""
        self.driver.get(self.url + "#/view/today")
        self.driver.execute_script("localStorage.setItem('todomd.view.today', JSON.stringify({sort: 'title'}))")
        self.probe_fetches()
        try:
            self.driver.get("about:blank")
            self.open("#/view/today")
            self.assertEqual(self.titles(), ["Call the plumber"])
            asked = self.api_requests()
            self.assertEqual(asked[0], "tasks?fields=row&limit=200&view=today&sort=title")
            self.assertGreater(len(asked), 2, "the app's own requests came after it: %r" % asked)
            times = self.fetch_times()
            rows = times["tasks?fields=row&limit=200&view=today&sort=title"]
            for later in ("sidebar", "categories"):
                self.assertGreaterEqual(times[later][0], rows[1], "%s asked for before the rows' answer: %r" % (later, times))
            self.assertEqual(self.listing_requests(), ["fields=row&limit=200&view=today&sort=title"])
            # A page without a route shows Today, and asked for it first too.
            self.driver.get("about:blank")
            self.open("")
            self.assertEqual(self.listed_view(), "today")
            self.assertEqual(self.api_requests()[0], "tasks?fields=row&limit=200&view=today&sort=title")
            self.assertEqual(self.listing_requests(), ["fields=row&limit=200&view=today&sort=title"])
        finally:
            self.driver.execute_script("localStorage.removeItem('todomd.view.today')")

    def test_1d_no_name_of_the_joined_script_is_a_browser_global(self):
        """Joined, the start modules share one scope (one of each script, the second importing what
        it uses of the first): a module's own top-level name that is also
        a browser global (`open`, `name`, `status`) would become what another module means by the
        global. The script's top-level declarations (each at the start of a line, as the app's
        modules write them) are none of a blank window's names."""
        self.open("#/view/today")
        srcs = self.driver.execute_script("return [document.querySelector('script[type=module]').src,"
                                          " document.querySelector('link[rel=modulepreload]').href]")
        self.assertTrue(srcs[0].endswith("/first.bundle.js") and srcs[1].endswith("/app.bundle.js"), srcs)
        script = ""
        for src in srcs:
            with urllib.request.urlopen(src) as r:
                script += r.read().decode()
        names = set()
        for m in re.finditer(r"^(?:async )?(?:function\*? ?|class )([\w$]+)|^(?:const|let|var) ([^;=]+=?)", script, re.M):
            if m.group(1):
                names.add(m.group(1))
            else:
                names.add(re.match(r"[\w$]+", m.group(2)).group(0))
        for m in re.finditer(r"^let (.*);$", script, re.M):  # `let a = null, b = null;`
            names.update(re.findall(r"(?:^|, )([\w$]+)(?= =|,|$)", m.group(1)))
        self.assertGreater(len(names), 200)
        globals_ = self.driver.execute_script("""
            const frame = document.createElement('iframe');
            document.body.append(frame);
            const w = frame.contentWindow;
            const found = arguments[0].filter((n) => n in w);
            frame.remove();
            return found;""", sorted(names))
        self.assertEqual(globals_, [])

    def probe_shown(self):
        """Notes, from a page's very start, when `#app` stops being hidden and when the first
        task row is in the list (ms, and the number of the observer's call that saw each: one
        call sees all that one task of the page's script changed), and whether the app was
        hidden once the page had parsed. Answers the script's identifier (to remove it)."""
        return self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
            window.__shown = { at: null, rowsAt: null, batch: null, rowsBatch: null, hiddenAtParse: null };
            document.addEventListener('DOMContentLoaded', () => {
              const app = document.getElementById('app');
              window.__shown.hiddenAtParse = app ? app.hidden : null;
            });
            let calls = 0;
            new MutationObserver(() => {
              const now = performance.now(), call = ++calls, s = window.__shown;
              const app = document.getElementById('app');
              if (app && !app.hidden && s.at === null) { s.at = now; s.batch = call; }
              if (s.rowsAt === null && document.querySelector('#task-list li.task')) { s.rowsAt = now; s.rowsBatch = call; }
            }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['hidden'] });"""})

    def test_1e_the_first_screen_is_shown_with_its_rows_or_after_a_while_without(self):
        """The app is hidden until its first rows are drawn, so that the browser lays out and
        paints the page once, rows and all (not first the empty shell); when the rows are slow to
        come, it is shown without them after SHOW_BY (ui.js, 400 ms); another first screen (the
        notes) is shown at once."""
        probe = self.probe_shown()["identifier"]
        self.addCleanup(self.driver.execute_cdp_cmd, "Page.removeScriptToEvaluateOnNewDocument", {"identifier": probe})
        self.driver.get("about:blank")
        self.open("#/view/today")
        self.assertEqual(self.titles(), ["Call the plumber"])
        shown = self.driver.execute_script("return window.__shown")
        self.assertTrue(shown["hiddenAtParse"], shown)
        self.assertIsNotNone(shown["at"], shown)
        # In the same call of the observer: shown by the task that drew the rows. (Not by their
        # times: on a busy machine a millisecond can pass between two readings in one call.)
        self.assertEqual(shown["batch"], shown["rowsBatch"], "shown with the rows: %r" % shown)
        # The rows' answer held up: the page shows the app without them, then draws them.
        self.driver.execute_cdp_cmd("Network.enable", {})
        self.driver.get("about:blank")
        with slow_network(self.driver, 900):
            self.open("#/view/today")
            self.assertEqual(self.titles(), ["Call the plumber"])
        shown = self.driver.execute_script("return window.__shown")
        self.assertIsNotNone(shown["at"], shown)
        self.assertLess(shown["at"] + 200, shown["rowsAt"], "shown before the slow rows: %r" % shown)
        # A first screen that is no list is shown as it takes over.
        self.driver.get("about:blank")
        self.driver.get(self.url + "#/notes")
        wait_for(lambda: self.driver.execute_script("return !!document.querySelector('#notes-view')"),
                 message="the notes screen")
        shown = self.driver.execute_script("return window.__shown")
        self.assertIsNotNone(shown["at"], shown)
        self.assertTrue(self.driver.find_element(By.ID, "notes-view").is_displayed())

    def leave_while_loading(self, hash_, files, screen):
        """Asks for `hash_` and, 50 ms later, for the Inbox, on a slow network: once `files` (the
        screen's code and style sheet) have come, the Inbox is listed and the screen (`#SCREEN-view`,
        `SCREEN-mode`) never covers it."""
        self.driver.execute_cdp_cmd("Network.enable", {})
        self.driver.execute_cdp_cmd("Network.clearBrowserCache", {})
        self.open("#/view/today")
        with slow_network(self.driver, 400):
            self.driver.execute_script("location.hash = arguments[0]; setTimeout(() => { location.hash = '#/view/inbox'; }, 50);",
                                       hash_)
            wait_for(lambda: set(files) <= set(loaded(self.driver)), timeout=10, message="%s to arrive" % ", ".join(files))
            wait_for(lambda: self.listed_view() == "inbox", message="the Inbox")
        self.assertIsNone(self.driver.execute_script("return document.getElementById(arguments[0])", screen + "-view"))
        self.assertFalse(self.driver.execute_script("return document.getElementById('app').classList.contains(arguments[0])",
                                                    screen + "-mode"))

    def test_2_leaving_the_notes_before_they_load_stays_left(self):
        """A route asked for while the notes' code still loads wins: the notes never cover it."""
        self.leave_while_loading("#/notes", ["notes.js"], "notes")

    def test_2b_the_planner_comes_styled_and_leaving_it_before_it_loads_stays_left(self):
        """The planner's code and style sheet load when it is opened (not on the first screen),
        together, and it is drawn styled; a route asked for while they load wins."""
        self.leave_while_loading("#/plan", ["planner.js", "planner.css"], "plan")
        self.driver.get(self.url + "#/plan")
        wait_for(lambda: self.driver.execute_script("return !!document.querySelector('#plan-view .region-card')"),
                 message="the planner's region cards")
        self.assertEqual(self.driver.execute_script(
            "return [getComputedStyle(document.getElementById('quick')).display,"
            " getComputedStyle(document.querySelector('.region-grid')).display]"), ["none", "grid"])

    def test_3_tints_are_solid_mixes_of_the_theme_colours(self):
        """The selected view's background is the accent mixed 13 % into the background — the one
        set in `.theme.json` too — as an opaque colour contrast checkers can read."""
        for accent in (None, "#ff0000"):
            with open(self.vault + "/.theme.json", "w") as f:
                json.dump({"preset": "classic", "overrides": {"accent": accent} if accent else {}}, f)
            self.open("#/view/today")
            if accent:
                wait_for(lambda: self.driver.execute_script(
                    "return getComputedStyle(document.documentElement).getPropertyValue('--accent').trim()") == accent,
                    message="the theme's accent")
            colours = self.driver.execute_script(
                "const probe = (v) => { const d = document.createElement('div'); d.style.color = v;"
                " document.body.append(d); const c = getComputedStyle(d).color; d.remove(); return c; };"
                "const root = getComputedStyle(document.documentElement);"
                "return [probe(root.getPropertyValue('--accent')), probe(root.getPropertyValue('--background')),"
                " getComputedStyle(document.querySelector('.nav-item[aria-current=\"page\"]')).backgroundColor];")
            fg, bg, got = rgb(colours[0]), rgb(colours[1]), colours[2]
            self.assertNotIn("/", got, "an opaque colour: %s" % got)
            want = [f * 0.13 + b * 0.87 for f, b in zip(fg, bg)]
            for w, g in zip(want, rgb(got)):
                self.assertAlmostEqual(w, g, delta=1.0, msg="%s is not 13 %% of %s in %s" % (got, colours[0], colours[1]))
            if accent:
                self.assertEqual([round(x) for x in fg], [255, 0, 0])


# Installed before any page script: when the first task row is in the list, notes whether the app
# was wired by then (the header's buttons are drawn by app.js), the rows as drawn and where the
# first one is, and (when asked in localStorage) clicks the first row's check box at once, in the
# same task; when the app has drawn its list (aria-busy false), the same of its rows.
FIRST_SCREEN_PROBE = """
(() => {
  const seen = () => ({
    wired: !!document.querySelector('#head-actions > *'),
    shown: !document.getElementById('app').hidden,
    busy: document.getElementById('task-list').getAttribute('aria-busy'),
    title: document.getElementById('view-title').textContent,
    rows: [...document.querySelectorAll('#task-list li.task')].map((r) => r.outerHTML),
    top: document.querySelector('#task-list li.task').getBoundingClientRect().top,
    accent: getComputedStyle(document.documentElement).getPropertyValue('--accent').trim(),
  });
  const mo = new MutationObserver(() => {
    const ul = document.getElementById('task-list');
    if (!window.__first && ul && ul.querySelector('li.task')) {
      window.__first = seen();
      if (localStorage.getItem('test.clickFirst')) {
        localStorage.removeItem('test.clickFirst');
        const li = ul.querySelector('li.task');
        window.__first.clicked = li.dataset.id;
        li.querySelector('.check').click();
      }
    }
    if (window.__first && ul.getAttribute('aria-busy') === 'false') { window.__app = seen(); mo.disconnect(); }
  });
  mo.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
})();
"""


class FirstScreenTest(BrowserTestCase):
    """The first screen is drawn by first.js before the rest of the app runs: the title and the
    rows a screen shows, as the list draws them, in the theme's colours; then the app draws them
    again, wired, and a click on a row in between is not lost."""

    @classmethod
    def write_fixtures(cls, vault):
        write_task(vault, "20261120-0800-call-the-plumber.md", "Call the plumber", due=TODAY, priority="high",
                   tags=["home"], created="2026-11-20T08:00:00Z")
        write_task(vault, "20261120-0801-plan-the-trip.md", "Plan the trip", due=TODAY, priority="high", project="Travel",
                   created="2026-11-20T08:01:00Z")
        write_task(vault, "20261120-0802-book-flights.md", "Book flights", due=TODAY, priority="high", project="Travel",
                   parent="20261120-0801-plan-the-trip", created="2026-11-20T08:02:00Z")
        for i in range(40):
            write_task(vault, "20261120-09%02d-errand-%02d.md" % (i, i), "Errand %02d" % i, due=TODAY,
                       estimated_minutes=15, created="2026-11-20T09:%02d:00Z" % i)
        with open(os.path.join(vault, ".theme.json"), "w", encoding="utf-8") as fh:
            json.dump({"preset": "classic", "overrides": {"accent": "#c2185b"}}, fh)

    def setUp(self):
        probe = self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FIRST_SCREEN_PROBE})
        self.addCleanup(self.driver.execute_cdp_cmd, "Page.removeScriptToEvaluateOnNewDocument",
                        {"identifier": probe["identifier"]})

    def tearDown(self):
        self.check_console()

    def test_1_the_first_rows_are_drawn_before_the_app_and_as_the_app_draws_them(self):
        self.driver.get("about:blank")
        self.open("#/view/today")
        first = self.driver.execute_script("return window.__first")
        self.assertFalse(first["wired"], "drawn by first.js, before the app was wired")
        self.assertTrue(first["shown"], "shown with its rows")
        self.assertEqual(first["busy"], "true", "the list says it is still loading")
        self.assertEqual(first["title"], "Today")
        self.assertEqual(first["accent"], "#c2185b", "drawn in the theme's colours")
        # As many rows as a screen shows, not the whole list; each as the list draws it.
        self.assertGreater(len(first["rows"]), 10)
        self.assertLess(len(first["rows"]), 43)
        app = self.driver.execute_script("return window.__app")
        self.assertTrue(app["wired"])
        self.assertEqual(first["rows"], app["rows"][:len(first["rows"])])
        # Where the app's header and buttons will be is kept: nothing moves when they come.
        self.assertEqual(first["top"], app["top"])
        self.assertIn('aria-setsize="43"', first["rows"][0])
        self.assertIn("Book flights", "".join(first["rows"]))
        self.assertIn('data-depth="1"', [r for r in first["rows"] if "Book flights" in r][0])

    def test_1b_on_a_phone_too(self):
        set_viewport(self.driver, *PHONE)
        self.addCleanup(set_viewport, self.driver, *DESKTOP)
        self.driver.get("about:blank")
        self.open("#/view/today")
        first, app = self.driver.execute_script("return [window.__first, window.__app]")
        self.assertFalse(first["wired"])
        self.assertEqual(first["rows"], app["rows"][:len(first["rows"])])
        self.assertEqual(first["top"], app["top"])

    def test_2_a_click_before_the_app_is_wired_reaches_the_row(self):
        """The probe clicks the first row's check box the moment it is drawn, before the app has
        loaded: once the app has drawn the row, the task is completed."""
        self.open("#/view/today")
        self.driver.execute_script("localStorage.setItem('test.clickFirst', '1')")
        self.driver.get("about:blank")
        self.open("#/view/today")
        first = self.driver.execute_script("return window.__first")
        self.assertFalse(first["wired"])
        self.assertTrue(first.get("clicked"), first)
        wait_for(lambda: frontmatter(self.path(first["clicked"])).get("status") == "done",
                 message="the task completed by the click before the app was wired")

    def test_3_the_first_screen_is_drawn_without_the_rest_of_the_app(self):
        """With the rest of the app held back (app.bundle.js blocked), the first screen is still
        drawn: its title and rows."""
        self.driver.execute_cdp_cmd("Network.enable", {})
        self.driver.execute_cdp_cmd("Network.clearBrowserCache", {})
        self.driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/app.bundle.js"]})
        try:
            self.driver.get("about:blank")
            self.driver.get(self.url + "#/view/anytime")
            wait_for(lambda: self.driver.execute_script("return window.__first"), message="the first screen")
            first = self.driver.execute_script("return window.__first")
            self.assertEqual(first["title"], "Anytime")
            self.assertIn("Errand 00", "".join(first["rows"]))
            self.assertFalse(self.driver.execute_script("return !!document.querySelector('#head-actions > *')"))
        finally:
            self.driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
            self.driver.get("about:blank")
            self.drain_console()  # the blocked script's errors


STATIC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Sources", "TodoMDWeb", "Static")


class UnjoinedPageTest(PlumberCase):
    """Modules the server cannot join (here a copy of the app served with TODOMD_WEB_ROOT, where
    app.js declares a name util.js declares too) are served one by one, as index.html names them:
    the app works, the server says why, and first.js sends the first rows' request while the rest
    of the app still loads."""

    @classmethod
    def setUpClass(cls):
        cls.web_root = tempfile.mkdtemp(prefix="todomd-unjoined-")
        shutil.copytree(STATIC, cls.web_root, dirs_exist_ok=True)
        with open(os.path.join(cls.web_root, "app.js"), "a", encoding="utf-8") as f:
            f.write("\nconst SVG = 'a name util.js declares too';\n")
        cls.server_env = {"TODOMD_WEB_ROOT": cls.web_root}
        try:
            super().setUpClass()
        finally:
            cls.addClassCleanup(shutil.rmtree, cls.web_root, True)

    def test_1_the_modules_come_one_by_one_and_the_server_says_why(self):
        files = self.open_cold()
        self.assertEqual(self.titles(), ["Call the plumber"])
        self.assertNotIn("app.bundle.js", files)
        self.assertLessEqual({"first.js", "app.js", "list.js", "util.js"}, set(files))
        self.assertIn("the web app's start modules are served one by one, not joined: app.js:", self.server.more_output())
        self.assertIn("`SVG` is declared at the top level of both util.js and app.js", self.server.more_output())

    def test_2_the_first_rows_are_asked_for_before_the_app_has_loaded(self):
        """first.js asks for the route's first rows as soon as its own few modules are in: with
        the rest of the app held back (app.js blocked), the request has still left, with the
        route's saved sort, and the app never started (first.js started it, and said it could
        not). Once the app loads, it draws that answer and asks nothing twice. (Whether the first
        screen drew the rows meanwhile depends on how soon they came: FirstScreenTest.)"""
        self.driver.get(self.url + "#/view/today")
        self.driver.execute_script("for (const v of ['anytime', 'today']) localStorage.setItem('todomd.view.' + v, JSON.stringify({sort: 'title'}))")

        def forget():
            self.driver.get(self.url + "#/view/today")
            self.driver.execute_script("localStorage.removeItem('todomd.view.today'); localStorage.removeItem('todomd.view.anytime')")
        self.addCleanup(forget)  # also when an assertion fails: the next test lists without a sort
        self.driver.execute_cdp_cmd("Network.enable", {})
        self.driver.execute_cdp_cmd("Network.clearBrowserCache", {})
        self.driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/app.js"]})
        try:
            self.driver.get("about:blank")
            self.driver.get(self.url + "#/view/anytime")
            wait_for(lambda: listing_requests(self.driver), message="the first rows' request")
            self.assertEqual(listing_requests(self.driver), ["fields=row&limit=200&view=anytime&sort=title"])
            wait_for(lambda: any("the app did not load" in e.get("message", "") for e in self.drain_console()),
                     timeout=10, message="first.js saying the app did not load")
            self.assertEqual(self.driver.execute_script(
                "return [document.getElementById('task-list').getAttribute('aria-busy'), !!document.querySelector('#head-actions > *')]"),
                ["true", False], "the app never loaded")
        finally:
            self.driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
            self.driver.get("about:blank")
            self.drain_console()  # the blocked module's error
        # The whole app: the early answer is the one drawn (one request, not two).
        self.open("#/view/today")
        self.assertEqual(self.titles(), ["Call the plumber"])
        self.assertEqual(listing_requests(self.driver), ["fields=row&limit=200&view=today&sort=title"])

    def test_3_an_early_answer_the_app_takes_late_is_asked_for_again(self):
        """The live updates start only once the app runs: on a slow network, where the app takes
        seconds to load after the first rows were asked for, their answer may miss a change made
        meanwhile, so the list asks again (first.js keeps an early answer for 2 s)."""
        self.driver.execute_cdp_cmd("Network.enable", {})
        self.driver.execute_cdp_cmd("Network.clearBrowserCache", {})
        self.driver.get("about:blank")
        # 24 modules over 6 connections: four rounds of 1 s at least after the first rows' request.
        with slow_network(self.driver, 1000):
            self.open("#/view/today")
        self.assertEqual(self.titles(), ["Call the plumber"])
        self.assertEqual(listing_requests(self.driver), ["fields=row&limit=200&view=today"] * 2)


class ComingBackTest(PlumberCase):
    """A page of the app the browser keeps in its back/forward cache holds no connection: the
    app loads at once however often it was left, and a page brought back is live again."""

    def test_1_the_app_loads_at_once_after_being_left_many_times(self):
        """Each page left to another used to keep its live-update stream open in the cache, and a
        browser opens six connections to a server: the seventh load waited a minute for one."""
        self.driver.set_page_load_timeout(15)
        self.addCleanup(self.driver.set_page_load_timeout, 300)
        for _ in range(8):
            self.open("#/view/today")
            self.assertEqual(self.titles(), ["Call the plumber"])
            self.driver.get("about:blank")

    def test_2_a_page_brought_back_shows_what_changed_and_stays_live(self):
        probe = self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
            window.addEventListener('pageshow', (ev) => { (window.__shows = window.__shows || []).push(ev.persisted); });"""})
        self.addCleanup(self.driver.execute_cdp_cmd, "Page.removeScriptToEvaluateOnNewDocument",
                        {"identifier": probe["identifier"]})
        self.open("#/view/today")
        self.driver.get("about:blank")
        write_task(self.vault, "20261121-0900-fix-the-tap.md", "Fix the tap", due=TODAY)
        self.driver.back()
        wait_for(lambda: self.driver.execute_script("return window.__shows") == [False, True],
                 message="the page brought back from the cache (pageshow persisted)")
        wait_for(lambda: self.titles() == ["Call the plumber", "Fix the tap"], message="the task added while away")
        write_task(self.vault, "20261121-0901-buy-washers.md", "Buy washers", due=TODAY)
        wait_for(lambda: "Buy washers" in self.titles(), message="a task added after, live")
