#!/usr/bin/env python3
"""Times whole `todomd` processes against generated vaults; used by scripts/bench.

    measure.py --bin PATH --vault-dir DIR [--runs N] [--runs-large N] SIZE...

For each SIZE the vault is DIR/tasks-SIZE. Every timing is a whole process, wall clock
(time.perf_counter_ns around spawn + wait), and the reported value is the median of the runs.
Environment of every run: TODOMD_NOW=2026-11-21T09:00:00, TZ=Europe/Berlin, a private
XDG_CACHE_HOME, stdout to /dev/null.

Workloads (rows of the table):
  cold      the cache folder deleted, then `today --json` (scan + parse + store + query)
  today     warm `today --json`, nothing changed
  anytime   warm `list anytime --json`, nothing changed
  changed1  one file's content changed (different size), then `today --json`
  stat      `find VAULT -name '*.md' -printf '%s %T@'` (readdir + one stat per file), reference
  startup   `todomd --help` (process start, no vault), reference
  persp     warm `perspective run bench --json` (the 10-rule perspective below), whole process
Then, with --bench-bin, a second table: the same perspective run in-process (todomd-bench),
tasks materialized, median of 100 runs, at --perspective-sizes.
Python 3 standard library only.
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ENV_BASE = {
    "TODOMD_NOW": "2026-11-21T09:00:00",
    "TZ": "Europe/Berlin",
    "LC_ALL": "C.UTF-8",
}

ROWS = [
    ("cold", "(a) cold index build + `today --json`"),
    ("today", "(b) warm `today --json`"),
    ("anytime", "(c) warm `list anytime --json`"),
    ("changed1", "(d) 1 file changed + `today --json`"),
    ("stat", "(e) `find` stat of all files (reference)"),
    ("startup", "(f) `todomd --help` process start (reference)"),
    ("persp", "(g) warm `perspective run bench --json` (10 rules)"),
]

# A 10-rule perspective: nested groups, a tag rule, relative dates and a title search.
BENCH_PERSPECTIVES = {
    "version": 1,
    "order": ["bench"],
    "perspectives": {
        "bench": {
            "id": "bench", "name": "Bench", "icon": "gauge",
            "rules": {"operator": "AND", "conditions": [
                {"field": "status", "op": "in", "value": ["todo", "in-progress"]},
                {"operator": "OR", "conditions": [
                    {"field": "priority", "op": "in", "value": ["high", "medium"]},
                    {"field": "flagged", "op": "equals", "value": True}]},
                {"operator": "NOT", "conditions": [
                    {"field": "tags", "op": "contains", "value": "someday"},
                    {"field": "area", "op": "equals", "value": "Archive"}]},
                {"operator": "OR", "conditions": [
                    {"field": "due", "op": "on_or_before", "value": "today"},
                    {"field": "scheduled", "op": "in_next", "value": 14, "unit": "days"}]},
                {"field": "defer", "op": "before_or_none", "value": "tomorrow"},
                {"field": "title", "op": "string_contains", "value": "re"},
                {"field": "project", "op": "is_not_nil"}]},
            "sort": {"field": "due"}, "group_by": "project", "layout": "default", "manual_order": None,
        }
    },
}


def install_bench_perspective(vault):
    """Writes the bench perspective into the vault (idempotent)."""
    path = os.path.join(vault, ".perspectives.json")
    text = json.dumps(BENCH_PERSPECTIVES, indent=2) + "\n"
    if not os.path.exists(path) or open(path).read() != text:
        with open(path, "w") as fh:
            fh.write(text)


def run(cmd, env, stdout=subprocess.DEVNULL):
    t0 = time.perf_counter_ns()
    p = subprocess.run(cmd, env=env, stdout=stdout, stderr=subprocess.PIPE)
    t1 = time.perf_counter_ns()
    if p.returncode != 0:
        sys.exit("command failed (%d): %s\n%s" % (p.returncode, " ".join(cmd), p.stderr.decode(errors="replace")))
    return (t1 - t0) / 1e6, p


def median_ms(samples):
    return statistics.median(samples)


def pick_changed_file(vault):
    """A deterministic top-level task file to modify."""
    names = sorted(n for n in os.listdir(vault) if n.endswith(".md"))
    return os.path.join(vault, names[len(names) // 2])


def bench_size(size, args, results, sanity):
    vault = os.path.realpath(os.path.join(args.vault_dir, "tasks-%d" % size))
    if not os.path.isdir(vault):
        sys.exit("missing vault %s" % vault)
    install_bench_perspective(vault)
    runs = args.runs_large if size >= 100000 else args.runs
    cache = tempfile.mkdtemp(prefix="todomd-bench-cache-")
    env = dict(os.environ)
    env.update(ENV_BASE)
    env["XDG_CACHE_HOME"] = cache
    todomd = [args.bin, "--vault", vault]
    today = todomd + ["today", "--json"]
    anytime = todomd + ["list", "anytime", "--json"]
    r = results.setdefault(size, {})
    log = lambda msg: print("[%s] %s" % (size, msg), file=sys.stderr, flush=True)

    try:
        # (e) reference: what one stat per file costs; warms the page cache too.
        run(["find", vault, "-name", "*.md", "-printf", "%s %T@\n"], env)
        r["stat"] = median_ms([run(["find", vault, "-name", "*.md", "-printf", "%s %T@\n"], env)[0]
                               for _ in range(runs)])
        r["startup"] = median_ms([run([args.bin, "--help"], env)[0] for _ in range(runs)])

        # (a) cold: no index at all.
        samples = []
        for i in range(runs):
            shutil.rmtree(os.path.join(cache, "todomd"), ignore_errors=True)
            ms, _ = run(today, env)
            samples.append(ms)
            log("cold run %d: %.0f ms" % (i + 1, ms))
        r["cold"] = median_ms(samples)

        # (b), (c) warm: one untimed run first (settles racy-mtime hashing, warms caches).
        run(today, env)
        r["today"] = median_ms([run(today, env)[0] for _ in range(runs)])
        run(anytime, env)
        r["anytime"] = median_ms([run(anytime, env)[0] for _ in range(runs)])
        log("warm today %.0f ms, anytime %.0f ms" % (r["today"], r["anytime"]))

        # (d) one file changed: its size changes every run, so the stamp diff must re-parse it.
        path = pick_changed_file(vault)
        with open(path, "rb") as fh:
            original = fh.read()
        st = os.stat(path)
        samples = []
        try:
            for i in range(runs):
                with open(path, "wb") as fh:
                    fh.write(original + b"\n<!-- bench edit " + b"x" * (i + 1) + b" -->\n")
                samples.append(run(today, env)[0])
        finally:
            with open(path, "wb") as fh:
                fh.write(original)
            os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
        r["changed1"] = median_ms(samples)
        run(today, env)  # back in step with the restored file

        # (g) a 10-rule perspective, whole process.
        persp = todomd + ["perspective", "run", "bench", "--json"]
        run(persp, env)
        r["persp"] = median_ms([run(persp, env)[0] for _ in range(runs)])

        # Sanity: what today lists, and what the index holds.
        _, p = run(today, env, stdout=subprocess.PIPE)
        listing = json.loads(p.stdout)
        groups = [(g["name"], len(g["tasks"])) for g in listing["groups"]]
        _, p = run(anytime, env, stdout=subprocess.PIPE)
        n_anytime = sum(len(g["tasks"]) for g in json.loads(p.stdout)["groups"])
        _, p = run(todomd + ["doctor", "--json"], env, stdout=subprocess.PIPE)
        doctor = json.loads(p.stdout)
        sanity[size] = {
            "today": sum(n for _, n in groups),
            "groups": groups,
            "anytime": n_anytime,
            "tasks": int(doctor["tasks"]),
            "unparseable": len(doctor["unparseable"]),
            "warnings": len(doctor["warnings"]),
        }
    finally:
        shutil.rmtree(cache, ignore_errors=True)


def fmt_size(n):
    if n >= 1000 and n % 1000 == 0:
        return "%dk" % (n // 1000)
    return str(n)


def print_table(sizes, results, runs, runs_large):
    head = "| workload (median ms) | " + " | ".join(fmt_size(s) for s in sizes) + " |"
    print(head)
    print("|---|" + "---:|" * len(sizes))
    for key, label in ROWS:
        cells = []
        for s in sizes:
            v = results.get(s, {}).get(key)
            cells.append("—" if v is None else ("%.1f" % v if v < 10 else "%.0f" % v))
        print("| %s | %s |" % (label, " | ".join(cells)))
    print("| runs per cell | %s |" % " | ".join(str(runs_large if s >= 100000 else runs) for s in sizes))


def bench_in_process(sizes, args):
    """The bench perspective run in-process (todomd-bench), median of 100, per size."""
    print()
    print("| 10-rule perspective, in-process, tasks materialized | " + " | ".join(fmt_size(s) for s in sizes) + " |")
    print("|---|" + "---:|" * len(sizes))
    medians, matched = [], []
    for size in sizes:
        vault = os.path.realpath(os.path.join(args.vault_dir, "tasks-%d" % size))
        install_bench_perspective(vault)
        cache = tempfile.mkdtemp(prefix="todomd-bench-cache-")
        env = dict(os.environ)
        env.update(ENV_BASE)
        env["XDG_CACHE_HOME"] = cache
        try:
            run([args.bin, "--vault", vault, "today"], env)  # build the index first
            _, p = run([args.bench_bin, vault, "100"], env, stdout=subprocess.PIPE)
            n, median, _p90 = p.stdout.decode().split()
            medians.append(float(median))
            matched.append(int(n))
            print("[%s] in-process perspective: %s ms median, %s tasks" % (size, median, n), file=sys.stderr)
        finally:
            shutil.rmtree(cache, ignore_errors=True)
    print("| median ms (100 runs) | " + " | ".join("%.2f" % m for m in medians) + " |")
    print("| tasks matched | " + " | ".join(str(n) for n in matched) + " |")


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--vault-dir", required=True)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--runs-large", type=int, default=3)
    ap.add_argument("--bench-bin", help="todomd-bench, for the in-process perspective table")
    ap.add_argument("--perspective-sizes", type=int, nargs="*", default=[])
    ap.add_argument("sizes", type=int, nargs="+")
    args = ap.parse_args(argv)
    results, sanity = {}, {}
    for size in args.sizes:
        bench_size(size, args, results, sanity)
    print()
    print_table(args.sizes, results, args.runs, args.runs_large)
    print()
    for size in args.sizes:
        s = sanity[size]
        print("- %s: index holds %d tasks (%d unparseable files, %d tasks with warnings); "
              "today lists %d tasks (%s); anytime lists %d."
              % (fmt_size(size), s["tasks"], s["unparseable"], s["warnings"], s["today"],
                 ", ".join("%s %d" % (name, n) for name, n in s["groups"]), s["anytime"]))
    if args.bench_bin and args.perspective_sizes:
        bench_in_process(args.perspective_sizes, args)


if __name__ == "__main__":
    main(sys.argv[1:])
