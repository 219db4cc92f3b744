#!/usr/bin/env bash
# scripts/install and scripts/uninstall against a temporary prefix (§28): every file in its
# place, the installed todomd runs, the man page renders, completions load, the units are valid
# and not enabled, and uninstall removes exactly what install put there.
#   TODOMD_BIN=path/to/todomd bash Tests/install/check_install.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
: "${TODOMD_BIN:?set TODOMD_BIN to the todomd binary to install}"
fail() { echo "check_install: $*" >&2; exit 1; }

prefix="$(mktemp -d)"
home="$(mktemp -d)"  # stands in for the user's home: nothing may be enabled in it
trap 'rm -rf "$prefix" "$home"' EXIT
echo "keep me" > "$prefix/not-ours.txt"
mkdir -p "$prefix/bin" && echo "#!/bin/sh" > "$prefix/bin/other-tool"

out="$(HOME="$home" scripts/install --prefix "$prefix" --binary "$TODOMD_BIN" 2>/dev/null)"
grep -q "installed in $prefix" <<<"$out" || fail "install did not say where it installed: $out"
grep -q "systemctl --user" <<<"$out" || fail "install did not print how to enable the services"

for f in bin/todomd libexec/todomd/todomd-serve libexec/todomd/todomd-sync share/man/man1/todomd.1 share/bash-completion/completions/todomd \
         share/zsh/site-functions/_todomd share/fish/vendor_completions.d/todomd.fish \
         share/systemd/user/todomd-serve.service share/systemd/user/todomd-watch.service \
         share/systemd/user/todomd-remind.service share/systemd/user/todomd-remind.timer \
         share/systemd/user/todomd-sync.service; do
    [ -f "$prefix/$f" ] || fail "missing $prefix/$f"
done

# The installed binary runs and knows its version.
version="$("$prefix/bin/todomd" --version)"
[ -n "$version" ] || fail "todomd --version printed nothing"
grep -q "$version" <<<"$out" || fail "install did not print the version $version"

# `todomd mcp` runs in the installed helper: an MCP initialize request gets the server's answer
# (stdin stays open until it has: the server stops at end of input).
vault="$(mktemp -d)"
init='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2024-11-05","capabilities":{},"clientInfo":{"name":"check","version":"1"}}}'
coproc MCP { HOME="$home" XDG_CACHE_HOME="$home/cache" timeout 60 "$prefix/bin/todomd" --vault "$vault" mcp 2>/dev/null; }
printf '%s\n' "$init" >&"${MCP[1]}"
answer=""
IFS= read -r -t 60 answer <&"${MCP[0]}" || true
eval "exec ${MCP[1]}>&-"
wait "$MCP_PID" 2>/dev/null || true
rm -rf "$vault"
grep -q '"serverInfo"' <<<"$answer" || fail "todomd mcp did not answer through the installed todomd-serve: $answer"

# `todomd sync` runs in the installed todomd-sync: its own answer for a vault with no database.
vault="$(mktemp -d)"
sync_err="$(HOME="$home" XDG_CACHE_HOME="$home/cache" "$prefix/bin/todomd" --vault "$vault" sync 2>&1 >/dev/null || true)"
rm -rf "$vault"
grep -q "No database to sync with" <<<"$sync_err" || fail "todomd sync did not run the installed todomd-sync: $sync_err"

# The man page renders and documents the commands --help lists.
if command -v man >/dev/null 2>&1; then
    page="$(MANWIDTH=100 man -l "$prefix/share/man/man1/todomd.1" 2>/dev/null)"
    grep -q "todomd" <<<"$page" || fail "the man page does not render"
    for cmd in add today search serve; do
        grep -qE "^ +$cmd( |$)" <<<"$page" || fail "the man page does not document \`$cmd\`"
    done
fi

# Bash completion loads and completes subcommands.
bash -c "source '$prefix/share/bash-completion/completions/todomd' && complete -p todomd" >/dev/null \
    || fail "the bash completion does not load"
grep -q "search" "$prefix/share/bash-completion/completions/todomd" || fail "the completion does not know \`search\`"

# The units are valid and point at the installed binary; none is enabled.
grep -q "ExecStart=$prefix/bin/todomd serve" "$prefix/share/systemd/user/todomd-serve.service" \
    || fail "todomd-serve.service does not run the installed binary"
if command -v systemd-analyze >/dev/null 2>&1; then
    for u in "$prefix"/share/systemd/user/*; do
        problems="$(systemd-analyze verify --man=no "$u" 2>&1)" || fail "$(basename "$u") is not a valid unit: $problems"
    done
fi
[ ! -e "$home/.config/systemd" ] || fail "install enabled something"
[ -z "$(find "$prefix" -path '*wants*' -print -quit)" ] || fail "install enabled something"

# Uninstall removes exactly what install put there.
HOME="$home" scripts/uninstall --prefix "$prefix" >/dev/null
left="$(cd "$prefix" && find . -mindepth 1 | sort | tr '\n' ' ')"
[ "$left" = "./bin ./bin/other-tool ./not-ours.txt " ] || fail "after uninstall: $left"
echo "check_install: install and uninstall are clean"
