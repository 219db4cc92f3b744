#!/usr/bin/env bash
# Proof of docs/interop.md against the real tools (SPEC §20, §22 "Import and export").
#
# Usage: TODOMD_BIN=/path/to/todomd Tests/interop/check_interop.sh
#
# Installs Debian's taskwarrior (and the icalendar package from PyPI) when missing, then, in
# throwaway folders with a fixed clock: Taskwarrior round trip through `task import` and
# `task export`; todo.txt round trip; the ics export parsed by icalendar; the csv export read by
# Python's csv module; json export → import into an empty vault → identical export. Exits
# non-zero naming the first check that fails. Idempotent; never touches the caller's vaults.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
: "${TODOMD_BIN:?set TODOMD_BIN to the todomd binary}"
log() { printf '==> interop: %s\n' "$*" >&2; }
fail() { printf 'check_interop: %s\n' "$*" >&2; exit 1; }

# --- tools ---------------------------------------------------------------------------------
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
# faketime runs `task` on todomd's fixed clock: Taskwarrior reads the real one, and a weekly task
# whose due date has passed in real time makes it generate another instance.
need=()
command -v task >/dev/null 2>&1 || need+=(taskwarrior)
command -v faketime >/dev/null 2>&1 || need+=(faketime)
if [ ${#need[@]} -gt 0 ]; then
    log "installing ${need[*]}"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
if ! python3 -c 'import icalendar' >/dev/null 2>&1; then
    log "installing icalendar"
    python3 -m pip install --quiet icalendar >/dev/null 2>&1 \
        || python3 -m pip install --quiet --break-system-packages icalendar >/dev/null 2>&1 \
        || fail "could not install the icalendar package"
fi

# --- a vault with every kind of task ---------------------------------------------------------
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export TZ="Europe/Berlin" TODOMD_NOW="2026-11-21T09:00:00" XDG_CACHE_HOME="$work/cache" NO_COLOR=1
unset TODOMD_VAULT
todomd() { "$TODOMD_BIN" "$@"; }
# Taskwarrior on the same instant as TODOMD_NOW, in the same time zone (the clock then runs on).
task_bin="$(command -v task)"
task() { faketime -f "@${TODOMD_NOW/T/ }" "$task_bin" "$@"; }
vault="$work/vault"
mkdir -p "$vault/Work"
cat > "$vault/Work/20261101-1000-report.md" <<'MD'
---
title: "Write the report"
status: "in-progress"
due: "2026-11-24"
defer: "2026-11-20"
scheduled: "2026-11-23"
priority: "high"
flagged: true
area: "Work"
project: "Quarterly Report"
tags:
  - writing
  - q4
recurrence: "FREQ=WEEKLY"
estimated_minutes: 90
created: "2026-11-01T10:00:00Z"
modified: "2026-11-02T09:00:00Z"
completed: null
source: "user"
mood: "focused"
---

Outline first, then "numbers".
Ünïcode line — 📊
MD
cat > "$vault/20261102-0800-milk.md" <<'MD'
---
title: "Buy milk, oat"
status: "todo"
due: "2026-11-25"
priority: "low"
project: "Errands"
tags:
  - shopping
created: "2026-11-02T08:00:00Z"
source: "cli-script"
---
MD
cat > "$vault/20261103-0800-taxes.md" <<'MD'
---
title: "File taxes"
status: "done"
area: "Home"
priority: "medium"
created: "2026-11-03T08:00:00Z"
completed: "2026-11-10T16:30:00Z"
source: "user"
---

Receipts are in the blue folder.
MD
cat > "$vault/20261104-0800-piano.md" <<'MD'
---
title: "Learn piano"
status: "someday"
tags:
  - music
created: "2026-11-04T08:00:00Z"
source: "user"
---
MD
cat > "$vault/20261105-0800-gym.md" <<'MD'
---
title: "Cancel the gym"
status: "cancelled"
scheduled: "2026-11-30"
area: "Home"
project: "Admin"
created: "2026-11-05T08:00:00Z"
completed: "2026-11-06T08:00:00Z"
source: "user"
---
MD
# A time of day (§24): an event at that time in calendars, an instant in Taskwarrior.
cat > "$vault/20261106-0800-dentist.md" <<'MD'
---
title: "Dentist"
status: "todo"
due: "2026-11-26T15:30"
estimated_minutes: 45
created: "2026-11-06T08:00:00Z"
source: "user"
---
MD
todomd --vault "$vault" export json --output "$work/original.json" 2>/dev/null

# --- taskwarrior -----------------------------------------------------------------------------
log "taskwarrior: export → task import → task export → import"
export TASKDATA="$work/taskdata" TASKRC="$work/taskrc"
mkdir -p "$TASKDATA"
printf 'data.location=%s\nconfirmation=off\nverbose=nothing\nhooks=off\njson.array=on\nrecurrence.limit=1\n' \
    "$TASKDATA" > "$TASKRC"
todomd --vault "$vault" export taskwarrior --output "$work/tw-out.json" 2>/dev/null
task rc.confirmation=off import "$work/tw-out.json" >/dev/null 2>"$work/tw-import.log" \
    || { cat "$work/tw-import.log" >&2; fail "task import refused our export"; }
task rc.json.array=on export > "$work/tw-back.json" 2>/dev/null
mkdir -p "$work/tw-vault"
todomd --vault "$work/tw-vault" import taskwarrior "$work/tw-back.json" >/dev/null
todomd --vault "$work/tw-vault" export json --output "$work/tw-vault.json" 2>/dev/null
python3 "$here/compare_exports.py" taskwarrior "$work/original.json" "$work/tw-vault.json" "$work/tw-back.json" \
    || fail "the Taskwarrior round trip changed fields"

# --- todo.txt --------------------------------------------------------------------------------
log "todotxt: export → import → export"
todomd --vault "$vault" export todotxt --output "$work/todo.txt" 2>/dev/null
mkdir -p "$work/txt-vault"
todomd --vault "$work/txt-vault" import todotxt "$work/todo.txt" >/dev/null
todomd --vault "$work/txt-vault" export todotxt --output "$work/todo-again.txt" 2>/dev/null
sort "$work/todo.txt" > "$work/a.txt"
sort "$work/todo-again.txt" > "$work/b.txt"
diff -u "$work/a.txt" "$work/b.txt" >&2 || fail "the todo.txt round trip changed lines"
python3 "$here/compare_exports.py" todotxt "$work/original.json" "$work/todo.txt" \
    || fail "the todo.txt export does not follow the mapping"

# --- ics -------------------------------------------------------------------------------------
log "ics: parsed by the icalendar package"
todomd --vault "$vault" export ics --output "$work/tasks.ics" 2>/dev/null
python3 "$here/../ical/check_ics.py" "$work/tasks.ics" --events 3 --summary "Buy milk, oat" --summary "Write the report" \
    --timed "Dentist=2026-11-26T15:30/45" \
    || fail "the ics export does not parse as expected"
todomd --vault "$vault" export ics --vtodo --scope area:Work --output "$work/work.ics" 2>/dev/null
python3 "$here/../ical/check_ics.py" "$work/work.ics" --todos 1 --summary "Write the report" \
    || fail "the scoped ics export does not parse as expected"

# --- csv -------------------------------------------------------------------------------------
log "csv: read by Python's csv module"
todomd --vault "$vault" export csv --output "$work/tasks.csv" 2>/dev/null
python3 "$here/compare_exports.py" csv "$work/original.json" "$work/tasks.csv" || fail "the csv export does not read back"

# --- json ------------------------------------------------------------------------------------
log "json: export → import into an empty vault → identical export"
mkdir -p "$work/json-vault"
todomd --vault "$work/json-vault" import json "$work/original.json" >/dev/null
todomd --vault "$work/json-vault" export json --output "$work/again.json" 2>/dev/null
cmp "$work/original.json" "$work/again.json" || fail "the json round trip is not identical"
python3 "$here/compare_exports.py" json "$work/original.json" "$work/again.json" || fail "the json round trip lost fields"

log "all interop checks passed"
