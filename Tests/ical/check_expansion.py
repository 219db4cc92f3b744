#!/usr/bin/env python3
"""Cross-checks how `todomd agenda` expands external calendars (§25) against the Python
`icalendar` + `recurring-ical-events` packages, on calendars generated from a seed.

Usage: check_expansion.py [--seed N] [--calendars N]   (TODOMD_BIN names the binary)

Each generated calendar mixes timed events in several zones (named, UTC, floating), all-day
events, DAILY/WEEKLY/MONTHLY/YEARLY series with INTERVAL, COUNT or UNTIL, BYDAY (with ordinals),
BYMONTHDAY, EXDATEs and RECURRENCE-ID overrides (moved or cancelled). Both sides list every
occurrence overlapping a window as (title, local start, local end, all-day) in Europe/Berlin;
the sets must be equal. Exits non-zero naming the first calendar that differs.
"""
import argparse
import datetime as dt
import json
import os
import random
import subprocess
import sys
import tempfile
import zoneinfo

import icalendar
import recurring_ical_events

BERLIN = zoneinfo.ZoneInfo("Europe/Berlin")
ZONES = ["Europe/Berlin", "America/New_York", "Asia/Tokyo", "UTC", None]  # None: floating
WINDOW_FROM = dt.date(2026, 11, 1)
WINDOW_DAYS = 120
WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]


def fmt(value, zone):
    """An ICS DATE-TIME in `zone` (None: floating)."""
    text = value.strftime("%Y%m%dT%H%M%S")
    if zone == "UTC":
        return ":" + text + "Z"
    if zone is None:
        return ":" + text
    return f";TZID={zone}:" + text


def rule(rng, all_day):
    freq = rng.choice(["DAILY", "WEEKLY", "MONTHLY", "YEARLY"])
    parts = [f"FREQ={freq}"]
    if rng.random() < 0.4:
        parts.append(f"INTERVAL={rng.randint(2, 3)}")
    if freq == "WEEKLY" and rng.random() < 0.5:
        parts.append("BYDAY=" + ",".join(sorted(rng.sample(WEEKDAYS, rng.randint(1, 3)), key=WEEKDAYS.index)))
    if freq == "MONTHLY":
        choice = rng.random()
        if choice < 0.3:
            parts.append(f"BYDAY={rng.choice(['1', '2', '-1'])}{rng.choice(WEEKDAYS)}")
        elif choice < 0.6:
            parts.append(f"BYMONTHDAY={rng.choice([1, 15, 28, -1])}")
    end = rng.random()
    if end < 0.3:
        parts.append(f"COUNT={rng.randint(2, 12)}")
    elif end < 0.5:
        until = WINDOW_FROM + dt.timedelta(days=rng.randint(0, WINDOW_DAYS))
        # UNTIL at the end of its day (UTC), as calendar apps write it for a last day, or earlier.
        parts.append("UNTIL=" + until.strftime("%Y%m%d") + ("" if all_day else rng.choice(["T235959Z", "T080000Z", "T120000Z"])))
    return ";".join(parts)


def calendar(rng, index):
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//check//EN"]
    for n in range(rng.randint(3, 8)):
        mark = len(lines)
        uid = f"e{index}-{n}@check"
        all_day = rng.random() < 0.25
        start_day = WINDOW_FROM + dt.timedelta(days=rng.randint(-60, WINDOW_DAYS))
        title = f"Event {index}.{n}"
        series = rng.random() < 0.7
        if all_day:
            length = rng.choice([1, 1, 2, 3])
            start = ";VALUE=DATE:" + start_day.strftime("%Y%m%d")
            end = ";VALUE=DATE:" + (start_day + dt.timedelta(days=length)).strftime("%Y%m%d")
            zone = None
            first = start_day
        else:
            zone = rng.choice(ZONES)
            first = dt.datetime.combine(start_day, dt.time(rng.randint(6, 21), rng.choice([0, 15, 30, 45])))
            length = rng.choice([15, 30, 45, 60, 90, 180])
            start = fmt(first, zone)
            end = fmt(first + dt.timedelta(minutes=length), zone)
        lines += ["BEGIN:VEVENT", f"UID:{uid}", "DTSTAMP:20261101T000000Z", f"DTSTART{start}"]
        lines.append(f"DTEND{end}" if rng.random() < 0.7 or all_day else f"DURATION:PT{length}M")
        lines.append(f"SUMMARY:{title}")
        occurrences = []
        if series:
            text = rule(rng, all_day)
            lines.append("RRULE:" + text)
            # Pick occurrences to except and override from the expansion of the series itself.
            probe = icalendar.Calendar.from_ical("\r\n".join(lines[:3] + lines[mark:] + ["END:VEVENT", "END:VCALENDAR"]) + "\r\n")
            occurrences = [e["DTSTART"].dt for e in recurring_ical_events.of(probe).between(
                WINDOW_FROM - dt.timedelta(days=60), WINDOW_FROM + dt.timedelta(days=WINDOW_DAYS))]
            if len(occurrences) > 3 and rng.random() < 0.5:
                ex = rng.choice(occurrences[1:])
                lines.append("EXDATE" + (";VALUE=DATE:" + ex.strftime("%Y%m%d") if all_day else fmt(ex.replace(tzinfo=None), zone)))
                occurrences.remove(ex)
        lines.append("END:VEVENT")
        if series and len(occurrences) > 3 and not all_day and rng.random() < 0.6:
            original = rng.choice(occurrences[1:]).replace(tzinfo=None)
            moved = original + dt.timedelta(hours=rng.choice([-2, 1, 3]))
            lines += ["BEGIN:VEVENT", f"UID:{uid}", "DTSTAMP:20261101T000000Z", f"RECURRENCE-ID{fmt(original, zone)}",
                      f"DTSTART{fmt(moved, zone)}", f"DTEND{fmt(moved + dt.timedelta(minutes=30), zone)}",
                      f"SUMMARY:{title} (moved)"]
            if rng.random() < 0.3:
                lines.append("STATUS:CANCELLED")
            lines.append("END:VEVENT")
    lines.append("END:VCALENDAR")
    return "\r\n".join(lines) + "\r\n"


