"""Shared harness of the browser tests: a `todomd serve` on a fresh vault and a headless Chromium.

    TODOMD_BIN=/path/to/todomd python3 Tests/browser/run.py      # the suite, 2 classes at a time
    TODOMD_BIN=/path/to/todomd python3 -m unittest discover -s Tests/browser -t Tests/browser

Each test class gets its own temporary vault (the class writes its fixture files in
`write_fixtures`), its own server (`todomd --vault TMP serve --port 0`, clock fixed at
2026-11-21 09:00 Europe/Berlin) and its own browser. Both are stopped when the class ends,
whatever happened (class cleanups run even when setUpClass fails half-way).

Environment: TODOMD_BIN (default: the debug build's todomd), CHROMIUM (default /usr/bin/chromium),
CHROMEDRIVER (default /usr/bin/chromedriver), TODOMD_WEB_ROOT (serve the UI from this folder,
passed through to the server), BROWSER_TEST_HEADFUL=1 (show the window, for debugging).
Needs: selenium, selenium-axe-python (pip); chromium, chromium-driver (apt).
"""

import json
import os
import re
import select
import shutil
import signal
import subprocess
import tempfile
import time
import unittest

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By

try:  # selenium-axe-python
    from selenium_axe_python import Axe
except ImportError:  # the older axe-selenium-python, same API
    from axe_selenium_python import Axe

ROOT = os.path.realpath(os.path.join(os.path.dirname(__file__), "..", ".."))
NOW = "2026-11-21T09:00:00"
TODAY = "2026-11-21"
CREATED = "2026-11-20T08:00:00Z"

DESKTOP = (1440, 900)
PHONE = (375, 812)


def todomd_bin():
    """The binary under test: $TODOMD_BIN, else the debug build's."""
    path = os.environ.get("TODOMD_BIN")
    if path:
        return path
    out = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True, check=True)
    return os.path.join(out.stdout.strip(), "todomd")


# ---------------------------------------------------------------------------------------------
# Vault files

def q(s):
    """A YAML double-quoted string."""
    return json.dumps(s, ensure_ascii=False)


def task_text(title, status="todo", created=CREATED, source="user", body="", **fields):
    """A task file in the canonical §3 format. Lists are written as block lists; None is omitted."""
    lines = ["---", "title: " + q(title), "status: " + q(status)]
    order = ["due", "defer", "scheduled", "priority", "flagged", "area", "project", "tags", "recurrence",
             "estimated_minutes", "description"]
    fields.setdefault("flagged", False)
    for key in order:
        v = fields.pop(key, None)
        if v is None:
            continue
        if isinstance(v, bool):
            lines.append("%s: %s" % (key, "true" if v else "false"))
        elif isinstance(v, int):
            lines.append("%s: %d" % (key, v))
        elif isinstance(v, (list, tuple)):
            lines.append(key + ":")
            lines.extend("  - " + t for t in v)
        else:
            lines.append("%s: %s" % (key, q(v)))
    lines += ["created: " + q(created), "modified: " + q(created), "completed: null", "source: " + q(source)]
    for key, v in fields.items():  # anything else, as given
        lines.append("%s: %s" % (key, q(v) if isinstance(v, str) else json.dumps(v)))
    lines.append("---")
    text = "\n".join(lines) + "\n"
    if body:
        text += "\n" + body.rstrip("\n") + "\n"
    return text


