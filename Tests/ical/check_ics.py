#!/usr/bin/env python3
"""Checks an iCalendar file written by `todomd export ics` with the `icalendar` package.

Usage: check_ics.py FILE [--events N] [--todos N] [--summary TEXT]... [--trigger PT9H]
                    [--timed "SUMMARY=YYYY-MM-DDTHH:MM/MINUTES"]... [--alarms "SUMMARY=-PT15M,-P1D"]...

Checks the raw text (UTF-8, CRLF line endings, lines folded at 75 octets), parses it, and checks
the calendar properties and each component: a unique UID ending in @todomd, a SUMMARY, an
all-day DTSTART (events: DTEND the next day) and a display alarm at a time of that day; or, for a
task with a time of day (§24, each named by --timed), a floating local DTSTART at that time, a
DTEND the task's length later and an alarm at the start; for a task with reminders (each named
by --alarms), one display alarm per reminder with exactly the TRIGGERs given. Exits non-zero on the first
problem, naming it.
"""
import argparse
import datetime
import sys

import icalendar


def fail(message):
    print(f"check_ics: {message}", file=sys.stderr)
    sys.exit(1)


def check_raw(data):
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        fail(f"not UTF-8: {error}")
    if not text.endswith("\r\n"):
        fail("the file does not end with CRLF")
    for number, line in enumerate(text.split("\r\n")[:-1], start=1):
        if "\n" in line or "\r" in line:
            fail(f"line {number} has a bare line break")
        if len(line.encode("utf-8")) > 75:
            fail(f"line {number} is {len(line.encode('utf-8'))} octets long (at most 75)")


def check_alarm(component, uid, expected_trigger):
    alarms = [c for c in component.subcomponents if c.name == "VALARM"]
    if len(alarms) != 1:
        fail(f"{uid}: expected one VALARM, found {len(alarms)}")
    alarm = alarms[0]
    if str(alarm.get("ACTION")) != "DISPLAY":
        fail(f"{uid}: the alarm's ACTION is {alarm.get('ACTION')!r}, not DISPLAY")
    trigger = alarm.decoded("TRIGGER")
    if not isinstance(trigger, datetime.timedelta) or not (datetime.timedelta(0) <= trigger < datetime.timedelta(days=1)):
        fail(f"{uid}: TRIGGER {trigger!r} is not a time of day after the start")
    if expected_trigger is not None and alarm["TRIGGER"].to_ical().decode() != expected_trigger:
        fail(f"{uid}: TRIGGER is {alarm['TRIGGER'].to_ical().decode()}, expected {expected_trigger}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    parser.add_argument("--events", type=int)
    parser.add_argument("--todos", type=int)
    parser.add_argument("--summary", action="append", default=[])
    parser.add_argument("--trigger")
    parser.add_argument("--timed", action="append", default=[])
    parser.add_argument("--alarms", action="append", default=[])
    args = parser.parse_args()
    alarms = {}
    for item in args.alarms:
        summary, _, triggers = item.partition("=")
        alarms[summary] = triggers.split(",")
    timed = {}
    for item in args.timed:
        summary, _, rest = item.partition("=")
        start, _, minutes = rest.partition("/")
        timed[summary] = (datetime.datetime.fromisoformat(start), int(minutes or 30))

    with open(args.file, "rb") as handle:
        data = handle.read()
    check_raw(data)
    try:
        calendar = icalendar.Calendar.from_ical(data)
    except Exception as error:  # the library raises ValueError and friends
        fail(f"icalendar could not parse the file: {error}")

    if calendar.name != "VCALENDAR":
        fail(f"top component is {calendar.name}")
    for key, value in (("VERSION", "2.0"), ("CALSCALE", "GREGORIAN")):
        if str(calendar.get(key)) != value:
            fail(f"{key} is {calendar.get(key)!r}, expected {value}")
    if not str(calendar.get("PRODID", "")):
        fail("no PRODID")

    events = list(calendar.walk("VEVENT"))
    todos = list(calendar.walk("VTODO"))
    if args.events is not None and len(events) != args.events:
        fail(f"expected {args.events} events, found {len(events)}")
    if args.todos is not None and len(todos) != args.todos:
        fail(f"expected {args.todos} to-dos, found {len(todos)}")

    uids = set()
    summaries = []
    for component in events + todos:
        uid = str(component.get("UID", ""))
        if not uid.endswith("@todomd") or uid == "@todomd":
            fail(f"UID {uid!r} is not FILENAME@todomd")
        if uid in uids:
            fail(f"UID {uid} appears twice")
        uids.add(uid)
        if "DTSTAMP" not in component:
            fail(f"{uid}: no DTSTAMP")
        summary = str(component.get("SUMMARY", ""))
        if not summary:
            fail(f"{uid}: no SUMMARY")
        summaries.append(summary)
        with_reminders = summary in alarms
        if with_reminders:
            # §24: one display alarm per reminder, each TRIGGER as given, in order.
            expected = alarms.pop(summary)
            found = [c for c in component.subcomponents if c.name == "VALARM"]
            if any(str(c.get("ACTION")) != "DISPLAY" for c in found):
                fail(f"{uid}: an alarm is not a DISPLAY alarm")
            triggers = [c["TRIGGER"].to_ical().decode() for c in found]
            if triggers != expected:
                fail(f"{uid}: TRIGGERs are {triggers}, expected {expected}")
            if summary not in timed:
                continue
        if summary in timed:
            start, minutes = timed.pop(summary)
            key = "DTSTART" if "DTSTART" in component else "DUE"
            value = component.decoded(key)
            if not isinstance(value, datetime.datetime) or value.tzinfo is not None or value != start:
                fail(f"{uid}: {key} {value!r} is not the floating local time {start}")
            if component.name == "VEVENT":
                end = component.decoded("DTEND")
                if end != start + datetime.timedelta(minutes=minutes):
                    fail(f"{uid}: DTEND {end!r} is not {minutes} minutes after {start}")
            alarm = [c for c in component.subcomponents if c.name == "VALARM"]
            if not with_reminders and (len(alarm) != 1 or alarm[0].decoded("TRIGGER") != datetime.timedelta(0)):
                fail(f"{uid}: a timed task's alarm is not at its start")
            continue
        if component.name == "VEVENT":
            start = component.decoded("DTSTART")
            end = component.decoded("DTEND")
            if isinstance(start, datetime.datetime) or not isinstance(start, datetime.date):
                fail(f"{uid}: DTSTART {start!r} is not an all-day date")
            if end != start + datetime.timedelta(days=1):
                fail(f"{uid}: DTEND {end!r} is not the day after DTSTART {start!r}")
        else:
            if "DUE" not in component and "DTSTART" not in component:
                fail(f"{uid}: a to-do with neither DUE nor DTSTART")
            for key in ("DUE", "DTSTART"):
                if key in component and isinstance(component.decoded(key), datetime.datetime):
                    fail(f"{uid}: {key} is not an all-day date")
        check_alarm(component, uid, args.trigger)

    if timed:
        fail(f"no timed component for {sorted(timed)}")
    if alarms:
        fail(f"no component with reminders for {sorted(alarms)}")
    for expected in args.summary:
        if expected not in summaries:
            fail(f"no component has SUMMARY {expected!r}; found {summaries!r}")
    print(f"check_ics: {args.file}: {len(events)} events, {len(todos)} to-dos, all valid")


if __name__ == "__main__":
    main()
