#!/bin/sh
# The test step of `make test`: every test of the built test bundle, in several processes side by
# side, then one closing line for all of them.
#
# Why not one `swift test`: Swift Testing runs tests on Swift's cooperative thread pool, one thread
# per core (two on the machines soma is built on), and an end-to-end test holds its thread while it
# waits for a terminal, a server or a child process to show what it expects. In one process, two
# such waits fill the pool and every other test queues behind them while the CPU is idle. Here the
# end-to-end suites are dealt round-robin to SOMA_TEST_GROUPS processes (default 3), so their
# waits overlap, and the unit suites to SOMA_UNIT_GROUPS more (default 2): the unit tests are
# CPU-bound (the solver and the game, unoptimised in a debug build), and one process of them was the step's longest
# while the end-to-end groups left a core idle. Each suite still runs whole in one process,
# serialized as it asks; every harness already takes its own ports, folders, tmux sockets and X
# displays.
#
# Usage: sh Tests/run-tests.sh [BUNDLE]   (`make test` passes its release build's bundle; by default
# the debug one, built by `swift build --build-tests`). Each group's output is printed whole when all have ended; the
# last line says how many tests passed and failed in all. The exit status is 1 when any test
# failed or any group did not end normally.
set -u
bundle=${1:-.build/debug/somaPackageTests.xctest}
groups=${SOMA_TEST_GROUPS:-3}
case $groups in ''|*[!0-9]*|0) echo "run-tests: SOMA_TEST_GROUPS must be a positive number" >&2; exit 2 ;; esac
unit_groups=${SOMA_UNIT_GROUPS:-2}
case $unit_groups in ''|*[!0-9]*|0) echo "run-tests: SOMA_UNIT_GROUPS must be a positive number" >&2; exit 2 ;; esac
[ -x "$bundle" ] || { echo "run-tests: no test bundle at $bundle: run swift build --build-tests" >&2; exit 2; }
logs=$(mktemp -d /tmp/soma-tests-XXXXXX)
trap 'rm -rf "$logs"' EXIT
run() { "$bundle" --testing-library swift-testing "$@"; }

run --list-tests > "$logs/list" 2>&1 || { cat "$logs/list"; echo "run-tests: the bundle could not list its tests" >&2; exit 1; }
grep '^EndToEndTests\.' "$logs/list" | cut -d/ -f1 | sort -u > "$logs/suites"
[ -s "$logs/suites" ] || { echo "run-tests: the bundle lists no end-to-end suite" >&2; exit 1; }
grep '^[A-Za-z]*Tests\.' "$logs/list" | grep -v '^EndToEndTests\.' | cut -d/ -f1 | sort -u > "$logs/unit-suites"
[ -s "$logs/unit-suites" ] || { echo "run-tests: the bundle lists no unit suite" >&2; exit 1; }
# Every listed test is in one of the two lists (a test outside a suite would be run by neither).
if grep -v '^[A-Za-z]*Tests\.[^/]*/' "$logs/list" | grep -q .; then
    echo "run-tests: tests outside a suite, which no group would run:" >&2
    grep -v '^[A-Za-z]*Tests\.[^/]*/' "$logs/list" >&2; exit 1
fi

# The filter that picks the suites of group `$2` of `$1` from the list `$3` (dealt round-robin).
pattern() {
    awk -v n="$1" -v g="$2" '(NR - 1) % n == g - 1' "$3" | sed 's/\./\\./g; s/.*/^&\//' | paste -sd'|' -
}

# Each group runs under a bound well above the suites' own time limits, so a hung process cannot
# hold CI; its output goes to a file of its own.
bound=2400
pids=""
names=""
start() {  # start NAME FILTER: one process running the suites FILTER picks, its output in NAME.log
    timeout --kill-after=30 "$bound" "$bundle" --testing-library swift-testing --filter "$2" \
        > "$logs/$1.log" 2>&1 &
    pids="$pids $!"
    names="$names $1"
}
deal() {  # deal COUNT NAME LIST: the suites of LIST in COUNT processes, NAME-1 to NAME-COUNT
    group=1
    while [ "$group" -le "$1" ]; do
        filter=$(pattern "$1" "$group" "$3")
        [ -z "$filter" ] || start "$2-$group" "$filter"
        group=$((group + 1))
    done
}
deal "$unit_groups" unit "$logs/unit-suites"
deal "$groups" e2e "$logs/suites"
pids=${pids# }
names=${names# }

status=0
for name in $names; do
    pid=${pids%% *}; pids=${pids#* }
    wait "$pid" || status=1
done

passed=0; failed=0; skipped=0; ran=0
: > "$logs/failures"
for name in $names; do
    echo "==== test group $name ===="
    cat "$logs/$name.log"
    # Counted from Swift Testing's own lines, colour codes removed.
    clean=$(sed 's/\x1b\[[0-9;]*m//g' "$logs/$name.log")
    p=$(printf '%s\n' "$clean" | grep '^✔ Test .* passed after' | grep -vc '^✔ Test run with')
    f=$(printf '%s\n' "$clean" | grep '^✘ Test .* failed after' | grep -vc '^✘ Test run with')
    s=$(printf '%s\n' "$clean" | grep -c '^➜ Test .* skipped')
    printf '%s\n' "$clean" | grep -q 'Test run with .* tests' || { echo "run-tests: group $name has no closing line"; status=1; }
    n=$(printf '%s\n' "$clean" | sed -n 's/^.* Test run with \([0-9]*\) tests\{0,1\} .*$/\1/p' | tail -n 1)
    ran=$((ran + ${n:-0}))
    passed=$((passed + p)); failed=$((failed + f)); skipped=$((skipped + s))
    # Each issue recorded, with the lines Swift Testing indents under it, for the summary below.
    printf '%s\n' "$clean" | awk -v g="$name" '/^✘ Test .* recorded an issue/ { print "[" g "] " $0; keep = 1; next }
        keep && /^↳/ { print "[" g "] " $0; next } { keep = 0 }' >> "$logs/failures"
done
[ "$failed" -eq 0 ] || status=1
# The groups together ran every test the bundle lists, no fewer (a suite left out of every filter).
listed=$(wc -l < "$logs/list")
[ "$ran" -eq "$listed" ] || { echo "run-tests: the groups ran $ran tests; the bundle lists $listed"; status=1; }
# The issues again, last, next to the closing line: a log cut to its tail (CI's) still shows them.
if [ -s "$logs/failures" ]; then
    echo "==== issues recorded (all groups) ===="
    head -n 200 "$logs/failures"
fi
echo "tests: $passed passed, $failed failed, $skipped skipped"
exit "$status"
