#!/usr/bin/env python3
"""Runs the browser tests, several test classes at a time.

    TODOMD_BIN=$(swift build --show-bin-path)/todomd python3 Tests/browser/run.py [--jobs N] [NAME ...]

Every test class has its own vault, server and browser (harness.BrowserTestCase), so classes
can run side by side. Much of a class's time is spent waiting (for Chromium to start, a page to
load, a live event to arrive), so two at a time finish sooner even on two cores (on a 2-core
machine: 254 s instead of 315; three at a time gained nothing more). Each class
runs in its own `python3 -m unittest`; its output is printed whole when it ends, so the log
reads as if the classes had run one after the other. The exit status is 1 if any class failed.
A class that times the page's loading (`run_alone = True`, the first-load tests) runs after the
others, when nothing else runs.

NAME narrows the run to modules or classes (`test_trash`, `test_app.QuickEntryAndLiveTest`). --jobs
defaults to $BROWSER_TEST_JOBS, else 2; --jobs 1 runs the classes one by one, as
`python3 -m unittest discover` would.
"""

import argparse
import concurrent.futures
import os
import subprocess
import sys
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))


def test_classes(names):
    """Every (module, class, number of tests, runs alone) of the suite, or of the modules and
    classes named."""
    sys.path.insert(0, HERE)
    loader = unittest.TestLoader()
    if names:
        suite = loader.loadTestsFromNames(names)
    else:
        suite = loader.discover(HERE, pattern="test_*.py", top_level_dir=HERE)
    counts = {}

    def walk(s):
        for t in s:
            if isinstance(t, unittest.TestSuite):
                walk(t)
            elif isinstance(t, unittest.loader._FailedTest):
                raise SystemExit("run.py: %s could not be loaded:\n%s" % (t.id().rsplit(".", 1)[-1], t._exception))
            else:
                key = (type(t).__module__, type(t).__name__, bool(getattr(t, "run_alone", False)))
                counts[key] = counts.get(key, 0) + 1

    walk(suite)
    return [(m, c, n, alone) for (m, c, alone), n in counts.items()]


def run_class(module, cls):
    """Runs one class in its own interpreter: (passed, seconds, output)."""
    start = time.monotonic()
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    proc = subprocess.run([sys.executable, "-m", "unittest", "--verbose", "%s.%s" % (module, cls)],
                          cwd=HERE, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return proc.returncode == 0, time.monotonic() - start, proc.stdout.decode("utf-8", "replace")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=int(os.environ.get("BROWSER_TEST_JOBS", "2")))
    parser.add_argument("names", nargs="*")
    args = parser.parse_args()
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")

    # The classes with the most tests first, so a long one does not start last and run alone.
    classes = sorted(test_classes(args.names), key=lambda c: (-c[2], c[0], c[1]))
    total = sum(c[2] for c in classes)
    print("Running %d browser tests in %d classes, %d at a time" % (total, len(classes), args.jobs), flush=True)
    start = time.monotonic()
    failed, times = [], []

    def run(batch, jobs):
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            futures = {pool.submit(run_class, m, c): (m, c, n) for m, c, n, _ in batch}
            for future in concurrent.futures.as_completed(futures):
                module, cls, n = futures[future]
                ok, seconds, output = future.result()
                print("\n=== %s.%s: %d tests, %s in %.1f s ===" % (module, cls, n, "ok" if ok else "FAILED", seconds))
                print(output.rstrip("\n"), flush=True)
                times.append((seconds, "%s.%s" % (module, cls)))
                if not ok:
                    failed.append("%s.%s" % (module, cls))

    run([c for c in classes if not c[3]], args.jobs)
    run([c for c in classes if c[3]], 1)

    elapsed = time.monotonic() - start
    print("\nSlowest classes: " + ", ".join("%s %.0f s" % (name, s) for s, name in sorted(times, reverse=True)[:5]))
    if failed:
        print("%d of %d classes FAILED in %.1f s: %s" % (len(failed), len(classes), elapsed, ", ".join(failed)))
        return 1
    print("All %d browser tests in %d classes passed in %.1f s" % (total, len(classes), elapsed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
