#!/usr/bin/env bash
# Checks nginx.conf (beside this script) in front of two real `dictate serve` backends:
# /health, uploads and vosk pass through over HTTP and TLS, bearer tokens pass through and
# `?token=` stays out of the access log, and ?affinity=KEY keeps each stream on one backend so a
# resume on a new connection finds its session.
#
#   Benchmarks/deployment/nginx_check.sh [DICTATE]     # default: .build/release/dictate
#
# Needs nginx, openssl, curl, sox, ss and Python 3 with `websockets` (Debian: nginx openssl curl
# sox iproute2 python3-websockets), and the free loopback ports 2701, 2702 (backends), 8080 and
# 8443 (nginx). Runs nginx with its own prefix in a temporary folder, never the system's; talks to
# 127.0.0.1 only; stops everything it started. Ends with "N passed, N failed".
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
DICTATE=${1:-.build/release/dictate}
WAV=/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0870.wav
BACKENDS=(2701 2702)
HTTP=http://127.0.0.1:8080
HTTPS=https://127.0.0.1:8443

PYTHON=
for candidate in python3 /usr/bin/python3; do
    if "$candidate" -c 'import websockets' 2>/dev/null; then PYTHON=$candidate; break; fi
done
[[ -n "$PYTHON" ]] || { echo "no python3 with websockets (apt-get install python3-websockets)"; exit 2; }
[[ -x "$DICTATE" ]] || { echo "no dictate at $DICTATE"; exit 2; }
for port in "${BACKENDS[@]}" 8080 8443; do
    if ss -Htln "sport = :$port" | grep -q .; then echo "port $port is in use"; exit 2; fi
done

PREFIX=$(mktemp -d /tmp/dictation-nginx.XXXXXX)
PIDS=()
cleanup() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null; done
    wait 2>/dev/null
    [[ -n "${KEEP:-}" ]] && echo "kept $PREFIX" || rm -rf "$PREFIX"
}
trap cleanup EXIT
mkdir -p "$PREFIX"/{conf/certs,logs,temp}
cp "$HERE/nginx.conf" "$PREFIX/conf/nginx.conf"
CA=$PREFIX/conf/certs/proxy.crt
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=localhost \
    -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
    -keyout "$PREFIX/conf/certs/proxy.key" -out "$CA" 2>/dev/null
sox "$WAV" -t raw -r 16000 -c 1 -b 16 -e signed - >"$PREFIX/speech.pcm"

# The backends ask for a bearer token, as servers beyond loopback must.
TOKEN=$(openssl rand -hex 32)
AUTH=(-H "Authorization: Bearer $TOKEN")
declare -A PID_OF_PORT
for port in "${BACKENDS[@]}"; do
    DICTATIONKIT_SERVER_TOKEN=$TOKEN "$DICTATE" serve --port "$port" >"$PREFIX/logs/backend-$port.out" 2>&1 &
    PIDS+=($!)
    PID_OF_PORT[$port]=$!
done
for port in "${BACKENDS[@]}"; do
    for _ in $(seq 100); do grep -qs listening "$PREFIX/logs/backend-$port.out" && break; sleep 0.1; done
    echo "backend pid ${PID_OF_PORT[$port]}: $(cat "$PREFIX/logs/backend-$port.out")"
done

NGINX=(nginx -p "$PREFIX" -c "$PREFIX/conf/nginx.conf" -e "$PREFIX/logs/error.log")
"${NGINX[@]}" -t -q || { cat "$PREFIX/logs/error.log"; exit 1; }
# In the foreground (so its pid is ours to stop); workers as the user running the test.
"${NGINX[@]}" -g "daemon off; user $(id -un) $(id -gn);" 2>>"$PREFIX/logs/error.log" &
PIDS+=($!)
for _ in $(seq 50); do curl -s -o /dev/null "$HTTP/" && break; sleep 0.1; done
echo "nginx $(nginx -v 2>&1 | sed 's/.*\///') on 8080 (HTTP) and 8443 (TLS), prefix $PREFIX"

PASSED=0
FAILED=0
check() {  # check NAME COMMAND...: passes when the command succeeds
    local name=$1
    shift
    local output
    if output=$("$@" 2>&1); then
        PASSED=$((PASSED + 1)); echo "PASS $name: $(tail -n 1 <<<"$output" | cut -c1-160)"
    else
        FAILED=$((FAILED + 1)); echo "FAIL $name: $(tail -n 3 <<<"$output" | cut -c1-300)"
    fi
}
expect() {  # expect TEXT COMMAND...: the command's output contains TEXT
    local text=$1
    shift
    local output
    output=$("$@" 2>&1)
    grep -qF -- "$text" <<<"$output" && echo "$output" || { echo "expected '$text' in: $output"; return 1; }
}

check "GET /health over HTTP" expect ok curl -s "${AUTH[@]}" "$HTTP/health"
check "GET /health over TLS" expect ok curl -s --cacert "$CA" "${AUTH[@]}" "$HTTPS/health"
check "no token: 401 from the backend" expect 401 \
    curl -s -o /dev/null -w '%{http_code}' -F file=@"$WAV" "$HTTP/v1/audio/transcriptions"
check "POST /v1/audio/transcriptions over HTTP" expect dashwood \
    curl -s "${AUTH[@]}" -F file=@"$WAV" "$HTTP/v1/audio/transcriptions"
