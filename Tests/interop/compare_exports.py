#!/usr/bin/env python3
"""Compares todo.md exports for Tests/interop/check_interop.sh.

Usage: compare_exports.py MODE ORIGINAL.json OTHER [EXTRA]

ORIGINAL.json is `todomd export json` of the source vault. MODE says what OTHER is:
  taskwarrior  the json export of a vault that imported `task export` (EXTRA: that task export)
  todotxt      `todomd export todotxt` of the source vault
  csv          `todomd export csv` of the source vault
  json         the json export of a vault that imported ORIGINAL.json
Each mode checks exactly what docs/interop.md says the format keeps, and prints the first
difference it finds.
"""
import csv
import datetime
import json
import sys

CANONICAL = ["title", "status", "due", "defer", "scheduled", "priority", "flagged", "area", "project", "tags",
             "recurrence", "recurrence_mode", "estimated_minutes", "parent", "blocked_by", "sequential",
             "reminders", "nag", "nag_interval", "snoozed_until", "time_entries", "description",
             "created", "modified", "completed",
             "source", "region", "bucket", "plan_date", "carry_count", "backlog_since", "note", "note_line"]


def fail(message):
    print(f"compare_exports: {message}", file=sys.stderr)
    sys.exit(1)


def tasks(path):
    with open(path, encoding="utf-8") as handle:
        document = json.load(handle)
    if document.get("format") != "todomd" or not isinstance(document.get("tasks"), list):
        fail(f"{path} is not a todo.md json export")
    return document["tasks"]


def by_title(items):
    out = {}
    for item in items:
        if item["title"] in out:
            fail(f"two tasks are titled {item['title']!r}")
        out[item["title"]] = item
    return out


def expect(what, got, wanted):
    if got != wanted:
        fail(f"{what}: expected {wanted!r}, found {got!r}")


def taskwarrior(original, other, exported):
    before = by_title(tasks(original))
    after = by_title(tasks(other))
    expect("titles", sorted(after), sorted(before))
    with open(exported, encoding="utf-8") as handle:
        raw = json.load(handle)
    statuses = {item["description"]: item["status"] for item in raw if item.get("status") != "recurring"}
    expect("Taskwarrior statuses", statuses, {
        "Write the report": "pending", "Buy milk, oat": "pending", "File taxes": "completed",
        "Learn piano": "pending", "Cancel the gym": "deleted", "Dentist": "pending"})
    for title, a in before.items():
        b = after[title]
        for key in ["status", "due", "defer", "scheduled", "priority", "recurrence", "created"]:
            expect(f"{title}: {key}", b[key], a[key])
        # Taskwarrior keeps tags sorted: the set comes back, not the order (docs/interop.md).
        expect(f"{title}: tags", sorted(b["tags"]), sorted(a["tags"]))
        if a["area"] is not None and a["project"] is None:
            # An area alone is a Taskwarrior project: it comes back as one (docs/interop.md).
            expect(f"{title}: area alone", (b["area"], b["project"]), (None, a["area"]))
        else:
            expect(f"{title}: area", b["area"], a["area"])
            expect(f"{title}: project", b["project"], a["project"])
        if a["status"] in ("done", "cancelled"):
            expect(f"{title}: completed", b["completed"], a["completed"])
        # Annotations carry the description and the body (docs/interop.md).
        notes = [text for text in [a["description"], a["body"]] if text]
        expect(f"{title}: body", b["body"], "\n".join(notes))
        expect(f"{title}: source", b["source"], "import-taskwarrior")


def todotxt(original, lines_path):
    before = by_title(tasks(original))
    with open(lines_path, encoding="utf-8") as handle:
        lines = [line.rstrip("\n") for line in handle if line.strip()]
    expect("line count", len(lines), len(before))
    joined = "\n".join(lines)
    for needle in ["(A) 2026-11-01 Write the report +Quarterly_Report @Work due:2026-11-24 t:2026-11-20 sched:2026-11-23",
                   "x 2026-11-10 2026-11-03 File taxes @Home pri:B",
                   "(C) 2026-11-02 Buy milk, oat +Errands due:2026-11-25 #shopping",
                   "2026-11-04 Learn piano #music status:someday"]:
        if needle not in joined:
            fail(f"no todo.txt line holds {needle!r}:\n{joined}")


def csv_export(original, csv_path):
    before = tasks(original)
    with open(csv_path, encoding="utf-8", newline="") as handle:
        rows = list(csv.reader(handle, strict=True))
    expect("header", rows[0], CANONICAL + ["notes"])
    expect("row count", len(rows) - 1, len(before))
    for task, row in zip(before, rows[1:]):
        record = dict(zip(rows[0], row))
        expect(f"{task['title']}: title", record["title"], task["title"])
        expect(f"{task['title']}: notes", record["notes"], task["body"])
        expect(f"{task['title']}: tags", record["tags"], ",".join(task["tags"]))
        expect(f"{task['title']}: due", record["due"], task["due"] or "")
        expect(f"{task['title']}: created", record["created"], task["created"])
        datetime.datetime.strptime(record["created"], "%Y-%m-%dT%H:%M:%SZ")


def json_export(original, other):
    before = tasks(original)
    after = tasks(other)
    expect("task count", len(after), len(before))
    for a, b in zip(before, after):
        for key in ["id", "body", "extra"] + CANONICAL:
            expect(f"{a['id']}: {key}", b[key], a[key])


def main():
    if len(sys.argv) < 4:
        fail(__doc__)
    mode, original, other = sys.argv[1:4]
    if mode == "taskwarrior":
        taskwarrior(original, other, sys.argv[4])
    elif mode == "todotxt":
        todotxt(original, other)
    elif mode == "csv":
        csv_export(original, other)
    elif mode == "json":
        json_export(original, other)
    else:
        fail(f"unknown mode {mode}")


if __name__ == "__main__":
    main()
