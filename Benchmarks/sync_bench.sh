#!/usr/bin/env bash
# Benchmarks `todomd sync` against a local PostgreSQL (issue 8): first sync of a 10k-task vault,
# and one changed task end to end (pushed from one vault, pulled into another), also while
# `todomd watch` runs on both vaults (their files' stamps then come from the index, unwalked,
# and only the files changed since the last pass are compared).
#
#   Benchmarks/sync_bench.sh [N]          default N: 10000 tasks
#
# Environment: TODOMD_BIN (measure this binary instead of building a release one),
# BENCH_RUNS (default 3) runs per workload, BENCH_SEED (default 42).
# Runs itself under scripts/with-postgres unless TODOMD_TEST_DATABASE_URL is already set; every
# run gets a fresh schema and fresh copies of the generated vault (Benchmarks/vaults/tasks-N).
# Prints a Markdown table of median wall-clock milliseconds of whole `todomd` processes.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
N=${1:-10000}
[[ "$N" =~ ^[0-9]+$ ]] || { echo "sync_bench: N must be a number: $N" >&2; exit 2; }

if [ -z "${TODOMD_TEST_DATABASE_URL:-}" ]; then
    exec "$ROOT/scripts/with-postgres" "$0" "$@"
fi

if [ -n "${TODOMD_BIN:-}" ]; then
    BIN="$TODOMD_BIN"
else
    echo "sync_bench: building the release binary…" >&2
    swift build -c release --product todomd >&2
    swift build -c release --product todomd-sync >&2  # `todomd sync` runs in this helper
    BIN="$(swift build -c release --show-bin-path)/todomd"
fi
[ -x "$BIN" ] || { echo "sync_bench: no binary at $BIN" >&2; exit 1; }

VAULTS="$ROOT/Benchmarks/vaults"
SOURCE="$VAULTS/tasks-$N"
if [ ! -d "$SOURCE" ]; then
    echo "sync_bench: generating $N tasks…" >&2
    mkdir -p "$VAULTS"
    tmp="$VAULTS/.tmp-tasks-$N-$$"
    rm -rf "$tmp"
    python3 "$ROOT/Benchmarks/generate_vault.py" "$N" "$tmp" --seed "${BENCH_SEED:-42}"
    mv "$tmp" "$SOURCE"
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/todomd-sync-bench.XXXXXX")
export TODOMD_NOW=2026-11-21T09:00:00 TZ=Europe/Berlin XDG_CACHE_HOME="$WORK/cache" NO_COLOR=1

# Runs todomd, prints its wall-clock milliseconds; fails loudly if the sync fails.
timed() {
    local start end
    start=$(date +%s%N)
    "$BIN" "$@" >"$WORK/last.out" 2>"$WORK/last.err" \
        || { echo "sync_bench: todomd $* failed:" >&2; cat "$WORK/last.err" >&2; exit 1; }
    end=$(date +%s%N)
    echo $(( (end - start) / 1000000 ))
}
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# The first task file of the vault, edited as a user would (title and modified).
edit_one() {
    python3 - "$1" "$2" <<'EOF'
import os, re, sys
root, stamp = sys.argv[1], sys.argv[2]
for name in sorted(os.listdir(root)):
    if name.endswith(".md"):
        path = os.path.join(root, name)
        text = open(path, encoding="utf-8").read()
        text = re.sub(r'(?m)^title: .*$', f'title: "Edited in the benchmark {stamp}"', text, count=1)
        text = re.sub(r'(?m)^modified: .*$', 'modified: "2026-11-21T09:30:00Z"', text, count=1)
        open(path, "w", encoding="utf-8").write(text)
        print(name)
        break
EOF
}

# Waits until the `todomd watch` of vault $1 vouches for its index ("current" on its socket, as
# a command asks it): a sync then reads the files' stamps from the index instead of walking.
vouched() {
    python3 - "$1" <<'EOF'
import hashlib, os, socket, sys, time
root = os.path.realpath(sys.argv[1])
folder = os.path.join(os.environ["XDG_CACHE_HOME"], "todomd", hashlib.sha256(root.encode()).hexdigest())
deadline = time.monotonic() + 120
while time.monotonic() < deadline:
    try:
        os.chdir(folder)  # the path may be longer than a socket address holds
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(2)
            s.connect("watch.sock")
            if s.makefile().readline().startswith("current"):
                sys.exit(0)
    except OSError:
        pass
    time.sleep(0.05)
sys.exit("sync_bench: todomd watch never vouched for " + root)
EOF
}

