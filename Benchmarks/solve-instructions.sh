#!/bin/sh
# The instructions of a short `soma solve` from exec to exit (issue 37: on 3x20 the whole run is
# start-up and set-up), and of one shard of the Bedlam cube, counted by callgrind: steady on a
# loaded machine, where CPU time is not.
# Beside them the same for `soma --version` (the process start alone) and, where perf may
# count them, the page faults of the binary as linked (a copy made by `cp` is faulted in 4 KB
# pieces and takes more: see the Makefile's install-binary). `make bench` appends this to its
# results. Usage: Benchmarks/solve-instructions.sh (SOMA_BIN names another binary).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
soma=${SOMA_BIN:-$root/.build/release/soma}
for tool in valgrind strip; do
    command -v "$tool" >/dev/null || { echo "solve-instructions: $tool is not installed" >&2; exit 2; }
done
[ -x "$soma" ] || { echo "solve-instructions: no $soma: run swift build -c release --product soma" >&2; exit 2; }
work=$(mktemp -d /tmp/soma-solve-XXXXXX)
trap 'rm -rf "$work"' EXIT
# Valgrind cannot read the DWARF of Swift's release build: it runs a copy without it.
strip --strip-debug -o "$work/soma" "$soma"

# The instructions of one run of the stripped copy with the given arguments.
instructions() {
    valgrind --tool=callgrind --log-file="$work/valgrind.log" --callgrind-out-file="$work/out" \
        "$work/soma" "$@" >/dev/null 2>&1 || { echo "solve-instructions: soma $* failed" >&2; exit 1; }
    sed -n 's/^summary: *//p' "$work/out"
}

solve=$(instructions solve 3x20 --count)
start=$(instructions --version)
echo "soma solve 3x20 --count: $solve instructions, of which the process start (soma --version) $start (callgrind)"
# One shard of a cluster's Bedlam run (README: 64 shards): the partition every shard works out
# (Knuth's estimates of thousands of jobs) and its search, on one thread: 20 s under callgrind.
shard=$(instructions solve bedlam --count --shard 1/64 --threads 1)
echo "soma solve bedlam --count --shard 1/64 --threads 1: $shard instructions (callgrind)"
if command -v perf >/dev/null && perf stat -x, -e page-faults -o "$work/faults" "$soma" solve 3x20 --count >/dev/null 2>&1; then
    echo "soma solve 3x20 --count: $(cut -d, -f1 "$work/faults" | grep -E '^[0-9]+$' | head -n 1) page faults (perf, the binary as linked)"
fi
