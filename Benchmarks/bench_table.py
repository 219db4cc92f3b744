#!/usr/bin/env python3
"""The performance table of issue 17: todo.md beside reference tools, measured in one run.

    bench_table.py --bin TODOMD --bench-bin TODOMD_BENCH --vault-dir DIR [--big] [--runs N]

Every row times whole processes (except the in-process rows) on vaults made by
generate_vault.py with the same seed, and puts a reference measured in the same run beside it:
Taskwarrior (`task`), todo.txt-cli (`todo-txt`), `find`/`cat` floors, Python's sqlite3 on the
index. The reference tools' data is made from the same generated vault: Taskwarrior's through
`todomd export taskwarrior` + `task import` (plus a `flagged` tag for flagged tasks, which that
export has no field for; less the annotations and `recur`, which would make its filter differ
from the perspective), todo.txt's through `todomd export todotxt`. The notes under the table
say how many tasks each side listed.

A and B of a row run in turn (A B A B …, after one warm-up each) and the ratio is the median of
the pairs' ratios, so a machine whose speed drifts during the run still gives a fair ratio. Times
are medians of wall-clock milliseconds (posix_spawn to wait4, stdout to /dev/null).
Environment of todomd's runs: TODOMD_NOW=2026-11-21T09:00:00, TZ=Europe/Berlin, a private
XDG_CACHE_HOME per vault. Taskwarrior runs with TZ=UTC (todomd's export writes dates as UTC
midnight) and absolute dates in its filter, so it needs no fake clock.
Python 3 standard library only.
"""

import argparse
import contextlib
import glob
import hashlib
import json
import os
import shutil
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ENV_BASE = {"TODOMD_NOW": "2026-11-21T09:00:00", "TZ": "Europe/Berlin", "LC_ALL": "C.UTF-8", "NO_COLOR": "1"}
DEVNULL = os.open(os.devnull, os.O_WRONLY)

# Taskwarrior's equivalent of measure.py's 10-rule `bench` perspective on 2026-11-21:
#   status in (todo, in-progress)                → status:pending or waiting (someday is pending + tag someday;
#                                                  a `wait` after the real date makes a task waiting)
#   priority in (high, medium) OR flagged         → priority:H or priority:M or +flagged
#   NOT (tags contains someday OR area = Archive) → -someday project.not:Archive (area is Area.Project's left part)
#   due on_or_before today OR scheduled in_next 14 days
#   defer before_or_none tomorrow                → wait is none or before tomorrow
#   title string_contains "re"                   → description.has:re (case-insensitive, see rc below)
#   project is_not_nil                           → project.has:.  (todomd exports Area.Project)
TW_FILTER = ["(", "status:pending", "or", "status:waiting", ")", "(", "priority:H", "or", "priority:M", "or", "+flagged", ")",
             "-someday", "project.not:Archive",
             "(", "due.before:2026-11-22", "or", "(", "scheduled.after:2026-11-20", "and",
             "scheduled.before:2026-12-06", ")", ")",
             "(", "wait.none:", "or", "wait.before:2026-11-22", ")",
             "description.has:re", "project.has:."]
TW_RC = ["rc.verbose=nothing", "rc.gc=off", "rc.hooks=off", "rc.recurrence=off", "rc.confirmation=off",
         "rc.search.case.sensitive=no", "rc.regex=off", "rc.json.array=on"]

# The same perspective as one SQL statement on todomd's own index, rows fetched (the floor of
# any query over that index; todomd's in-process number also decodes and materializes tasks).
RAW_SQL = """
SELECT id, json, body FROM task CROSS JOIN task_text USING (rid)
WHERE status IN ('todo', 'in-progress')
  AND (priority IN ('high', 'medium') OR flagged = 1)
  AND NOT (task.rid IN (SELECT task_rid FROM task_tag WHERE tag = 'someday') OR area = 'Archive')
  AND (due <= '2026-11-21' OR scheduled BETWEEN '2026-11-21' AND '2026-12-05')
  AND ("defer" IS NULL OR "defer" < '2026-11-22')
  AND instr(lower(coalesce(title_fold, title)), 're') > 0
  AND project IS NOT NULL
ORDER BY due
"""


