#!/usr/bin/env bash
# Checks stunnel-wyoming-server.conf and stunnel-wyoming-client.conf (beside this script) in
# front of a real `dictate serve --wyoming-port`: Wyoming's own client (PyPI's `wyoming`) gets
# a transcript through both stunnels, a client stunnel with a wrong key gets nothing, and the
# server's stunnel port is TLS (plain Wyoming to it gets no answer).
#
#   Benchmarks/deployment/wyoming_stunnel_check.sh [DICTATE]     # default: .build/release/dictate
#
# Needs stunnel4, openssl (for the keys), python3 with `wyoming`, and the free loopback ports 10300 (dictate),
# 10443 (the server's stunnel), 10301 and 10302 (client stunnels). Talks to 127.0.0.1 only;
# stops everything it started. Ends with "N passed, N failed".
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
DICTATE=${1:-.build/release/dictate}
CLIENT="$HERE/../../Tests/DictationServerTests/Clients/wyoming_client.py"
WAV=/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0870.wav
command -v stunnel4 >/dev/null || { echo "no stunnel4 (apt-get install stunnel4)"; exit 2; }
python3 -c 'import wyoming' 2>/dev/null || { echo "no python3 with wyoming (pip install wyoming==1.10.2)"; exit 2; }
[[ -x "$DICTATE" ]] || { echo "no dictate at $DICTATE"; exit 2; }
for port in 10300 10443 10301 10302; do
    if ss -Htln "sport = :$port" | grep -q .; then echo "port $port is in use"; exit 2; fi
done

WORK=$(mktemp -d /tmp/dictation-stunnel.XXXXXX)
PIDS=()
cleanup() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null; done
    wait 2>/dev/null
    rm -rf "$WORK"
}
trap cleanup EXIT
passed=0 failed=0
check() { if eval "$2"; then echo "ok: $1"; passed=$((passed + 1)); else echo "FAILED: $1"; failed=$((failed + 1)); fi; }

(umask 077; echo "kitchen:$(openssl rand -hex 32)" > "$WORK/psk.txt"; echo "kitchen:$(openssl rand -hex 32)" > "$WORK/wrong.txt")
# The files as they are, on this check's ports and key files.
sed -e "s|^accept = .*|accept = 127.0.0.1:10443|" -e "s|^PSKsecrets = .*|PSKsecrets = $WORK/psk.txt|" \
    "$HERE/stunnel-wyoming-server.conf" > "$WORK/server.conf"
for side in good:10301:psk wrong:10302:wrong; do
    IFS=: read -r name port keys <<< "$side"
    sed -e "s|^accept = .*|accept = 127.0.0.1:$port|" -e "s|^connect = .*|connect = 127.0.0.1:10443|" \
        -e "s|^PSKsecrets = .*|PSKsecrets = $WORK/$keys.txt|" "$HERE/stunnel-wyoming-client.conf" > "$WORK/$name.conf"
done

"$DICTATE" serve --port 0 --wyoming-port 10300 > "$WORK/dictate.out" 2> "$WORK/dictate.err" & PIDS+=($!)
for conf in server good wrong; do stunnel4 "$WORK/$conf.conf" > "$WORK/$conf.log" 2>&1 & PIDS+=($!); done
for _ in $(seq 100); do
    grep -q "wyoming listening" "$WORK/dictate.out" && ss -Htln "sport = :10302" | grep -q . && break
    sleep 0.1
done

good=$(timeout 120 python3 "$CLIENT" transcribe 10301 "$WAV" en 2> "$WORK/good.err")
check "a transcript through both stunnels" \
    "python3 -c 'import json,sys; r=json.loads(sys.argv[1])[\"requests\"][0]; t=[e for e in r if e[\"type\"]==\"transcript\"]; sys.exit(0 if t and \"Dashwood\" in t[0][\"data\"][\"text\"] else 1)' '$good'"
timeout 30 python3 "$CLIENT" transcribe 10302 "$WAV" en > "$WORK/wrong.out" 2> "$WORK/wrong.err"
check "a wrong key gets no answer" "! grep -q transcript '$WORK/wrong.out'"
check "the server's stunnel refused it" "grep -qi 'psk\|handshake\|alert' '$WORK/server.log'"
timeout 10 python3 "$CLIENT" transcribe 10443 "$WAV" en > "$WORK/plain.out" 2>&1
check "plain Wyoming to the TLS port gets no info" "! grep -q dictationkit '$WORK/plain.out'"
echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
