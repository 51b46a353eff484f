#!/usr/bin/env bash
# The memory of `dictate serve`: its resident set idle, and at its peak with 1, 2 and 4
# uploads to POST /v1/audio/transcriptions at once (each upload is one session with decoders of
# its own). Run it once with the default model and once with `--model DIR` to compare:
#
#   Benchmarks/deployment/measure_rss.sh [DICTATE] [-- extra serve options, e.g. --model /usr/share/pocketsphinx/model/en-us]
#
# Needs sox, curl and the PocketSphinx test recordings (Debian's pocketsphinx-en-us package ships
# them under /usr/share/pocketsphinx/test/data/librivox). Only talks to 127.0.0.1; stops by itself.
set -euo pipefail
DICTATE=${1:-.build/release/dictate}
shift || true
[[ "${1:-}" == "--" ]] && shift
WORK=$(mktemp -d)
SERVER_PID=
cleanup() { [[ -n "$SERVER_PID" ]] && kill "$SERVER_PID" 2>/dev/null; wait 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT

DATA=/usr/share/pocketsphinx/test/data/librivox
sox "$DATA"/*.wav "$WORK/long.wav"   # about 25 s of speech

"$DICTATE" serve --port 0 --max-sessions 8 "$@" >"$WORK/out" 2>"$WORK/err" &
SERVER_PID=$!
for _ in $(seq 100); do grep -q listening "$WORK/out" 2>/dev/null && break; sleep 0.1; done
PORT=$(grep -o '[0-9]*$' "$WORK/out")
URL=http://127.0.0.1:$PORT

rss() { awk '/VmRSS/ {print int($2/1024)}' /proc/$SERVER_PID/status; }
peak() { awk '/VmHWM/ {print int($2/1024)}' /proc/$SERVER_PID/status; }
threads() { awk '/Threads/ {print $2}' /proc/$SERVER_PID/status; }

sleep 1
echo "idle:                 RSS $(rss) MB, threads $(threads)"
for n in 1 2 4; do
    start=$(date +%s.%N)
    for i in $(seq "$n"); do
        curl -sf -o "$WORK/reply.$i" -F file=@"$WORK/long.wav" "$URL/v1/audio/transcriptions" &
    done
    top=0
    while [[ $(jobs -rp | grep -cv "^$SERVER_PID$") -gt 0 ]]; do
        now=$(rss); (( now > top )) && top=$now
        sleep 0.1
    done
    elapsed=$(echo "$(date +%s.%N) - $start" | bc)
    printf '%d upload(s) at once:  RSS peak %s MB (VmHWM %s MB), after: %s MB, %.1f s wall\n' "$n" "$top" "$(peak)" "$(rss)" "$elapsed"
done
