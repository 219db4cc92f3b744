#!/usr/bin/env python3
"""Benchmarks of `todomd serve` and its web app; used by scripts/bench after measure.py.

    web_bench.py --bin PATH --vault-dir DIR [--api-sizes N...] [--sse-size N] [--no-browser]

Every server runs as `todomd --vault VAULT serve --port 0` with TODOMD_NOW=2026-11-21T09:00:00,
TZ=Europe/Berlin and a private XDG_CACHE_HOME (so its index is built once at start, then warm).

Rows (medians):
  api      GET /api/v1/tasks?view=today over one keep-alive connection (http.client): 20 warm-up
           requests, then BENCH_API_REQUESTS (default 200) timed ones; median and p90, per size.
  sidebar  GET /api/v1/sidebar (every count of the sidebar) on the same connection, 20 warm-up
           requests, then BENCH_API_REQUESTS / 4 timed ones; median, per size.
  sse      a task file written by another program (Python) → the `event: change` line naming it
           on an open /api/v1/events stream; BENCH_SSE_RUNS (default 20) files, median and max.
           The files are removed again (and their `deleted` events awaited), so the vault stays
           as generated.
  render   headless Chromium (selenium + chromium-driver): navigation start → the moment the
           N-task Anytime is on screen in #task-list (MutationObserver installed before any page
           script): N `li.task` rows exist, or — a long list draws only the rows near the screen
           — a row says `aria-setsize="N"`; → the next animation frame after that; and → the
           page's first contentful paint, which is when the rows were painted (the app shows
           nothing before them): after the style, layout, paint and compositing that "on screen"
           does not count for a page that leaves them to the next frame. Vaults of 1,000 and
           10,000 available tasks (Anytime) made from generate_vault.py's tasks
           (BENCH_RENDER_SIZES, default "1000 10000"); browser cache cleared before each of
           BENCH_RENDER_RUNS (default 7) loads, then (1,000 only) the same with a warm cache.
  floor    the browser's own cost measured the same way: navigation → a page served by Python's
           http.server (with the server's security headers) has run its one external script (and
           the next frame), cold cache; and a page of as many empty modules as the app has at
           start, served by `todomd serve` itself (TODOMD_WEB_ROOT), once the last has run: joined
           into one script, as the server serves the app, and one by one.
  rows     (1,000 only) the app and the floor of any page that shows its first rows, in turn: a
  floor    page served by `todomd serve` on the same vault whose one deferred script sends the
           app's own first listing request and draws as many rows as the app had on screen, as
           bare `li` elements without a style sheet; both timed as `render` times the app, cold
           cache, and the ratio is the median of the pairs' ratios.
  styled   (1,000 only) the same with a page of the app's looks and none of its code: the app's
  floor    style sheet, and one deferred script that sends the app's first request and then puts
           in a copy of the app's first screen (its shell and first rows, taken from the app when
           its rows appeared); rows on screen and painted, pairs in turn.
  bytes    what a first load of Today downloads (cache cleared; the `todomd init --sample` vault):
           bytes on the wire from the DevTools Network events (headers included), split into the
           app's files and the API's answers.
Python 3 standard library, plus selenium for the browser rows (skipped when missing).
"""

import argparse
import http.client
import http.server
import json
import os
import queue
import re
import select
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ENV_BASE = {"TODOMD_NOW": "2026-11-21T09:00:00", "TZ": "Europe/Berlin", "LC_ALL": "C.UTF-8", "NO_COLOR": "1"}


def log(msg):
    print("[web] " + msg, file=sys.stderr, flush=True)