def local(value):
    if isinstance(value, dt.datetime):
        if value.tzinfo is None:
            value = value.replace(tzinfo=BERLIN)
        return value.astimezone(BERLIN).strftime("%Y-%m-%dT%H:%M")
    return value.isoformat()


def expected(text):
    cal = icalendar.Calendar.from_ical(text)
    start = dt.datetime.combine(WINDOW_FROM, dt.time(0), tzinfo=BERLIN)
    end = start + dt.timedelta(days=WINDOW_DAYS)
    out = set()
    for event in recurring_ical_events.of(cal).between(start, end):
        if str(event.get("STATUS", "")).upper() == "CANCELLED":
            continue
        s = event["DTSTART"].dt
        e = event["DTEND"].dt if "DTEND" in event else s + event["DURATION"].dt
        all_day = not isinstance(s, dt.datetime)
        out.add((str(event["SUMMARY"]), local(s), local(e), all_day))
    return out


def actual(text, binary):
    with tempfile.TemporaryDirectory() as tmp:
        vault = os.path.join(tmp, "vault")
        os.makedirs(os.path.join(vault, ".todomd"))
        with open(os.path.join(vault, "cal.ics"), "w", encoding="utf-8") as handle:
            handle.write(text)
        with open(os.path.join(vault, ".todomd", "config.json"), "w", encoding="utf-8") as handle:
            json.dump({"calendars": [{"name": "C", "path": "cal.ics"}]}, handle)
        env = dict(os.environ, TODOMD_NOW="2026-11-01T09:00:00", TZ="Europe/Berlin", XDG_CACHE_HOME=os.path.join(tmp, "cache"),
                   NO_COLOR="1")
        run = subprocess.run([binary, "--vault", vault, "agenda", "--from", WINDOW_FROM.isoformat(), "--days", str(WINDOW_DAYS),
                              "--json"], capture_output=True, text=True, env=env, check=False)
        if run.returncode != 0:
            raise SystemExit(f"check_expansion: todomd agenda failed: {run.stderr}")
        data = json.loads(run.stdout)
        if data["calendars"]:
            raise SystemExit(f"check_expansion: the calendar had problems: {data['calendars']}")
        return {(e["title"], e["start"], e["end"], e["all_day"]) for day in data["days"] for e in day["events"]}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=25)
    parser.add_argument("--calendars", type=int, default=40)
    args = parser.parse_args()
    binary = os.environ.get("TODOMD_BIN", "todomd")
    rng = random.Random(args.seed)
    total = 0
    for index in range(args.calendars):
        text = calendar(rng, index)
        want, got = expected(text), actual(text, binary)
        if want != got:
            print(f"check_expansion: calendar {index} (seed {args.seed}) differs", file=sys.stderr)
            for item in sorted(want - got):
                print(f"  missing:    {item}", file=sys.stderr)
            for item in sorted(got - want):
                print(f"  unexpected: {item}", file=sys.stderr)
            path = os.path.join(tempfile.gettempdir(), f"check_expansion_{index}.ics")
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text)
            print(f"  the calendar: {path}", file=sys.stderr)
            sys.exit(1)
        total += len(want)
    print(f"check_expansion: {args.calendars} calendars, {total} occurrences, the same as recurring-ical-events")


if __name__ == "__main__":
    main()