def log(msg):
    print("[bench] " + msg, file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------------
# Timing


class Failed(Exception):
    pass


def spawn(cmd, env, stdout=DEVNULL):
    """Runs cmd to completion; returns wall ms. Raises Failed with its stderr on a non-zero exit."""
    exe = cmd[0] if "/" in cmd[0] else shutil.which(cmd[0], path=env.get("PATH"))
    if exe is None:
        raise Failed("%s: not found" % cmd[0])
    with tempfile.TemporaryFile() as err:
        actions = [(os.POSIX_SPAWN_DUP2, stdout, 1), (os.POSIX_SPAWN_DUP2, err.fileno(), 2)]
        t0 = time.perf_counter_ns()
        pid = os.posix_spawn(exe, cmd, env, file_actions=actions)
        _, status, _ = os.wait4(pid, 0)
        t1 = time.perf_counter_ns()
        if os.waitstatus_to_exitcode(status) != 0:
            err.seek(0)
            raise Failed("%s exited %d: %s" % (" ".join(cmd), os.waitstatus_to_exitcode(status),
                                                err.read().decode(errors="replace")[-2000:]))
    return (t1 - t0) / 1e6


def paired(a, b, runs):
    """Runs a() and b() in turn; returns (median a ms, median b ms, median of a/b)."""
    a(), b()  # warm-up: page cache, index, racy-mtime hashing
    sa, sb, ratios = [], [], []
    for _ in range(runs):
        x, y = a(), b()
        sa.append(x)
        sb.append(y)
        ratios.append(x / y)
    return statistics.median(sa), statistics.median(sb), statistics.median(ratios)


def output(cmd, env):
    p = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode != 0:
        raise Failed("%s exited %d: %s" % (" ".join(cmd), p.returncode, p.stderr.decode(errors="replace")[-2000:]))
    return p.stdout


# ---------------------------------------------------------------------------------------------
# Data


def ensure_vault(vault_dir, n, seed, nested=0.0):
    name = "tasks-%d" % n + ("-nested%d" % round(nested * 100) if nested else "")
    vault = os.path.join(vault_dir, name)
    if not os.path.isdir(vault):
        log("generating %s (seed %d)…" % (name, seed))
        tmp = os.path.join(vault_dir, ".tmp-%s-%d" % (name, os.getpid()))
        shutil.rmtree(tmp, ignore_errors=True)
        args = [sys.executable, os.path.join(HERE, "generate_vault.py"), str(n), tmp, "--seed", str(seed)]
        if nested:
            args += ["--nested", str(nested)]
        subprocess.run(args, check=True)
        os.rename(tmp, vault)
    install_bench_perspective(vault)
    return os.path.realpath(vault)


def install_bench_perspective(vault):
    sys.dont_write_bytecode = True
    sys.path.insert(0, HERE)
    import measure  # the one definition of the 10-rule perspective
    measure.install_bench_perspective(vault)


def tw_uuid(task_id):
    """Taskwarrior.uuid(for:) of todomd's export: SHA-256 of `todomd:ID`, version-5 layout."""
    h = list(hashlib.sha256(("todomd:" + task_id).encode()).hexdigest()[:32])
    h[12] = "5"
    h[16] = "89ab"[int(h[16], 16) % 4]
    s = "".join(h)
    return "-".join([s[0:8], s[8:12], s[12:16], s[16:20], s[20:32]])


class Tools:
    """The vault's twins in the reference tools, made once per vault (cached beside it)."""

    def __init__(self, bin_path, vault, env):
        self.vault = vault
        base = vault.rstrip("/")
        self.taskdata = base + ".taskwarrior"
        self.taskrc = os.path.join(self.taskdata, "taskrc")
        self.todotxt = base + ".todotxt"
        self.todotxt_cfg = os.path.join(self.todotxt, "todo.cfg")
        if not os.path.exists(os.path.join(self.taskdata, "complete")):
            self.make_taskwarrior(bin_path, env)
        if not os.path.exists(os.path.join(self.todotxt, "complete")):
            self.make_todotxt(bin_path, env)

    def tw_env(self):
        env = dict(os.environ)
        env.update({"TASKRC": self.taskrc, "TASKDATA": self.taskdata, "TZ": "UTC", "LC_ALL": "C.UTF-8"})
        return env

    def make_taskwarrior(self, bin_path, env):
        log("making Taskwarrior's copy of %s…" % os.path.basename(self.vault))
        shutil.rmtree(self.taskdata, ignore_errors=True)
        os.makedirs(self.taskdata)
        with open(self.taskrc, "w") as fh:
            fh.write("data.location=%s\nnews.version=2.6.2\n" % self.taskdata)
        exported = os.path.join(self.taskdata, "import.json")
        output([bin_path, "--vault", self.vault, "export", "taskwarrior", "--output", exported], env)
        flagged = json.loads(output([bin_path, "--vault", self.vault, "list", "all", "--json"], env))
        flagged_uuids = {tw_uuid(t["id"]) for g in flagged["groups"] for t in g["tasks"] if t.get("flagged")}
        with open(exported) as fh:
            tasks = json.load(fh)
        for t in tasks:
            if t["uuid"] in flagged_uuids:
                t["tags"] = t.get("tags", []) + ["flagged"]
            # Taskwarrior matches `description.has:` against annotations too (where the export
            # puts descriptions and bodies), and makes a `recur` task a template that no filter
            # lists: without both, its filter is the perspective's (and its files smaller).
            t.pop("annotations", None)
            t.pop("recur", None)
        with open(exported, "w") as fh:
            json.dump(tasks, fh)
        t0 = time.time()
        output(["task", "rc.verbose=nothing", "rc.confirmation=off", "rc.hooks=off", "import", exported], self.tw_env())
        log("task import of %d tasks: %.1f s" % (len(tasks), time.time() - t0))
        os.remove(exported)
        open(os.path.join(self.taskdata, "complete"), "w").close()

    def make_todotxt(self, bin_path, env):
        shutil.rmtree(self.todotxt, ignore_errors=True)
        os.makedirs(self.todotxt)
        output([bin_path, "--vault", self.vault, "export", "todotxt", "--output",
                os.path.join(self.todotxt, "todo.txt")], env)
        open(os.path.join(self.todotxt, "done.txt"), "w").close()
        with open(self.todotxt_cfg, "w") as fh:
            fh.write('export TODO_DIR="%s"\nexport TODO_FILE="$TODO_DIR/todo.txt"\n'
                     'export DONE_FILE="$TODO_DIR/done.txt"\nexport REPORT_FILE="$TODO_DIR/report.txt"\n'
                     % self.todotxt)
        open(os.path.join(self.todotxt, "complete"), "w").close()

    def task(self, *args):
        return ["task"] + TW_RC + list(args)

    def todo_txt(self, *args):
        return ["todo-txt", "-d", self.todotxt_cfg, "-p"] + list(args)


# ---------------------------------------------------------------------------------------------
# The table


class Table:
    def __init__(self):
        self.rows = []
        self.notes = []

    def add(self, workload, ours, reference, ref_ms, ratio, kind, target):
        """kind: 'slower' (ours / ref, lower is better), 'floor' (ours / ref), 'faster' (ref / ours)."""
        if kind == "faster":
            r = "%.1f× faster" % (1 / ratio) if ratio < 1 else "%.1f× slower" % ratio
        elif kind == "floor":
            r = "%.2f× the floor" % ratio
        elif kind == "vs":
            r = "%.2f×" % ratio
        else:
            r = "%.1f× slower" % ratio if ratio >= 1 else "%.1f× faster" % (1 / ratio)
        self.rows.append((workload, fmt_ms(ours), "%s %s" % (reference, fmt_ms(ref_ms)) if ref_ms is not None
                          else reference, r, target))
        print("[bench] %s: %s | %s | %s" % (workload, fmt_ms(ours), fmt_ms(ref_ms) if ref_ms else reference, r),
              file=sys.stderr, flush=True)

    def print(self):
        print("| workload | todo.md | reference | ratio | target |")
        print("|---|---:|---|---|---|")
        for row in self.rows:
            print("| %s |" % " | ".join(row))
        if self.notes:
            print()
            for note in self.notes:
                print("- " + note)


def fmt_ms(ms):
    if ms is None:
        return "—"
    if ms >= 1000:
        return "%.2f s" % (ms / 1000)
    return "%.1f ms" % ms if ms < 100 else "%.0f ms" % ms


def todomd_env(cache):
    env = dict(os.environ)
    env.update(ENV_BASE)
    env["XDG_CACHE_HOME"] = cache
    return env


def index_path(cache):
    found = glob.glob(os.path.join(cache, "todomd", "*", "index.sqlite"))
    if len(found) != 1:
        raise Failed("expected one index in %s, found %d" % (cache, len(found)))
    return found[0]


def raw_sqlite_ms(db_path, runs):
    db = sqlite3.connect("file:%s?mode=ro" % db_path, uri=True)
    rows = db.execute(RAW_SQL).fetchall()
    samples = []
    for _ in range(runs):
        t0 = time.perf_counter_ns()
        rows = db.execute(RAW_SQL).fetchall()
        samples.append((time.perf_counter_ns() - t0) / 1e6)
    db.close()
    return statistics.median(samples), len(rows)


def perspective_uuids(bin_path, vault, env):
    """The perspective's tasks, as the Taskwarrior UUIDs todomd's export gives them."""
    listing = json.loads(output([bin_path, "--vault", vault, "perspective", "run", "bench", "--json"], env))
    return {tw_uuid(t["id"]) for g in listing["groups"] for t in g["tasks"]}


def run_size(table, args, n, vault, tools, cache, runs, first):
    env = todomd_env(cache)
    todomd = [args.bin, "--vault", vault]
    today = todomd + ["today", "--json"]
    k = "%dk" % (n // 1000)
    floor = ["find", vault, "-name", "*.md", "-printf", "%s %T@\n"]
    read_floor = ["find", vault, "-name", "*.md", "-exec", "cat", "{}", "+"]
    # The same read on every core, as the cold build parses (one `cat` per core, each given a
    # share of the files): the floor of a build that reads every file on both cores.
    cores = os.cpu_count() or 1
    read_floor_cores = ["sh", "-c", "find \"$1\" -name '*.md' -print0 | xargs -0 -P %d -n %d cat" % (cores, max(1, n // (4 * cores))),
                        "sh", vault]

    def cold():
        shutil.rmtree(os.path.join(cache, "todomd"), ignore_errors=True)
        return spawn(today, env)

    # The cold build first: every later row runs warm on the index it leaves.
    a, b, ratio = paired(cold, lambda: spawn(read_floor, env), max(3, runs // 2))
    table.add("cold index build + `today --json`, %s files" % k, a, "read every file (`cat`)", b, ratio, "slower",
              "≤ 3 s at 100k" if n >= 100000 else "≤ 300 ms (100k: ≤ 3 s)")
    a, b, ratio = paired(cold, lambda: spawn(read_floor_cores, env), max(3, runs // 2))
    table.add("… the same against reading every file on all %d cores (%d `cat`s at a time)" % (cores, cores), a,
              "read on %d cores" % cores, b, ratio, "slower", "")

    a, b, ratio = paired(lambda: spawn(today, env), lambda: spawn(floor, env), runs)
    table.add("warm `today --json`, %s vs a `find -printf` stat of every file" % k, a, "stat floor", b, ratio,
              "floor", "≤ 1.5× the floor")

    persp = todomd + ["perspective", "run", "bench", "--json"]
    tw = tools.task(*TW_FILTER, "export")
    a, b, ratio = paired(lambda: spawn(persp, env), lambda: spawn(tw, tools.tw_env()), runs)
    table.add("10-rule perspective, %s: `perspective run --json` vs Taskwarrior's filter + `export`" % k,
              a, "Taskwarrior", b, ratio, "faster", "≥ 15× faster" if n >= 100000 else "≥ 8× faster")

    watched_rows(table, args, vault, env, today, floor, persp, tw, tools, runs, k, first)
    ours = perspective_uuids(args.bin, vault, env)
    theirs = {t["uuid"] for t in json.loads(output(tw, tools.tw_env()))}
    table.notes.append("%s: the perspective lists %d tasks, Taskwarrior's filter %d (%s)." % (
        k, len(ours), len(theirs), "the same tasks" if ours == theirs else "%d in common" % len(ours & theirs)))

    if first:
        anytime = todomd + ["list", "anytime"]
        a, b, ratio = paired(lambda: spawn(anytime, env), lambda: spawn(tools.todo_txt("ls"), env), runs)
        table.add("every open task, human output, %s: `list anytime` vs todo.txt-cli `ls`" % k, a, "todo.txt-cli", b,
                  ratio, "faster", "")

    if args.bench_bin:
        out = output([args.bench_bin, vault, "100"], env).decode().split()
        inproc, matched = float(out[1]), int(out[0])
        raw, raw_rows = raw_sqlite_ms(index_path(cache), 100)
        table.rows.append(("10-rule perspective in-process, %s, tasks materialized (median of 100)" % k,
                           fmt_ms(inproc), "raw SQLite %s" % fmt_ms(raw), "%.1f× raw SQLite" % (inproc / raw),
                           "≤ 30 ms at 100k"))
        log("in-process %s: %.2f ms (%d tasks), raw SQLite %.2f ms (%d rows)" % (k, inproc, matched, raw, raw_rows))
        if matched != raw_rows:
            table.notes.append("%s: in-process perspective matched %d tasks, the raw SQL %d rows." % (k, matched, raw_rows))


def watcher_answer(cache):
    """What `todomd watch` answers a command on its socket: "current G DEV INO", "stale" or None."""
    folders = glob.glob(os.path.join(cache, "todomd", "*", "watch.sock"))
    if not folders:
        return None
    # The cache path may be longer than a socket address holds: connect from inside the folder.
    here = os.getcwd()
    try:
        os.chdir(os.path.dirname(folders[0]))
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(1.0)
            s.connect("watch.sock")
            return s.makefile().readline().strip() or None
    except OSError:
        return None
    finally:
        os.chdir(here)


@contextlib.contextmanager
def watching(args, vault, env, k):
    """Runs `todomd watch` on the vault until it vouches for the index (answers "current" on its
    socket): a listing then skips the walk over every file. Notes what it answered after."""
    cache = env["XDG_CACHE_HOME"]
    watch = subprocess.Popen([args.bin, "--vault", vault, "watch"], env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        line = watch.stdout.readline().decode()
        if not line.startswith("Watching"):
            raise Failed("todomd watch did not start: %r" % line)
        # Its first pass over the vault, until it vouches (or does not: polling, a network mount).
        deadline = time.monotonic() + 120
        answer = watcher_answer(cache)
        while not (answer or "").startswith("current") and time.monotonic() < deadline:
            time.sleep(0.05)
            answer = watcher_answer(cache)
        yield answer
        after = watcher_answer(cache)
        ANSWERS.append("%s: `todomd watch` answered %r before the watched rows and %r after them%s." % (
            k, answer, after, "" if (after or "").startswith("current") else
            " — it did not vouch for the index, so every run scanned"))
    finally:
        watch.terminate()
        try:
            watch.wait(timeout=10)
        except subprocess.TimeoutExpired:
            watch.kill()
            watch.wait()


ANSWERS = []


def watched_rows(table, args, vault, env, today, floor, persp, tw, tools, runs, k, first):
    """The listings of run_size again while `todomd watch` runs: `today` (first size only) and
    the 10-rule perspective against Taskwarrior's filter."""
    with watching(args, vault, env, k):
        if first:
            a, b, ratio = paired(lambda: spawn(today, env), lambda: spawn(floor, env), runs)
            table.add("warm `today --json`, %s, while `todomd watch` runs, vs the stat floor" % k, a, "stat floor",
                      b, ratio, "floor", "≤ 0.5× the floor")
            if args.bench_bin:
                # The same command line again and again in one process: what it costs with no
                # process start, and (after the first run) no first use of the runtime's type
                # metadata and ArgumentParser's reflection — the least a one-shot `todomd` can cost.
                out = output([args.bench_bin, "--cli", vault, "100"] + today[3:], env).decode().split()
                first_ms, inproc = float(out[1]), float(out[2])
                table.add("… the same command run 100 times in one process (`todomd-bench --cli`: no process start, "
                          "warm after the first run; median), vs the stat floor", inproc, "stat floor", b, inproc / b,
                          "floor", "")
                table.notes.append("%s: `today --json` in one process took %s the first time and %s as the median "
                                   "of 100 (%s bytes written each time)." % (k, fmt_ms(first_ms), fmt_ms(inproc),
                                                                           "{:,}".format(int(out[0]))))
            # The same command told not to ask the watcher: the scan every listing did before.
            unasked = dict(env, TODOMD_NO_WATCHER="1")
            a, b, ratio = paired(lambda: spawn(today, env), lambda: spawn(today, unasked), runs)
            table.add("… the same, vouched for by the watcher vs scanning anyway (`TODOMD_NO_WATCHER=1`)", a,
                      "scanning", b, ratio, "faster", "")
        a, b, ratio = paired(lambda: spawn(persp, env), lambda: spawn(tw, tools.tw_env()), runs)
        table.add("10-rule perspective, %s, while `todomd watch` runs, vs Taskwarrior's filter + `export`" % k,
                  a, "Taskwarrior", b, ratio, "faster", "≥ 15× faster" if k == "100k" else "≥ 8× faster")


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--bench-bin")
    ap.add_argument("--vault-dir", required=True)
    ap.add_argument("--big", action="store_true", help="also the 100k rows")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--seed", type=int, default=42)
    args = ap.parse_args(argv)
    os.makedirs(args.vault_dir, exist_ok=True)
    table = Table()
    caches = []

    def cache():
        caches.append(tempfile.mkdtemp(prefix="todomd-bench-cache-"))
        return caches[-1]

    try:
        env = todomd_env(cache())
        tw_env = dict(os.environ, TASKRC=os.devnull, TZ="UTC")
        a, b, ratio = paired(lambda: spawn([args.bin, "--help"], env), lambda: spawn(["task", "--version"], tw_env),
                             max(args.runs, 21))
        table.add("process start: `todomd --help` vs `task --version`", a, "Taskwarrior", b, ratio, "slower", "≤ 2×")

        sizes = [10000] + ([100000] if args.big else [])
        for n in sizes:
            vault = ensure_vault(args.vault_dir, n, args.seed)
            tools = Tools(args.bin, vault, todomd_env(cache()))
            run_size(table, args, n, vault, tools, cache(), args.runs if n < 100000 else 3, n == 10000)

        # The cost of §23 structure: the same vault with 20% of its tasks subtasks.
        flat = ensure_vault(args.vault_dir, 10000, args.seed)
        nested = ensure_vault(args.vault_dir, 10000, args.seed, nested=0.2)
        flat_env, nested_env = todomd_env(cache()), todomd_env(cache())
        for kind in ("cold", "warm"):
            def one(vault, env):
                def go():
                    if kind == "cold":
                        shutil.rmtree(os.path.join(env["XDG_CACHE_HOME"], "todomd"), ignore_errors=True)
                    return spawn([args.bin, "--vault", vault, "today", "--json"], env)
                return go
            a, b, ratio = paired(one(nested, nested_env), one(flat, flat_env), args.runs)
            table.add("%s `today --json`, 10k, 20%% nested (parent, blocked_by) vs the same vault flat" % kind,
                      a, "flat", b, ratio, "vs", "")
        table.notes.append("Nested vault: %s." % nested_summary(args.bin, nested, nested_env))
    finally:
        for c in caches:
            shutil.rmtree(c, ignore_errors=True)
    table.notes.extend(ANSWERS)
    print()
    table.print()


def nested_summary(bin_path, vault, env):
    tasks = json.loads(output([bin_path, "--vault", vault, "list", "all", "--json"], env))
    flat = [t for g in tasks["groups"] for t in g["tasks"]]
    today = json.loads(output([bin_path, "--vault", vault, "today", "--json"], env))
    return "%d tasks, %d with a parent, %d blocked; Today lists %d" % (
        len(flat), sum(1 for t in flat if t.get("parent_id")), sum(1 for t in flat if t.get("blocked")),
        sum(len(g["tasks"]) for g in today["groups"]))


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except Failed as e:
        sys.exit("bench: %s" % e)