def write_task(vault, name, title, **fields):
    """Writes VAULT/NAME (NAME may contain folders) and returns the task id (NAME)."""
    path = os.path.join(vault, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(task_text(title, **fields))
    return name


def frontmatter(path):
    """A small reader for the frontmatter of a task file: {key: str | list | None}."""
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    m = re.match(r"---\n(.*?)\n---\n", text, re.S)
    if not m:
        raise AssertionError("no frontmatter in %s:\n%s" % (path, text))
    out, key = {}, None
    for line in m.group(1).split("\n"):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        item = re.match(r"\s+-\s+(.*)$", line)
        if item and key is not None:
            if not isinstance(out.get(key), list):
                out[key] = []
            out[key].append(unquote(item.group(1)))
            continue
        kv = re.match(r"([^\s:][^:]*):\s*(.*)$", line)
        if kv:
            key = kv.group(1)
            v = kv.group(2).strip()
            if v.startswith("[") and v.endswith("]"):
                out[key] = [unquote(x.strip()) for x in v[1:-1].split(",") if x.strip()]
            else:
                out[key] = None if v in ("", "null", "~") else unquote(v)
    return out


def unquote(v):
    if len(v) >= 2 and v[0] == '"' and v[-1] == '"':
        return json.loads(v)
    if len(v) >= 2 and v[0] == "'" and v[-1] == "'":
        return v[1:-1].replace("''", "'")
    return v


def task_files(vault):
    """Every task file's id (relative path) in the vault, hidden folders skipped."""
    out = []
    for dirpath, dirnames, filenames in os.walk(vault):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for f in filenames:
            if f.endswith(".md"):
                out.append(os.path.relpath(os.path.join(dirpath, f), vault))
    return sorted(out)


# ---------------------------------------------------------------------------------------------
# Server

class TodoServer:
    """`todomd --vault VAULT serve --port 0`, its URL read from the first line it prints."""

    def __init__(self, vault, cache, env=None):
        self.vault, self.cache, self.env = vault, cache, env or {}
        self.proc = None
        self.url = None
        self.output = []

    def start(self, timeout=30):
        env = dict(os.environ)
        env.update({"TODOMD_NOW": NOW, "TZ": "Europe/Berlin", "XDG_CACHE_HOME": self.cache, "NO_COLOR": "1",
                    "LC_ALL": "C.UTF-8"})
        env.pop("TODOMD_VAULT", None)
        env.update(self.env)
        self.proc = subprocess.Popen([todomd_bin(), "--vault", self.vault, "serve", "--port", "0"],
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
        line = self._readline(timeout)
        m = re.search(r"at (http://127\.0\.0\.1:\d+/)", line or "")
        if not m:
            self.stop()
            raise RuntimeError("todomd serve did not print its URL; it printed:\n%s" % "".join(self.output))
        self.url = m.group(1)
        return self.url

    def _readline(self, timeout):
        deadline = time.monotonic() + timeout
        buf = b""
        fd = self.proc.stdout.fileno()
        while time.monotonic() < deadline:
            r, _, _ = select.select([fd], [], [], 0.1)
            if r:
                ch = os.read(fd, 1)
                if not ch:
                    break
                buf += ch
                if ch == b"\n":
                    line = buf.decode("utf-8", "replace")
                    self.output.append(line)
                    return line
            elif self.proc.poll() is not None:
                break
        self.output.append(buf.decode("utf-8", "replace"))
        return None

    def more_output(self, timeout=1.0):
        """What the server has printed since its URL (lines, read for at most `timeout` s)."""
        while self.proc is not None and self._readline(timeout) is not None:
            pass
        return "".join(self.output[1:])

    def stop(self):
        p, self.proc = self.proc, None
        if p is None or p.poll() is not None:
            return
        p.send_signal(signal.SIGINT)
        try:
            p.wait(timeout=5)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait(timeout=5)
        finally:
            p.stdout.close()


# ---------------------------------------------------------------------------------------------
# Browser

def new_driver(size=DESKTOP):
    opts = webdriver.ChromeOptions()
    opts.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    if not os.environ.get("BROWSER_TEST_HEADFUL"):
        opts.add_argument("--headless=new")
    for a in ("--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run",
              "--disable-extensions", "--disable-background-networking", "--disable-sync",
              "--disable-default-apps", "--mute-audio", "--password-store=basic", "--lang=en-US",
              "--window-size=%d,%d" % size):
        opts.add_argument(a)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(service=service, options=opts)
    driver.set_script_timeout(30)
    set_viewport(driver, *size)
    return driver


def set_viewport(driver, width, height, scale=1):
    """An exact viewport (and `mobile` below 768 px, as a phone)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": scale, "mobile": width < 768})


def set_dark(driver, dark):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})


def wait_for(cond, timeout=5.0, interval=0.05, message="condition"):
    """Polls cond() until it returns something truthy; returns it, or fails after timeout seconds."""
    deadline = time.monotonic() + timeout
    last_error = None
    while True:
        try:
            v = cond()
            if v:
                return v
        except Exception as e:  # an element gone stale between two looks, etc.
            last_error = e
        if time.monotonic() >= deadline:
            raise AssertionError("timed out after %.1f s waiting for %s%s" % (
                timeout, message, (" (last error: %r)" % last_error) if last_error else ""))
        time.sleep(interval)


class BrowserTestCase(unittest.TestCase):
    """Base class: a fresh vault, server and browser per test class."""

    size = DESKTOP
    # More environment for the class's server (say, TODOMD_WEB_ROOT).
    server_env = {}
    # Console messages that are expected (regexes); everything else at level SEVERE fails check_console.
    allowed_console = ()

    @classmethod
    def write_fixtures(cls, vault):
        """Override: write the class's task files into vault."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.tmp = tempfile.mkdtemp(prefix="todomd-browser-")
        cls.addClassCleanup(shutil.rmtree, cls.tmp, True)
        cls.vault = os.path.join(cls.tmp, "vault")
        os.makedirs(os.path.join(cls.vault, ".todomd"))
        cls.write_fixtures(cls.vault)
        cls.server = TodoServer(cls.vault, os.path.join(cls.tmp, "cache"), cls.server_env)
        cls.addClassCleanup(cls.server.stop)
        cls.url = cls.server.start()
        cls.driver = new_driver(cls.size)
        cls.addClassCleanup(cls.driver.quit)
        cls.console = []

    # ---- navigation and waiting ----

    def open(self, hash_="#/view/today", wait_list=True):
        """Loads the app at hash_ and waits until the list has been rendered once."""
        self.driver.get(self.url + hash_)
        if wait_list:
            self.wait_listed()

    def wait_listed(self, timeout=5):
        """Until the app has a listing for the current route (rows or the empty state shown)."""
        wait_for(lambda: self.driver.execute_script(
            "const ul = document.getElementById('task-list');"
            "return ul.getAttribute('aria-busy') === 'false' && "
            "(ul.querySelectorAll('li.task').length > 0 || !document.getElementById('empty').hidden)"),
            timeout, message="the task list to render")

    def listed_view(self):
        """The view key of the listing on screen (`today`, `area:Work`, `perspective:ID`), or None
        while one loads."""
        return self.driver.execute_script(
            "const ul = document.getElementById('task-list');"
            "return ul.getAttribute('aria-busy') === 'false' ? ul.dataset.view : null")

    def rows(self):
        """(id, title) of the rows of #task-list, in order."""
        return [tuple(x) for x in self.driver.execute_script(
            "return [...document.querySelectorAll('#task-list li.task')].map(li => "
            "[li.dataset.id, (li.querySelector('.task-title') || li).textContent])")]

    def titles(self):
        return [t for _, t in self.rows()]

    # The row titled arguments[0], found in one script: a list redrawn meanwhile (a live update's
    # refresh) cannot leave the search half done on rows that are gone.
    FIND_ROW = ("const li = [...document.querySelectorAll('#task-list li.task')].find((li) => {"
                " const t = li.querySelector('.task-title'); return t && t.innerText.trim() === arguments[0]; });")

    def row(self, title):
        """The row titled `title` (FIND_ROW)."""
        li = self.driver.execute_script(self.FIND_ROW + "return li || null", title)
        if li is None:
            raise AssertionError("no row %r in %r" % (title, self.titles()))
        return li

    def row_text(self, title, visible=True):
        """The text of the row titled `title` (as drawn, or with `visible=False` its whole
        textContent, hidden labels included), read in the same script that finds the row: a row
        found first and read afterwards may be gone by then, replaced by a live update's redraw."""
        text = self.driver.execute_script(
            self.FIND_ROW + "return li ? (arguments[1] ? li.innerText : li.textContent) : null", title, visible)
        if text is None:
            raise AssertionError("no row %r in %r" % (title, self.titles()))
        return text

    def row_has(self, title, selector):
        """Whether the row titled `title` holds an element matching `selector`, looked for in the
        same script that finds the row (row_text)."""
        found = self.driver.execute_script(
            self.FIND_ROW + "return li ? !!li.querySelector(arguments[1]) : null", title, selector)
        if found is None:
            raise AssertionError("no row %r in %r" % (title, self.titles()))
        return found

    def on_row(self, title, selector, act, message):
        """`act(element)` on `selector` in the row titled `title`, again if a redraw replaced the
        row between finding it and acting (clicking or typing into a row that is gone does
        nothing and raises)."""
        def attempt():
            try:
                act(self.row(title).find_element(By.CSS_SELECTOR, selector))
                return True
            except StaleElementReferenceException:
                return False
        wait_for(attempt, message=message)

    def click_row(self, title, selector=".task-title"):
        """Clicks `selector` in the row titled `title` (on_row)."""
        self.on_row(title, selector, lambda el: el.click(), "a click on the row %r" % title)

    def send_keys_to_row(self, title, *keys, selector=".task-title"):
        """Types `keys` into `selector` of the row titled `title` (on_row)."""
        self.on_row(title, selector, lambda el: el.send_keys(*keys), "keys typed into the row %r" % title)

    def path(self, task_id):
        return os.path.join(self.vault, task_id)

    def axe_check(self, where):
        """axe-core on the page as it is, once what fades or slides (a toast just raised, a sheet)
        has come to rest — colours measured half-way through a fade are not the ones anyone
        reads: no serious or critical violation. Something may start to move while axe runs (a
        toast whose time runs out fades, a new one rises): then the page is checked again once it
        has come to rest, up to three times. `where` names the page in the failure."""
        axe = Axe(self.driver)
        for attempt in range(3):
            wait_for(lambda: self.driver.execute_script(
                "return document.getAnimations().every(a => a.playState !== 'running' ||"
                " a.effect.getComputedTiming().iterations === Infinity)"), timeout=5, message="animations to end")
            # Told by the page of any animation or transition that starts during the run.
            self.driver.execute_script(
                "window.__axeMoved = false;"
                "if (!window.__axeWatching) { window.__axeWatching = true;"
                " for (const t of ['animationstart', 'transitionrun'])"
                "  document.addEventListener(t, () => { window.__axeMoved = true; }, true); }")
            axe.inject()
            result = axe.run()
            self.assertTrue(result["passes"], "axe checked nothing")
            violations = result["violations"]
            bad = ["%s %s" % (v["id"], [n["target"] for n in v["nodes"]]) for v in violations
                   if v.get("impact") in ("serious", "critical")]
            moved = self.driver.execute_script("return window.__axeMoved")
            if violations:
                print("\n--- axe, %s%s ---\n%s" % (where, " (something moved during the check: again)" if bad and moved
                                                   else "", Axe.report(violations)))
            if not (bad and moved):
                break
        self.assertEqual(bad, [], "serious or critical accessibility violations at %s" % where)

    def click(self, css, message=None):
        """Clicks the element css selects as it is when clicked: a redraw between finding it and
        clicking it (a live update, an answer to the previous change) makes the click try again."""
        def attempt():
            self.driver.find_element(By.CSS_SELECTOR, css).click()
            return True
        wait_for(attempt, message=message or "a click on %s" % css)

    def select_tasks(self, *titles):
        """Turns select mode on and picks every row titled as given (rows that share a title, each
        of them); returns the bulk bar once it counts them."""
        self.click('button[aria-label="Select tasks"][aria-pressed="false"]')
        picked = 0
        for title in titles:
            unpicked = 'button[aria-label="Select %s"][aria-pressed="false"]' % title
            rows = len(wait_for(lambda: self.driver.find_elements(By.CSS_SELECTOR, unpicked) or None,
                                message="a row to pick: %s" % title))
            for _ in range(rows):
                self.click(unpicked)
                picked += 1
        bar = self.driver.find_element(By.ID, "bulk-bar")
        wait_for(lambda: "%d selected" % picked in bar.text, message="%d tasks selected" % picked)
        return bar

    def read_bytes(self, task_id):
        with open(self.path(task_id), "rb") as fh:
            return fh.read()

    # ---- console ----

    def drain_console(self):
        entries = self.driver.get_log("browser")
        self.console.extend(entries)
        return entries

    def check_console(self):
        """Fails on console errors (CSP violations, uncaught exceptions, failed requests) since the last check."""
        bad = [e for e in self.drain_console() if e.get("level") == "SEVERE"
               and not any(re.search(p, e.get("message", "")) for p in self.allowed_console)]
        self.assertEqual(bad, [], "console errors:\n" + "\n".join(e["message"] for e in bad))