# Waits until the processes $@ use no CPU for half a second: a watcher just started builds its
# index and then, in the background, the full-text index, which would compete with the sync
# measured on a 2-core machine.
idle_processes() {
    python3 - "$@" <<'EOF'
import sys, time
def cpu():
    total = 0
    for pid in sys.argv[1:]:
        with open("/proc/%s/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime + stime
    return total
deadline = time.monotonic() + 300
last = cpu()
while time.monotonic() < deadline:
    time.sleep(0.5)
    now = cpu()
    if now == last:
        sys.exit(0)
    last = now
sys.exit("sync_bench: the watchers never went idle")
EOF
}

RUNS=${BENCH_RUNS:-3}
first=(); pull=(); push_one=(); pull_one=(); idle=(); push_watched=(); pull_watched=()
watchers=()
stop_watchers() { for p in "${watchers[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done; watchers=(); }
trap 'stop_watchers; rm -rf "$WORK"' EXIT
for run in $(seq 1 "$RUNS"); do
    url="$TODOMD_TEST_DATABASE_URL&schema=bench_${run}_$$"
    rm -rf "$WORK/a" "$WORK/b"
    cp -a "$SOURCE" "$WORK/a"
    mkdir -p "$WORK/b"
    first+=("$(timed --vault "$WORK/a" sync --database "$url")")
    grep -q "^↑ $N ↓ 0$" "$WORK/last.out" || { echo "sync_bench: unexpected summary: $(cat "$WORK/last.out")" >&2; exit 1; }
    pull+=("$(timed --vault "$WORK/b" sync --database "$url")")
    idle+=("$(timed --vault "$WORK/a" sync --database "$url")")
    name=$(edit_one "$WORK/a" "$run")
    push_one+=("$(timed --vault "$WORK/a" sync --database "$url")")
    grep -q "^↑ 1 ↓ 0$" "$WORK/last.out" || { echo "sync_bench: unexpected summary: $(cat "$WORK/last.out")" >&2; exit 1; }
    pull_one+=("$(timed --vault "$WORK/b" sync --database "$url")")
    grep -q "Edited in the benchmark $run" "$WORK/b/$name" || { echo "sync_bench: the edit did not arrive" >&2; exit 1; }
    # The same while `todomd watch` (or `serve`) runs on both vaults: no walk on either side,
    # and (after the unmeasured round below, which compares every file and leaves the index's
    # mark in the sync state) only the files changed since the last pass compared.
    for v in a b; do
        "$BIN" --vault "$WORK/$v" watch >/dev/null 2>&1 &
        watchers+=($!)
    done
    # The rows are meant for watchers that have been running a while: one round unmeasured
    # first (the first round after a watcher starts was always slower, for reasons not pinned
    # down), then no CPU used, and their new indexes written out of the page cache now, not by
    # the first `fsync` the measured sync makes (on ext4 it commits every file's new blocks).
    vouched "$WORK/a"; vouched "$WORK/b"
    edit_one "$WORK/a" "warm-up $run" >/dev/null
    vouched "$WORK/a"
    timed --vault "$WORK/a" sync --database "$url" >/dev/null
    timed --vault "$WORK/b" sync --database "$url" >/dev/null
    vouched "$WORK/a"; vouched "$WORK/b"
    idle_processes "${watchers[@]}"
    sync -f "$WORK"
    name=$(edit_one "$WORK/a" "watched $run")
    vouched "$WORK/a"
    push_watched+=("$(timed --vault "$WORK/a" sync --database "$url")")
    grep -q "^↑ 1 ↓ 0$" "$WORK/last.out" || { echo "sync_bench: unexpected summary: $(cat "$WORK/last.out")" >&2; exit 1; }
    pull_watched+=("$(timed --vault "$WORK/b" sync --database "$url")")
    grep -q "Edited in the benchmark watched $run" "$WORK/b/$name" || { echo "sync_bench: the edit did not arrive" >&2; exit 1; }
    stop_watchers
done

m_first=$(median "${first[@]}"); m_pull=$(median "${pull[@]}"); m_idle=$(median "${idle[@]}")
m_push=$(median "${push_one[@]}"); m_pull_one=$(median "${pull_one[@]}")
e2e=()
for i in $(seq 0 $((RUNS - 1))); do e2e+=($(( push_one[i] + pull_one[i] ))); done
m_e2e=$(median "${e2e[@]}")
watched=()
for i in $(seq 0 $((RUNS - 1))); do watched+=($(( push_watched[i] + pull_watched[i] ))); done
m_watched=$(median "${watched[@]}"); m_push_watched=$(median "${push_watched[@]}")
verdict() { [ "$1" -le "$2" ] && echo "✓" || echo "✗"; }

echo
echo "### Sync with PostgreSQL ($N tasks, median of $RUNS runs, ms of whole processes)"
echo
echo "| workload | ms | target |"
echo "|---|---:|---|"
echo "| first sync, push $N tasks | $m_first | ≤ 10000 $(verdict "$m_first" 10000) |"
echo "| first sync, pull $N tasks into an empty vault | $m_pull | |"
echo "| sync with nothing to do | $m_idle | |"
echo "| one changed task: push (vault A) | $m_push | |"
echo "| one changed task: pull (vault B) | $m_pull_one | |"
echo "| one changed task, end to end (A push + B pull) | $m_e2e | ≤ 200 $(verdict "$m_e2e" 200) |"
echo "| one changed task: push while \`todomd watch\` runs (vault A, no walk, only the changed file compared) | $m_push_watched | |"
echo "| one changed task, end to end, while \`todomd watch\` runs on both | $m_watched | ≤ 200 $(verdict "$m_watched" 200) |"
