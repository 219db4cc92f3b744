#!/usr/bin/env bash
# Benchmarks `todomd sync` against a local PostgreSQL (issue 8): first sync of a 10k-task vault,
# and one changed task end to end (pushed from one vault, pulled into another).
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
trap 'rm -rf "$WORK"' EXIT
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

RUNS=${BENCH_RUNS:-3}
first=(); pull=(); push_one=(); pull_one=(); idle=()
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
done

m_first=$(median "${first[@]}"); m_pull=$(median "${pull[@]}"); m_idle=$(median "${idle[@]}")
m_push=$(median "${push_one[@]}"); m_pull_one=$(median "${pull_one[@]}")
e2e=()
for i in $(seq 0 $((RUNS - 1))); do e2e+=($(( push_one[i] + pull_one[i] ))); done
m_e2e=$(median "${e2e[@]}")
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
