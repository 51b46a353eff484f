#!/usr/bin/env bash
# The memory of `dictate serve`: its resident set idle, then with 1, 2 and 4 sessions at once,
# for uploads (POST /v1/audio/transcriptions: one decoder each) and for streams (/v1/stream with
# partials: a partial decoder too), each kind on a fresh server.
#
#   Benchmarks/deployment/measure_rss.sh [DICTATE] [-- extra serve options]
#   Benchmarks/deployment/measure_rss.sh .build/release/dictate -- --model /usr/share/pocketsphinx/model/en-us
#
# Needs sox, curl, Python 3 with `websockets`, and the PocketSphinx test recordings (Debian's
# pocketsphinx-testdata). Only talks to 127.0.0.1; stops by itself.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
DICTATE=${1:-.build/release/dictate}
shift || true
[[ "${1:-}" == "--" ]] && shift
PYTHON=
for candidate in python3 /usr/bin/python3; do
    if "$candidate" -c 'import websockets' 2>/dev/null; then PYTHON=$candidate; break; fi
done
[[ -n "$PYTHON" ]] || { echo "no python3 with websockets"; exit 2; }
WORK=$(mktemp -d)
SERVER_PID=
cleanup() { [[ -n "$SERVER_PID" ]] && kill "$SERVER_PID" 2>/dev/null; wait 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT

DATA=/usr/share/pocketsphinx/test/data/librivox
sox "$DATA"/*.wav "$WORK/long.wav"   # about 25 s of speech

start_server() {
    "$DICTATE" serve --port 0 --max-sessions 8 "$@" >"$WORK/out" 2>"$WORK/err" &
    SERVER_PID=$!
    for _ in $(seq 100); do grep -q listening "$WORK/out" 2>/dev/null && break; sleep 0.1; done
    URL=http://127.0.0.1:$(grep -o '[0-9]*$' "$WORK/out")
    sleep 1
}
stop_server() { kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=; }
rss() { awk '/VmRSS/ {print int($2/1024)}' /proc/"$SERVER_PID"/status; }

start_server "$@"
idle=$(rss)
echo "idle: $idle MB"
for n in 1 2 4; do
    pids=()
    for _ in $(seq "$n"); do
        curl -sf -o /dev/null -F file=@"$WORK/long.wav" "$URL/v1/audio/transcriptions" & pids+=($!)
    done
    top=0
    while kill -0 "${pids[@]}" 2>/dev/null; do now=$(rss); (( now > top )) && top=$now; sleep 0.1; done
    wait "${pids[@]}"
    echo "$n upload(s) at once: peak $top MB, $(( (top - idle) / n )) MB a session above idle"
done
stop_server

start_server "$@"
idle=$(rss)
for n in 1 2 4; do
    pids=()
    for _ in $(seq "$n"); do
        "$PYTHON" "$HERE/ws_check.py" hold "${URL/http/ws}/v1/stream" 3 >/dev/null & pids+=($!)
    done
    sleep 2
    now=$(rss)
    wait "${pids[@]}"
    echo "$n stream(s) at once: $now MB, $(( (now - idle) / n )) MB a session above idle"
    sleep 0.5
done
echo "after the streams: $(rss) MB (decoders are kept for the next sessions)"