def fmt_size(n):
    return "%dk" % (n // 1000) if n >= 1000 and n % 1000 == 0 else str(n)


def ms(v):
    return "%.1f" % v if v < 10 else "%.0f" % v


# ---------------------------------------------------------------------------------------------
# Server

class Server:
    """`todomd --vault VAULT serve --port 0`; the port is read from the first line it prints."""

    def __init__(self, binary, vault):
        self.binary, self.vault = binary, vault
        self.cache = tempfile.mkdtemp(prefix="todomd-webbench-cache-")
        self.proc = None

    def __enter__(self):
        env = dict(os.environ)
        env.update(ENV_BASE)
        env["XDG_CACHE_HOME"] = self.cache
        env.pop("TODOMD_VAULT", None)
        t0 = time.perf_counter()
        self.proc = subprocess.Popen([self.binary, "--vault", self.vault, "serve", "--port", "0"],
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
        line = b""
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + 300
        while not line.endswith(b"\n") and time.monotonic() < deadline:
            if select.select([fd], [], [], 0.2)[0]:
                ch = os.read(fd, 1)
                if not ch:
                    break
                line += ch
            elif self.proc.poll() is not None:
                break
        m = re.search(rb"http://127\.0\.0\.1:(\d+)/", line)
        if not m:
            self.__exit__()
            sys.exit("web_bench: todomd serve did not start: %r" % line)
        self.port = int(m.group(1))
        self.url = "http://127.0.0.1:%d/" % self.port
        # Drain further output so the pipe never fills.
        threading.Thread(target=lambda: [None for _ in iter(lambda: os.read(fd, 65536), b"")], daemon=True).start()
        self.startup_ms = (time.perf_counter() - t0) * 1000
        return self

    def __exit__(self, *exc):
        p, self.proc = self.proc, None
        if p and p.poll() is None:
            p.send_signal(signal.SIGINT)
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        shutil.rmtree(self.cache, ignore_errors=True)

    def connection(self):
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)


def get_json(conn, path):
    conn.request("GET", path, headers={"Accept": "application/json"})
    r = conn.getresponse()
    body = r.read()
    if r.status != 200:
        sys.exit("web_bench: GET %s → %d %s" % (path, r.status, body[:200]))
    return body


# ---------------------------------------------------------------------------------------------
# API latency

def bench_api(binary, vault, requests):
    with Server(binary, vault) as srv:
        conn = srv.connection()
        body = get_json(conn, "/api/v1/tasks?view=today")
        n = sum(len(g["tasks"]) for g in json.loads(body)["groups"])
        for _ in range(20):
            get_json(conn, "/api/v1/tasks?view=today")
        samples = []
        for _ in range(requests):
            t0 = time.perf_counter_ns()
            get_json(conn, "/api/v1/tasks?view=today")
            samples.append((time.perf_counter_ns() - t0) / 1e6)
        sidebar = []
        for i in range(20 + requests // 4):
            t0 = time.perf_counter_ns()
            get_json(conn, "/api/v1/sidebar")
            if i >= 20:
                sidebar.append((time.perf_counter_ns() - t0) / 1e6)
        conn.close()
        samples.sort()
        return {"median": statistics.median(samples), "p90": samples[int(len(samples) * 0.9) - 1],
                "today": n, "bytes": len(body), "startup": srv.startup_ms, "sidebar": statistics.median(sidebar)}


# ---------------------------------------------------------------------------------------------
# External write → SSE event

class EventStream:
    """An open /api/v1/events stream; a thread puts (time, event, data) of each event on a queue."""

    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.sendall(b"GET /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        self.events = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        buf, event = b"", None
        f = self.sock.makefile("rb")
        for raw in f:  # chunked framing lines are not "event:"/"data:" lines and are skipped
            line = raw.rstrip(b"\r\n")
            if line.startswith(b"event:"):
                event = line[6:].strip().decode()
            elif line.startswith(b"data:") and event:
                self.events.put((time.perf_counter_ns(), event, line[5:].strip().decode()))
                event = None

    def wait(self, pred, timeout=10):
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            try:
                t, event, data = self.events.get(timeout=left)
            except queue.Empty:
                return None
            if pred(event, data):
                return t

    def close(self):
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()


TASK = """---
title: "Web bench external write %d"
status: "todo"
due: "2026-11-21"
flagged: false
created: "2026-11-21T07:00:00Z"
source: "web-bench"
---
"""


def bench_sse(binary, vault, runs):
    with Server(binary, vault) as srv:
        stream = EventStream(srv.port)
        time.sleep(0.5)
        samples = []
        try:
            for i in range(runs):
                name = "zz-web-bench-%d-%d.md" % (os.getpid(), i)
                path = os.path.join(vault, name)
                t0 = time.perf_counter_ns()
                with open(path, "w") as fh:
                    fh.write(TASK % i)
                t1 = stream.wait(lambda e, d: e == "change" and json.loads(d).get("id") == name)
                if t1 is None:
                    os.remove(path)
                    sys.exit("web_bench: no change event for %s within 10 s" % name)
                samples.append((t1 - t0) / 1e6)
                os.remove(path)
                stream.wait(lambda e, d: e == "change" and json.loads(d).get("id") == name
                            and json.loads(d).get("kind") == "deleted")
                time.sleep(0.05)
        finally:
            stream.close()
            for i in range(runs):
                try:
                    os.remove(os.path.join(vault, "zz-web-bench-%d-%d.md" % (os.getpid(), i)))
                except FileNotFoundError:
                    pass
        return {"median": statistics.median(samples), "max": max(samples), "min": min(samples)}


# ---------------------------------------------------------------------------------------------
# Browser: render time and bytes

def new_driver(perf_log=False):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    opts = webdriver.ChromeOptions()
    opts.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for a in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run",
              "--disable-extensions", "--disable-background-networking", "--window-size=1440,900"):
        opts.add_argument(a)
    if perf_log:
        opts.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    d = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=opts)
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1440, "height": 900, "deviceScaleFactor": 1,
                                                            "mobile": False})
    return d