check "POST /v1/audio/transcriptions over TLS" expect dashwood \
    curl -s --cacert "$CA" "${AUTH[@]}" -F file=@"$WAV" "$HTTPS/v1/audio/transcriptions"
head -c $((25 * 1024 * 1024 + 4096)) /dev/zero >"$PREFIX/large.bin"
check "an upload over 25 MiB: the server's 413" expect limitExceeded \
    curl -s "${AUTH[@]}" -F file=@"$PREFIX/large.bin" -w ' HTTP %{http_code}' "$HTTP/v1/audio/transcriptions"
rm -f "$PREFIX/large.bin"
check "WebSocket /vosk (Authorization header)" \
    "$PYTHON" "$HERE/ws_check.py" vosk "ws://127.0.0.1:8080/vosk" "$PREFIX/speech.pcm" --token "$TOKEN"
check "WebSocket /vosk over TLS (?token=)" \
    "$PYTHON" "$HERE/ws_check.py" vosk "wss://127.0.0.1:8443/vosk?token=$TOKEN" "$PREFIX/speech.pcm" --cafile "$CA"

# Affinity: each stream's start and resume carry the same ?affinity=KEY.
KEYS=(alpha bravo charlie delta echo foxtrot)
for key in "${KEYS[@]}"; do
    check "stream start + resume with ?affinity=$key" \
        "$PYTHON" "$HERE/ws_check.py" resume "ws://127.0.0.1:8080/v1/stream?affinity=$key" "$PREFIX/speech.pcm" --token "$TOKEN"
done
sleep 0.5  # nginx writes a WebSocket's log line when it closes
same_backend() {  # every connection with each key went to one backend; keys used both backends
    local key backends all=""
    for key in "${KEYS[@]}"; do
        backends=$(grep -F "affinity=\"$key\"" "$PREFIX/logs/access.log" | grep -o 'upstream=[^ ]*' | sort -u)
        [[ $(grep -c . <<<"$backends") -eq 1 && $(grep -cF "affinity=\"$key\"" "$PREFIX/logs/access.log") -ge 2 ]] \
            || { echo "key $key: $backends"; return 1; }
        all+="$key→${backends#upstream=127.0.0.1:} "
    done
    echo "$all"
}
check "each key's connections on one backend (access log)" same_backend

# The same, seen from the backends: the process that holds a stream's connection.
holder() {  # holder KEY: the backend port whose process holds the open stream with KEY
    "$PYTHON" "$HERE/ws_check.py" hold "ws://127.0.0.1:8080/v1/stream?affinity=$1" 3 --token "$TOKEN" >/dev/null &
    local client=$!
    sleep 1.5
    ss -Htnp state established '( sport = :2701 or sport = :2702 )' | grep dictate | awk '{print $3}' | sed 's/.*://' | sort -u
    wait $client
}
process_check() {
    local key=$1 first second logged
    first=$(holder "$key")
    second=$(holder "$key")
    sleep 0.5
    logged=$(grep -F "affinity=\"$key\"" "$PREFIX/logs/access.log" | grep -o 'upstream=[^ ]*' | sed 's/.*://' | sort -u)
    echo "ss: first connection held by pid ${PID_OF_PORT[$first]:-?} (port $first), second by pid ${PID_OF_PORT[$second]:-?} (port $second); access log: $logged"
    [[ -n "$first" && "$first" == "$second" && "$first" == "$logged" ]]
}
check "two connections with ?affinity=golf held by the same process (ss -tnp)" process_check golf

# Without the key nginx balances round robin, and a resume reaches its session only by luck.
resumed=0
for i in 1 2 3 4 5 6; do
    "$PYTHON" "$HERE/ws_check.py" resume "ws://127.0.0.1:8080/v1/stream" "$PREFIX/speech.pcm" --token "$TOKEN" >/dev/null 2>&1 \
        && resumed=$((resumed + 1))
done
echo "INFO without ?affinity: $resumed of 6 resumes found their session (the rest: sessionNotFound on the other backend)"

# The session token on the resume URL only (?session=TOKEN), nginx hashing that: the start had no
# key, so it went round robin, and the token's hash picks a backend unrelated to it.
sed -i 's/hash \$arg_affinity consistent;/hash $arg_session consistent;/' "$PREFIX/conf/nginx.conf"
"${NGINX[@]}" -s reload && sleep 1
resumed=0
for i in $(seq 12); do
    "$PYTHON" "$HERE/ws_check.py" resume "ws://127.0.0.1:8080/v1/stream" "$PREFIX/speech.pcm" --token "$TOKEN" \
        --session-in-resume-url >/dev/null 2>&1 && resumed=$((resumed + 1))
done
echo "INFO hash \$arg_session with ?session=TOKEN on resumes only: $resumed of 12 resumes found their session (by chance: the token's hash named the backend the start had landed on)"
cp "$HERE/nginx.conf" "$PREFIX/conf/nginx.conf" && "${NGINX[@]}" -s reload && sleep 1

check "no token in the access log" bash -c "! grep -qF '$TOKEN' '$PREFIX/logs/access.log' && echo clean"
echo "--- access log (last lines) ---"
tail -n 8 "$PREFIX/logs/access.log"
echo "---"
echo "$PASSED passed, $FAILED failed"
[[ $FAILED -eq 0 ]]
