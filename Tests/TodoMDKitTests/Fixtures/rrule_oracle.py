#!/usr/bin/env python3
"""Reference occurrences for RecurrenceCrossCheckTests, computed by python-dateutil's rrule.

Reads a JSON array of cases on stdin:
    [{"rule": "FREQ=MONTHLY;BYDAY=-1FR;COUNT=3", "start": "2026-01-31", "limit": 6,
      "horizon": 3026, "after": "2026-03-01", "next_rule": "FREQ=MONTHLY;BYDAY=-1FR"}, ...]
and prints one JSON array with, per case, either {"dates": [...], "next": ...} or {"error": "..."}.
"dates" are the first `limit` occurrences of `rule` as "YYYY-MM-DD" strings (COUNT and UNTIL
honoured, dtstart at midnight). "next" is the first occurrence of `next_rule` (the rule without
COUNT) strictly after `after`, or null; it is null too when the case has no "after".

`horizon` (optional) is the last year dateutil may search. dateutil otherwise searches up to
year 9999 for a rule that has no further occurrence, which takes seconds per rule in Python; the
Swift engine gives up after 1000 years without an occurrence, and the test passes the year at
which it gave up so that both sides search exactly as far. It is applied by handing dateutil's
rrule module a copy of the datetime module whose MAXYEAR is the horizon: nothing else changes.
"""
import itertools
import json
import sys
import types

try:
    import datetime as real_datetime
    from dateutil import rrule as rrule_module
except ImportError as error:  # pragma: no cover - reported by the Swift test
    sys.stderr.write(
        "python-dateutil is not installed (%s); install it with `python3 -m pip install python-dateutil`\n"
        % error
    )
    sys.exit(3)

horizon_datetime = types.ModuleType("datetime")
horizon_datetime.__dict__.update(real_datetime.__dict__)
rrule_module.datetime = horizon_datetime


def parse_date(text):
    return real_datetime.datetime.strptime(text, "%Y-%m-%d")


def answer(case):
    horizon_datetime.MAXYEAR = min(int(case.get("horizon") or real_datetime.MAXYEAR), real_datetime.MAXYEAR)
    start = parse_date(case["start"])
    rule = rrule_module.rrulestr(case["rule"], dtstart=start)
    dates = [d.date().isoformat() for d in itertools.islice(rule, int(case["limit"]))]
    following = None
    if case.get("after"):
        next_rule = rrule_module.rrulestr(case["next_rule"], dtstart=start)
        found = next_rule.after(parse_date(case["after"]), inc=False)
        following = found.date().isoformat() if found else None
    return {"dates": dates, "next": following}


def main():
    cases = json.load(sys.stdin)
    results = []
    for case in cases:
        try:
            results.append(answer(case))
        except Exception as error:  # one bad case must not hide the others
            results.append({"error": "%s: %s" % (type(error).__name__, error)})
    json.dump(results, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