def make_anytime_vault(path, n=1000, seed=42):
    """n available tasks (all in Anytime) with generate_vault.py's realistic fields: every status
    becomes todo, defer dates and completion go."""
    tmp = path + ".tmp-%d" % os.getpid()
    shutil.rmtree(tmp, ignore_errors=True)
    subprocess.run([sys.executable, os.path.join(HERE, "generate_vault.py"), str(n), tmp, "--seed", str(seed)],
                   check=True, stdout=subprocess.DEVNULL)
    for dirpath, _, files in os.walk(tmp):
        for f in files:
            if not f.endswith(".md"):
                continue
            p = os.path.join(dirpath, f)
            st = os.stat(p)
            with open(p, encoding="utf-8") as fh:
                text = fh.read()
            m = re.match(r"---\n(.*?\n)---\n", text, re.S)
            if not m:
                continue
            fm = m.group(1)
            fm = re.sub(r"(?m)^status:.*\n", "", fm)
            fm = re.sub(r"(?m)^defer:.*\n", "", fm)
            fm = re.sub(r"(?m)^completed:.*\n", "", fm)
            fm = 'status: "todo"\n' + fm
            with open(p, "w", encoding="utf-8") as fh:
                fh.write("---\n" + fm + "---\n" + text[m.end():])
            os.utime(p, ns=(st.st_atime_ns, st.st_mtime_ns))
    os.rename(tmp, path)


# Installed before any page script: records when #task-list first holds N rows, and the next frame.
RENDER_PROBE = """
(() => {
  const N = %d;
  // Called on every mutation of the page: kept cheap (a live collection, no list of all rows),
  // so that the probe does not slow down what it measures.
  let ul = null, rows = null;
  const done = () => {
    if (!ul) ul = document.getElementById('task-list');
    if (!ul) return false;
    if (!rows) rows = ul.getElementsByTagName('li');
    if (rows.length < N && !ul.querySelector('li.task[aria-setsize="' + N + '"]')) return false;
    if (!ul.querySelector('li.task[aria-setsize="' + N + '"]') && ul.querySelectorAll('li.task').length < N) return false;
    window.__rowsAt = performance.now();
    // The first screen as it is now (bench_styled_floor's copy of it), when asked for.
    if (window.__keepFirstScreen) window.__firstScreen = { html: [...document.documentElement.attributes].map((a) => [a.name, a.value]), body: document.body.innerHTML };
    window.__domRows = ul.querySelectorAll('li.task').length;
    const api = performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/v1/tasks?'));
    window.__apiAt = api.length ? api[api.length - 1].responseEnd : null;
    window.__apiBytes = api.length ? api[api.length - 1].encodedBodySize : null;
    // The page's first script, which draws the first screen: the first screen's modules joined
    // (first.bundle.js), first.js when served one by one (an older build's app.bundle.js or app.js).
    const first = document.querySelector('script[type=module][src]');
    window.__appAt = (first && (performance.getEntriesByName(first.src)[0] || {}).responseEnd) || null;
    requestAnimationFrame(() => { window.__frameAt = performance.now(); });
    return true;
  };
  const mo = new MutationObserver(() => { if (done()) mo.disconnect(); });
  mo.observe(document, { childList: true, subtree: true });
})();
"""


def anytime_size(srv):
    """How many tasks the Anytime of server `srv` lists."""
    conn = srv.connection()
    listing = json.loads(get_json(conn, "/api/v1/tasks?view=anytime"))
    conn.close()
    return sum(len(g["tasks"]) for g in listing["groups"])


def probed_driver(n, keep_first_screen=False):
    """A browser with RENDER_PROBE (for an N-task list) installed in every page it loads; which
    keeps a copy of the first screen when `keep_first_screen`."""
    driver = new_driver()
    try:
        driver.execute_cdp_cmd("Network.enable", {})
        if keep_first_screen:
            driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": "window.__keepFirstScreen = true;"})
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RENDER_PROBE % n})
    except BaseException:
        driver.quit()
        raise
    return driver


def load(driver, url, n, cold=True):
    """Loads `url` (from about:blank, the browser cache cleared when `cold`) and waits for
    RENDER_PROBE's next frame and the page's first paint: [rows on screen, next frame, the
    listing's last byte, the page's first script loaded, rows in the DOM, the listing's size, first
    contentful paint] (ms after navigation start).

    The first contentful paint is when the browser put the page's first text or image on the
    screen. Every page timed here shows nothing before its rows (the app keeps `#app` hidden
    until its first rows are drawn, ui.js), so it is when the rows were painted: after the style,
    layout, paint and compositing that "rows on screen" does not count for a page that leaves
    them to the next frame."""
    driver.get("about:blank")
    if cold:
        driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    driver.get(url)
    deadline = time.monotonic() + 20
    while True:
        r = driver.execute_script("return [window.__rowsAt || null, window.__frameAt || null, "
                                  "window.__apiAt || null, window.__appAt || null, "
                                  "window.__domRows || 0, window.__apiBytes || 0, "
                                  "(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || null]")
        if (r[1] is not None and r[6] is not None) or time.monotonic() > deadline:
            break
        time.sleep(0.02)
    if r[1] is None:
        sys.exit("web_bench: the %d rows never appeared at %s" % (n, url))
    if r[6] is None:
        sys.exit("web_bench: %s was never painted" % url)
    return r


