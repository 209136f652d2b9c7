#!/bin/sh
# The instructions `soma play` executes from exec to its first frame (issue 35: a login's cost),
# counted by callgrind: a count that stays steady on a loaded machine, where CPU time does not.
# StartupBenchmarks gives the CPU time itself. Usage: Benchmarks/startup-instructions.sh
# (SOMA_BIN names another binary; the release build by default).
#
# The game runs in a detached tmux pane of 100x30 with SOMA_BENCHMARK_FIRST_FRAME=1, which ends
# it, unsaved, as soon as its first frame is drawn. The first run makes the player's database;
# the second, measured, opens it, as a returning player's login does.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
soma=${SOMA_BIN:-$root/.build/release/soma}
for tool in tmux valgrind strip; do
    command -v "$tool" >/dev/null || { echo "startup-instructions: $tool is not installed" >&2; exit 2; }
done
[ -x "$soma" ] || { echo "startup-instructions: no $soma: run swift build -c release --product soma" >&2; exit 2; }
work=$(mktemp -d /tmp/soma-startup-XXXXXX)
socket=soma-startup-$$
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
# Valgrind cannot read the DWARF of Swift's release build: it runs a copy without it (the code,
# and so the count, is the same).
strip --strip-debug -o "$work/soma" "$soma"
soma=$work/soma

# One run to the first frame under callgrind, its profile written to $1.
run() {
    tmux -L "$socket" -f /dev/null new-session -d -s startup -x 100 -y 30 \
        "env TERM=xterm-256color LANG=C.UTF-8 HOME=$work XDG_STATE_HOME=$work/state XDG_CONFIG_HOME=$work/config \
         SOMA_BENCHMARK_FIRST_FRAME=1 valgrind --tool=callgrind --log-file=$work/valgrind.log \
         --callgrind-out-file=$1 '$soma' play; echo \$? > $1.status"
    tries=0
    until [ -f "$1.status" ]; do
        tries=$((tries + 1))
        [ "$tries" -le 1200 ] || { echo "startup-instructions: no first frame in 120 s" >&2; exit 1; }
        sleep 0.1
    done
    [ "$(cat "$1.status")" = 0 ] || { echo "startup-instructions: soma play failed ($(cat "$1.status"))" >&2; exit 1; }
}

run "$work/first.out"
run "$work/measured.out"
instructions=$(sed -n 's/^summary: *//p' "$work/measured.out")
[ -n "$instructions" ] || { echo "startup-instructions: no count in the profile" >&2; exit 1; }
echo "soma play to its first frame: $instructions instructions (callgrind; 100x30, returning player)"