def bench_render(binary, vault, runs, cold=True):
    with Server(binary, vault) as srv:
        n = anytime_size(srv)
        driver = probed_driver(n)
        try:
            rows, frames, paints, apis, apps, dom, size = [], [], [], [], [], 0, 0
            for i in range(runs + 1):
                r = load(driver, srv.url + "#/view/anytime", n, cold)
                if i:  # the first load only warms the browser process
                    rows.append(r[0])
                    frames.append(r[1])
                    paints.append(r[6])
                    apis.append(r[2] or 0)
                    apps.append(r[3] or 0)
                    dom, size = r[4], r[5]
        finally:
            driver.quit()
        return {"rows": statistics.median(rows), "frame": statistics.median(frames), "paint": statistics.median(paints), "n": n,
                "api": statistics.median(apis), "app": statistics.median(apps), "dom": dom, "bytes": size}


# The floor of a page that shows these rows: one deferred script that sends the app's own first
# request and draws the rows it put on screen as plain list items, with no style sheet.
ROWS_FLOOR_HTML = """<!doctype html><html><head><meta charset="utf-8"><title>rows floor</title>
<script defer src="/rows.js"></script></head><body><ul id="task-list"></ul></body></html>"""
ROWS_FLOOR_JS = """fetch(%s).then((r) => r.json()).then((answer) => {
  const tasks = answer.groups.flatMap((g) => g.tasks).slice(0, %d);
  const ul = document.getElementById('task-list');
  tasks.forEach((t, i) => {
    const li = document.createElement('li');
    li.className = 'task';
    li.setAttribute('aria-setsize', String(answer.total));
    li.setAttribute('aria-posinset', String(i + 1));
    li.textContent = t.title;
    ul.append(li);
  });
});
"""


def in_tmpdir(bench, *args):
    """`bench(*args, folder)` with a new temporary folder, removed after."""
    folder = tempfile.mkdtemp(prefix="todomd-webbench-")
    try:
        return bench(*args, folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def first_listing_path(driver):
    """The path and query of the first task listing the page loaded last asked for."""
    path = driver.execute_script(
        "const e = performance.getEntriesByType('resource').find((e) => e.name.includes('/api/v1/tasks?'));"
        "return e ? e.name.replace(location.origin, '') : null")
    if not path:
        sys.exit("web_bench: the app asked for no listing")
    return path


def in_turn(driver, app, binary, vault, root, n, runs):
    """`runs` loads of the app (served by `app`) and of the page in folder `root` (served by
    `todomd serve` on the same vault, TODOMD_WEB_ROOT), in turn, cold cache: (the app's `load`
    results, the page's)."""
    os.environ["TODOMD_WEB_ROOT"] = root
    try:
        with Server(binary, vault) as floor:
            ours, theirs = [], []
            load(driver, floor.url, n)  # warms the browser for the floor's server too
            for _ in range(runs):
                ours.append(load(driver, app.url + "#/view/anytime", n))
                theirs.append(load(driver, floor.url, n))
    finally:
        del os.environ["TODOMD_WEB_ROOT"]
    return ours, theirs


def bench_rows_floor(binary, vault, runs, tmpdir):
    """The app against the floor of any page that shows its first rows, in turn (app, floor, app,
    …, cold cache): a page served by `todomd serve` itself (TODOMD_WEB_ROOT) on the same vault,
    whose one deferred script sends the app's first listing request (read from the app's own
    load) and draws as many rows as the app had on screen, as bare `li` elements, no style sheet.
    Both are timed by RENDER_PROBE. The ratio is the median of the pairs' ratios."""
    with Server(binary, vault) as app:
        n = anytime_size(app)
        driver = probed_driver(n)
        try:
            first = load(driver, app.url + "#/view/anytime", n)
            path = first_listing_path(driver)
            root = os.path.join(tmpdir, "rows-floor")
            os.makedirs(root, exist_ok=True)
            with open(os.path.join(root, "index.html"), "w") as f:
                f.write(ROWS_FLOOR_HTML)
            with open(os.path.join(root, "rows.js"), "w") as f:
                f.write(ROWS_FLOOR_JS % (json.dumps(path), max(1, first[4])))
            ours, theirs = in_turn(driver, app, binary, vault, root, n, runs)
        finally:
            driver.quit()
    ours, theirs = [r[0] for r in ours], [r[0] for r in theirs]
    return {"app": statistics.median(ours), "floor": statistics.median(theirs), "rows": max(1, first[4]),
            "ratio": statistics.median(a / b for a, b in zip(ours, theirs)), "path": path}


# The floor of a page with the app's looks: its style sheet, and one deferred script that sends
# the app's first request and then puts in the app's own first screen (its shell and first rows),
# a copy taken from the app at the moment its rows appeared. None of the app's code runs. The
# copy's `style` attributes (the list's spacers, the page's own) are set through the CSSOM, as the
# app sets them: the server's Content-Security-Policy refuses them in markup.
STYLED_FLOOR_HTML = """<!doctype html><html %s><head><meta charset="utf-8"><title>styled floor</title>
<link rel="stylesheet" href="/app.css"><script defer src="/floor.js"></script></head><body></body></html>"""
STYLED_FLOOR_JS = """fetch(%s, { headers: { Accept: 'application/json' } }).then((r) => r.json()).then(() => {
  document.body.innerHTML = %s;
  for (const el of document.querySelectorAll('[data-floor-style]')) el.style.cssText = el.dataset.floorStyle;
});
"""


def bench_styled_floor(binary, vault, runs, tmpdir):
    """The app against the floor of a page with its looks (STYLED_FLOOR_HTML), in turn (app,
    floor, app, …, cold cache), both served by `todomd serve` on the same vault (the floor from
    a folder, TODOMD_WEB_ROOT) and timed by RENDER_PROBE and the first contentful paint. Ratios
    are the medians of the pairs' ratios."""
    import html
    import urllib.request
    with Server(binary, vault) as app:
        n = anytime_size(app)
        driver = probed_driver(n, keep_first_screen=True)
        try:
            load(driver, app.url + "#/view/anytime", n)
            first = driver.execute_script("return window.__firstScreen || null")
            if not first:
                sys.exit("web_bench: no first screen to copy from the app")
            path = first_listing_path(driver)
            page = urllib.request.urlopen(app.url).read().decode()
            css = re.search(r'<link rel="stylesheet" href="([^"]+)"', page)
            if not css:
                sys.exit("web_bench: the app's page has no style sheet")
            root = os.path.join(tmpdir, "styled-floor")
            os.makedirs(root, exist_ok=True)
            for name, url in (("app.css", css.group(1)), ("icon.svg", "/icon.svg")):
                with open(os.path.join(root, name), "wb") as f:
                    f.write(urllib.request.urlopen(app.url.rstrip("/") + url).read())
            attrs = " ".join('%s="%s"' % ("data-floor-style" if k == "style" else k, html.escape(v))
                             for k, v in first["html"])
            body = re.sub(r' style="', ' data-floor-style="', first["body"])
            with open(os.path.join(root, "index.html"), "w") as f:
                f.write(STYLED_FLOOR_HTML % attrs)
            with open(os.path.join(root, "floor.js"), "w") as f:
                f.write(STYLED_FLOOR_JS % (json.dumps(path), json.dumps(body)))
            ours, theirs = in_turn(driver, app, binary, vault, root, n, runs)
        finally:
            driver.quit()
    med = statistics.median
    return {"app": med(r[0] for r in ours), "floor": med(r[0] for r in theirs),
            "ratio": med(a[0] / b[0] for a, b in zip(ours, theirs)),
            "app_paint": med(r[6] for r in ours), "floor_paint": med(r[6] for r in theirs),
            "paint_ratio": med(a[6] / b[6] for a, b in zip(ours, theirs)),
            "floor_dom": theirs[0][4], "app_dom": ours[0][4]}


FLOOR_HTML = b"""<!doctype html><html><head><meta charset="utf-8"><title>floor</title>
<script src="/floor.js"></script></head><body><ul id="task-list"></ul></body></html>"""
FLOOR_JS = b"""window.__rowsAt = performance.now();
requestAnimationFrame(() => { window.__frameAt = performance.now(); });"""


# The headers `todomd serve` sends with every answer (TodoMDServer's SecurityMiddleware). The
# floor page sends them too: Cross-Origin-Opener-Policy alone moves a navigation from
# about:blank into a new renderer process, ~20 ms of the browser's own on this machine.
FLOOR_HEADERS = [
    ("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
     "connect-src 'self'; manifest-src 'self'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'; "
     "object-src 'none'"),
    ("X-Content-Type-Options", "nosniff"), ("X-Frame-Options", "DENY"), ("Referrer-Policy", "no-referrer"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
]


def bench_floor(runs):
    """The browser's own cost, measured the way bench_render measures the app: navigation → a
    page of one external script has run it (and the next frame), cold cache, served from
    localhost by Python's http.server with the server's security headers. No web app can draw
    sooner on this machine."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body, kind = (FLOOR_JS, "text/javascript") if self.path == "/floor.js" else (FLOOR_HTML, "text/html")
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            for name, value in FLOOR_HEADERS:
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    url = "http://127.0.0.1:%d/" % httpd.server_address[1]
    driver = new_driver()
    try:
        driver.execute_cdp_cmd("Network.enable", {})
        ran, frames = [], []
        for i in range(runs + 1):
            driver.get("about:blank")
            driver.execute_cdp_cmd("Network.clearBrowserCache", {})
            driver.get(url)
            deadline = time.monotonic() + 20
            while True:
                r = driver.execute_script("return [window.__rowsAt || null, window.__frameAt || null]")
                if r[1] is not None or time.monotonic() > deadline:
                    break
                time.sleep(0.02)
            if r[1] is None:
                sys.exit("web_bench: the floor page never ran its script")
            if i:
                ran.append(r[0])
                frames.append(r[1])
    finally:
        driver.quit()
        httpd.shutdown()
    return {"script": statistics.median(ran), "frame": statistics.median(frames)}


def start_modules():
    """The modules the app's page loads before its first screen: index.html's modulepreloads and
    its module scripts (first.js, app.js)."""
    page = os.path.join(HERE, "..", "Sources", "TodoMDWeb", "Static", "index.html")
    with open(page, encoding="utf-8") as f:
        html = f.read()
    return (re.findall(r'<link rel="modulepreload"[^>]* href="/([^"]+)"', html)
            + re.findall(r'<script type="module"[^>]* src="/([^"]+)"', html))


def bench_module_floor(binary, tmpdir, runs, joined=True):
    """The browser's cost of the app's way of loading: a page served by `todomd serve` itself
    (TODOMD_WEB_ROOT) that names as many modules as the app's index.html does at start, each
    empty, and runs when the last has run (and the next frame), cold cache. The server joins
    them into one script, as it does the app's (ModuleBundle.swift); with `joined=False` each
    module also declares a name the others do, which the server refuses to join, so they come
    one by one, as before joining."""
    names = ["m%d.js" % i for i in range(len(start_modules()) - 1)]
    root = os.path.join(tmpdir, "module-floor-%s" % ("joined" if joined else "one-by-one"))
    os.makedirs(root, exist_ok=True)
    with open(os.path.join(root, "index.html"), "w") as f:
        f.write('<!doctype html><html><head><meta charset="utf-8"><title>floor</title>'
                + "".join('<link rel="modulepreload" href="/%s">' % n for n in names)
                + '<script type="module" src="/main.js"></script></head><body><ul id="task-list"></ul></body></html>')
    with open(os.path.join(root, "main.js"), "w") as f:
        f.write("".join("import { x%d } from './%s';\n" % (i, n) for i, n in enumerate(names)) + FLOOR_JS.decode())
    for i, n in enumerate(names):
        with open(os.path.join(root, n), "w") as f:
            f.write("export const x%d = %d;\n" % (i, i) + ("" if joined else "const same = 0;\n"))
    vault = os.path.join(tmpdir, "module-floor-vault")
    os.makedirs(vault, exist_ok=True)
    os.environ["TODOMD_WEB_ROOT"] = root
    try:
        with Server(binary, vault) as srv:
            driver = new_driver()
            try:
                driver.execute_cdp_cmd("Network.enable", {})
                ran = []
                for i in range(runs + 1):
                    driver.get("about:blank")
                    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
                    driver.get(srv.url)
                    deadline = time.monotonic() + 20
                    r = None
                    while r is None and time.monotonic() < deadline:
                        r = driver.execute_script("return window.__frameAt ? window.__rowsAt : null")
                        time.sleep(0.02)
                    if r is None:
                        sys.exit("web_bench: the module floor page never ran")
                    if i:
                        ran.append(r)
            finally:
                driver.quit()
    finally:
        del os.environ["TODOMD_WEB_ROOT"]
    return {"modules": len(names) + 1, "script": statistics.median(ran)}


def bench_bytes(binary, tmpdir):
    vault = os.path.join(tmpdir, "sample")
    env = dict(os.environ, **ENV_BASE, XDG_CACHE_HOME=os.path.join(tmpdir, "cache"))
    subprocess.run([binary, "--vault", vault, "init", "--sample"], env=env, check=True, stdout=subprocess.DEVNULL)
    with Server(binary, vault) as srv:
        driver = new_driver(perf_log=True)
        try:
            driver.execute_cdp_cmd("Network.enable", {})
            driver.execute_cdp_cmd("Network.clearBrowserCache", {})
            driver.get_log("performance")
            driver.get(srv.url + "#/view/today")
            deadline = time.monotonic() + 10
            while not driver.execute_script("return document.querySelectorAll('#task-list li.task').length") \
                    and time.monotonic() < deadline:
                time.sleep(0.05)
            time.sleep(1.5)  # lazy requests (manifest, icons) settle
            urls, sizes, streamed = {}, {}, {}
            for entry in driver.get_log("performance"):
                msg = json.loads(entry["message"])["message"]
                p = msg.get("params", {})
                if msg["method"] == "Network.responseReceived":
                    urls[p["requestId"]] = p["response"]["url"]
                elif msg["method"] == "Network.loadingFinished":
                    sizes[p["requestId"]] = p["encodedDataLength"]
                elif msg["method"] == "Network.dataReceived":
                    streamed[p["requestId"]] = streamed.get(p["requestId"], 0) + p.get("encodedDataLength", 0)
            for rid, n in streamed.items():  # a stream still open (the event stream): what arrived so far
                sizes.setdefault(rid, n)
        finally:
            driver.quit()
    app = api = 0
    files = []
    for rid, size in sizes.items():
        if not size:
            continue  # served from the memory cache (the same icon twice)
        url = urls.get(rid, "?")
        files.append((url.replace(srv.url, "/"), size))
        if "/api/v1/" in url:
            api += size
        else:
            app += size
    return {"app": app, "api": api, "total": app + api, "files": sorted(files, key=lambda x: -x[1])}


# ---------------------------------------------------------------------------------------------

def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--vault-dir", required=True)
    ap.add_argument("--api-sizes", type=int, nargs="*", default=[10000, 100000])
    ap.add_argument("--sse-size", type=int, default=10000)
    ap.add_argument("--no-browser", action="store_true")
    args = ap.parse_args(argv)
    vaults = os.path.realpath(args.vault_dir)
    api_requests = int(os.environ.get("BENCH_API_REQUESTS", "200"))
    sse_runs = int(os.environ.get("BENCH_SSE_RUNS", "20"))
    render_runs = int(os.environ.get("BENCH_RENDER_RUNS", "7"))

    rows = []  # (label, target, value text)
    api = {}
    for size in args.api_sizes:
        vault = os.path.join(vaults, "tasks-%d" % size)
        if not os.path.isdir(vault):
            log("no vault %s; skipping" % vault)
            continue
        log("API latency at %s tasks…" % fmt_size(size))
        api[size] = bench_api(args.bin, vault, api_requests)
        r = api[size]
        log("  %s: median %.2f ms, p90 %.2f ms (today lists %d tasks, %d bytes; server up in %.0f ms)"
            % (fmt_size(size), r["median"], r["p90"], r["today"], r["bytes"], r["startup"]))
        rows.append(("`GET /api/v1/tasks?view=today`, %s tasks (median / p90 of %d, keep-alive)"
                     % (fmt_size(size), api_requests), "≤ 10 ms at 10k" if size == 10000 else "",
                     "%.2f / %.2f ms" % (r["median"], r["p90"])))
        log("  %s: sidebar median %.2f ms" % (fmt_size(size), r["sidebar"]))
        rows.append(("`GET /api/v1/sidebar`, %s tasks (median of %d)" % (fmt_size(size), api_requests // 4), "",
                     "%.2f ms" % r["sidebar"]))

    sse_vault = os.path.join(vaults, "tasks-%d" % args.sse_size)
    if os.path.isdir(sse_vault):
        log("external write → SSE event at %s tasks…" % fmt_size(args.sse_size))
        r = bench_sse(args.bin, sse_vault, sse_runs)
        log("  median %.0f ms, min %.0f, max %.0f" % (r["median"], r["min"], r["max"]))
        rows.append(("external file write → `event: change`, %s tasks (median / max of %d)"
                     % (fmt_size(args.sse_size), sse_runs), "≤ 300 ms", "%s / %s ms" % (ms(r["median"]), ms(r["max"]))))

    if not args.no_browser:
        try:
            import selenium  # noqa: F401
            have_browser = os.path.exists(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
        except ImportError:
            have_browser = False
        if not have_browser:
            log("selenium or chromium-driver missing: skipping the browser rows (scripts/test installs them)")
        else:
            log("the browser's floor: navigation → one external script run, cold cache…")
            r = bench_floor(render_runs)
            log("  script run after %.0f ms, next frame at %.0f ms" % (r["script"], r["frame"]))
            rows.append(("Chromium's floor: navigation → a page's one external script has run (median of %d, cold "
                         "cache; Python's http.server, the server's security headers)" % render_runs, "",
                         "%.0f ms (frame %.0f ms)" % (r["script"], r["frame"])))
            log("the floor of the app's way of loading: as many empty modules as it has at start, joined…")
            floor_dir = tempfile.mkdtemp(prefix="todomd-webbench-")
            try:
                r = bench_module_floor(args.bin, floor_dir, render_runs)
                log("  %d modules joined run after %.0f ms; and one by one…" % (r["modules"], r["script"]))
                apart = bench_module_floor(args.bin, floor_dir, render_runs, joined=False)
                log("  %d modules one by one run after %.0f ms" % (apart["modules"], apart["script"]))
            finally:
                shutil.rmtree(floor_dir, ignore_errors=True)
            rows.append(("… and of %d empty modules, as many as the app has at start, joined into one script by "
                         "todomd serve (as it serves the app)" % r["modules"], "", "%.0f ms" % r["script"]))
            rows.append(("… the same modules loaded one by one (as before joining)", "", "%.0f ms" % apart["script"]))
            sizes = [int(x) for x in os.environ.get("BENCH_RENDER_SIZES", "1000 10000").split()]
            for size in sizes:
                anytime = os.path.join(vaults, "anytime-%d" % size)
                if not os.path.isdir(anytime):
                    log("generating %s…" % anytime)
                    make_anytime_vault(anytime, n=size)
                log("rendering Anytime of %s tasks in Chromium…" % "{:,}".format(size))
                r = bench_render(args.bin, anytime, render_runs)
                log("  %d tasks on screen (%d rows in the DOM) after %.0f ms, next frame at %.0f ms (the page's first script loaded "
                    "at %.0f ms, the listing's last byte at %.0f ms, %d bytes)"
                    % (r["n"], r["dom"], r["rows"], r["frame"], r["app"], r["api"], r["bytes"]))
                rows.append(("Chromium: navigation → Anytime of %s tasks on screen (median of %d, cold cache)"
                             % ("{:,}".format(r["n"]), render_runs), "≤ 100 ms" if size <= 1000 else "≤ 150 ms",
                             "%.0f ms" % r["rows"]))
                rows.append(("… → the next animation frame", "", "%.0f ms" % r["frame"]))
                rows.append(("… → the rows painted (the page's first contentful paint: after style, layout, paint and "
                             "compositing)", "", "%.0f ms" % r["paint"]))
                rows.append(("… of which: the page's first script (`first.bundle.js`) loaded / the listing's last byte (its size)", "",
                             "%.0f / %.0f ms (%.0f KB)" % (r["app"], r["api"], r["bytes"] / 1024)))
                if size != 1000:
                    continue
                f = in_tmpdir(bench_rows_floor, args.bin, anytime, render_runs)
                log("  in turn with the floor of a page showing the same %d rows (%s): app %.0f ms, floor %.0f ms, "
                    "%.2f×" % (f["rows"], f["path"], f["app"], f["floor"], f["ratio"]))
                rows.append(("… in turn with a page whose one script sends the app's first request and draws the "
                             "same %d rows as bare list items (the floor of any page showing them; median of %d pairs)"
                             % (f["rows"], render_runs), "",
                             "app %.0f ms, floor %.0f ms: %.2f× the floor" % (f["app"], f["floor"], f["ratio"])))
                f = in_tmpdir(bench_styled_floor, args.bin, anytime, render_runs)
                log("  in turn with the styled floor (the app's style sheet and a copy of its first screen, %d rows): "
                    "rows app %.0f ms, floor %.0f ms, %.2f×; painted app %.0f ms, floor %.0f ms, %.2f×"
                    % (f["floor_dom"], f["app"], f["floor"], f["ratio"], f["app_paint"], f["floor_paint"], f["paint_ratio"]))
                rows.append(("… in turn with a page of the app's looks and none of its code: its style sheet, its first "
                             "request, then a copy of its first screen (%d rows) put in (median of %d pairs): rows on "
                             "screen" % (f["floor_dom"], render_runs), "",
                             "app %.0f ms, floor %.0f ms: %.2f× the floor" % (f["app"], f["floor"], f["ratio"])))
                rows.append(("… the same pairs: the rows painted (first contentful paint)", "",
                             "app %.0f ms, floor %.0f ms: %.2f× the floor"
                             % (f["app_paint"], f["floor_paint"], f["paint_ratio"])))
                r = bench_render(args.bin, anytime, render_runs, cold=False)
                log("  warm cache: %d tasks on screen after %.0f ms, next frame at %.0f ms (the page's first script at %.0f ms, "
                    "listing at %.0f ms)" % (r["n"], r["rows"], r["frame"], r["app"], r["api"]))
                rows.append(("… the same with a warm browser cache (the app's files kept: versioned, immutable)", "",
                             "%.0f ms (frame %.0f ms)" % (r["rows"], r["frame"])))
            tmp = tempfile.mkdtemp(prefix="todomd-webbench-")
            try:
                log("first-load bytes…")
                r = bench_bytes(args.bin, tmp)
            finally:
                shutil.rmtree(tmp, ignore_errors=True)
            for url, size in r["files"]:
                log("  %7d  %s" % (size, url))
            rows.append(("first load of Today, bytes on the wire (sample vault, cold cache)", "≤ 200 KB",
                         "%.1f KB (app %.1f KB + API %.1f KB)" % (r["total"] / 1024, r["app"] / 1024, r["api"] / 1024)))

    print()
    print("| web workload | target | measured |")
    print("|---|---|---:|")
    for label, target, value in rows:
        print("| %s | %s | %s |" % (label, target, value))


if __name__ == "__main__":
    main(sys.argv[1:])
