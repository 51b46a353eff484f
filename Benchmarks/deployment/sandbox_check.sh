#!/usr/bin/env bash
# Runs `dictate serve` the way dictationkit-server.service (beside this script) would, for
# machines where systemd can't start it (containers, CI): the unit is checked with
# `systemd-analyze verify` and `security --offline`, then its sandbox is rebuilt by hand and the
# server is used through it:
#   DynamicUser        an unused uid/gid (61234), HOME=/, systemd's small environment, no capabilities
#   ProtectSystem=strict, ProtectHome, PrivateTmp
#                      a mount namespace: / read-only, empty tmpfs on /root, /home, /tmp, /var/tmp, /run
#   LoadCredential     the token file copied to /run/credentials/dictationkit-server.service/tokens, 0400, owned by the uid
#   NoNewPrivileges, SystemCallFilter=@system-service ~@privileged, SystemCallArchitectures=native,
#   RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX, MemoryDenyWriteExecute
#                      seccomp filters like systemd's, from `systemd-analyze syscall-filter`
#   UMask=0077         umask
# Not rebuilt: ProtectKernel*, ProtectClock, ProtectProc, PrivateDevices, RestrictNamespaces,
# MemoryMax, TasksMax (they take away things the server does not use).
#
#   Benchmarks/deployment/sandbox_check.sh [DICTATE]      # as root; default .build/release/dictate
#
# Needs root (unshare, mount), systemd (for systemd-analyze only), python3-seccomp, curl, sox,
# python3-websockets, pocketsphinx-en-us and pocketsphinx-testdata, and the free port 2700. With
# DICTATIONKIT_MODEL_DIR=DIR (a folder of model packs, e.g. ~/.local/share/dictationkit/models)
# it is seen as /usr/local/share/dictationkit/models, as the unit expects; without it the server
# uses Debian's en-us. Ends with "N passed, N failed".
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
DICTATE=$(readlink -f "${1:-.build/release/dictate}")
UNIT=$HERE/dictationkit-server.service
WAV=/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0870.wav
SYSTEM_PYTHON=/usr/bin/python3   # Debian's, with python3-seccomp and python3-websockets
[[ $(id -u) -eq 0 ]] || { echo "run as root"; exit 2; }
"$SYSTEM_PYTHON" -c 'import seccomp, websockets' || { echo "apt-get install python3-seccomp python3-websockets"; exit 2; }

WORK=$(mktemp -d /tmp/dictation-sandbox.XXXXXX)
chmod 755 "$WORK"
SERVER=
cleanup() { [[ -n "$SERVER" ]] && kill "$SERVER" 2>/dev/null; wait 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT
PASSED=0
FAILED=0
result() { if [[ $1 -eq 0 ]]; then PASSED=$((PASSED + 1)); echo "PASS $2"; else FAILED=$((FAILED + 1)); echo "FAIL $2"; fi; }

# 1. The unit file. verify wants ExecStart's binary where the unit says; a copy of the unit that
# points at this one is checked instead of touching /usr/local/bin.
sed "s|/usr/local/bin/dictate|$DICTATE|" "$UNIT" >"$WORK/dictationkit-server.service"
systemd-analyze verify "$WORK/dictationkit-server.service" 2>&1 | sed 's/^/  /'
result "${PIPESTATUS[0]}" "systemd-analyze verify"
systemd-analyze security --offline=true "$WORK/dictationkit-server.service" 2>&1 | grep 'Overall exposure' | sed 's/^/  /'

# 2. The service's command line and environment, read from the unit.
EXEC=$(sed -n '/^ExecStart=/,/[^\\]$/p' "$UNIT" | sed 's/^ExecStart=//; s/\\$//' | tr -s ' \n' ' ')
CREDENTIALS=/run/credentials/dictationkit-server.service
EXEC=${EXEC//%d/$CREDENTIALS}
EXEC=${EXEC/\/usr\/local\/bin\/dictate/\/usr\/local\/bin\/dictate-under-test}
MODEL_PATH=$(sed -n 's/^Environment=DICTATIONKIT_MODEL_PATH=//p' "$UNIT")
echo "  ExecStart: $EXEC"
TOKEN=$(openssl rand -hex 32)
printf '%s\n' "$TOKEN" >"$WORK/tokens"

cat >"$WORK/exec.py" <<'EOF'
# Becomes the unit's user, with systemd's environment and seccomp filters, then execs the command.
import errno, os, socket, subprocess, sys
import seccomp

def syscalls(group, seen=None):
    """A syscall group as systemd-analyze expands it (nested groups too)."""
    seen = set() if seen is None else seen
    names = set()
    out = subprocess.run(["systemd-analyze", "syscall-filter", group], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines()[1:]:
        name = line.strip()
        if not name or name.startswith("#"):
            continue
        if name.startswith("@"):
            if name not in seen:
                seen.add(name)
                names |= syscalls(name, seen)
        else:
            names.add(name)
    return names

allowed = syscalls("@system-service") - syscalls("@privileged")
uid = 61234
os.setgroups([])
os.setresgid(uid, uid, uid)
os.setresuid(uid, uid, uid)
os.umask(0o077)
os.chdir("/")

# RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX: other families get EAFNOSUPPORT.
families = seccomp.SyscallFilter(seccomp.ALLOW)
refused = [f for f in range(0, 46) if f not in (socket.AF_UNIX, socket.AF_INET, socket.AF_INET6)]
for family in refused:
    families.add_rule(seccomp.ERRNO(errno.EAFNOSUPPORT), "socket", seccomp.Arg(0, seccomp.EQ, family))
families.add_rule(seccomp.ERRNO(errno.EAFNOSUPPORT), "socket", seccomp.Arg(0, seccomp.GT, 45))
families.load()  # sets no_new_privs first: NoNewPrivileges

# MemoryDenyWriteExecute: no writable and executable mappings, no making memory executable later.
PROT_WRITE, PROT_EXEC, SHM_EXEC = 0x2, 0x4, 0o100000
wx = seccomp.SyscallFilter(seccomp.ALLOW)
wx.add_rule(seccomp.ERRNO(errno.EPERM), "mmap", seccomp.Arg(2, seccomp.MASKED_EQ, PROT_WRITE | PROT_EXEC, PROT_WRITE | PROT_EXEC))
wx.add_rule(seccomp.ERRNO(errno.EPERM), "mprotect", seccomp.Arg(2, seccomp.MASKED_EQ, PROT_EXEC, PROT_EXEC))
wx.add_rule(seccomp.ERRNO(errno.EPERM), "pkey_mprotect", seccomp.Arg(2, seccomp.MASKED_EQ, PROT_EXEC, PROT_EXEC))
wx.add_rule(seccomp.ERRNO(errno.EPERM), "shmat", seccomp.Arg(2, seccomp.MASKED_EQ, SHM_EXEC, SHM_EXEC))
wx.load()

# SystemCallFilter=@system-service ~@privileged, SystemCallArchitectures=native: kill otherwise.
calls = seccomp.SyscallFilter(seccomp.KILL_PROCESS)
for name in sorted(allowed):
    try:
        calls.add_rule(seccomp.ALLOW, name)
    except (RuntimeError, ValueError):
        pass  # not a syscall of this architecture
calls.load()  # last: it forbids seccomp() itself

environment = {
    "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin", "HOME": "/", "USER": "dictationkit-server",
    "LOGNAME": "dictationkit-server", "SHELL": "/usr/sbin/nologin",
    "CREDENTIALS_DIRECTORY": sys.argv[1], "DICTATIONKIT_MODEL_PATH": sys.argv[2],
}
os.execve(sys.argv[3], sys.argv[3:], environment)
EOF

# 3. The mount namespace: binary, model and credential put in place, then everything else hidden
# or read-only.
STAGE=$WORK/stage   # what the namespace sees under /usr/local (a private tmpfs)
mkdir -p "$STAGE"
unshare -m --propagation private bash -c '
    set -e
    mount -t tmpfs -o mode=0755 tmpfs /usr/local
    mkdir -p /usr/local/bin /usr/local/share/dictationkit/models
    touch /usr/local/bin/dictate-under-test
    mount --bind "$1" /usr/local/bin/dictate-under-test
    if [ -n "$6" ]; then mount --bind "$6" /usr/local/share/dictationkit/models; fi
    cp "$2/exec.py" /usr/local/bin/exec.py
    mount -t tmpfs -o mode=0755 tmpfs /run
    mkdir -p "$4" && cp "$2/tokens" "$4/tokens" && chown 61234:61234 "$4/tokens" && chmod 0400 "$4/tokens"
    chmod 0500 "$4" && chown 61234:61234 "$4"
    for hidden in /root /home /tmp /var/tmp; do mount -t tmpfs -o mode=1777 tmpfs "$hidden"; done
    mount -o remount,bind,ro /usr/local
    mount --bind / / && mount -o remount,bind,ro /
    exec "$3" /usr/local/bin/exec.py "$4" "$5" $7
' sandbox "$DICTATE" "$WORK" "$SYSTEM_PYTHON" "$CREDENTIALS" "$MODEL_PATH" "${DICTATIONKIT_MODEL_DIR:-}" "$EXEC" \
    >"$WORK/server.out" 2>&1 &
SERVER=$!
for _ in $(seq 100); do grep -qs listening "$WORK/server.out" && break; kill -0 $SERVER 2>/dev/null || break; sleep 0.1; done
echo "  server: $(head -c 300 "$WORK/server.out")"
grep -q listening "$WORK/server.out"
result $? "the server starts in the sandbox"

PID=$(pgrep -P "$SERVER" -f dictate-under-test || echo "$SERVER")
echo "  process $PID: uid $(awk '/^Uid/ {print $2}' /proc/$PID/status), NoNewPrivs $(awk '/NoNewPrivs/ {print $2}' /proc/$PID/status), Seccomp filters $(awk '/Seccomp_filters/ {print $2}' /proc/$PID/status), CapEff $(awk '/CapEff/ {print $2}' /proc/$PID/status)"
echo "  $(tr '\0' '\n' </proc/$PID/environ | grep DICTATIONKIT_MODEL_PATH), packs mounted there: ${DICTATIONKIT_MODEL_DIR:-none, so Debian en-us is used}"

AUTH=(-H "Authorization: Bearer $TOKEN")
curl -sf "${AUTH[@]}" http://127.0.0.1:2700/health | grep -q ok
result $? "GET /health with the credential's token"
[[ $(curl -s -o /dev/null -w '%{http_code}' -F file=@"$WAV" http://127.0.0.1:2700/v1/audio/transcriptions) == 401 ]]
result $? "an upload without a token: 401"
REPLY=$(curl -s "${AUTH[@]}" -F file=@"$WAV" http://127.0.0.1:2700/v1/audio/transcriptions)
echo "  $REPLY"
grep -q "leisure to consider" <<<"$REPLY"  # either English model hears these words
result $? "POST /v1/audio/transcriptions"
sox "$WAV" -t raw -r 16000 -c 1 -b 16 -e signed - >"$WORK/speech.pcm"
"$SYSTEM_PYTHON" "$HERE/ws_check.py" resume ws://127.0.0.1:2700/v1/stream "$WORK/speech.pcm" --token "$TOKEN" | sed 's/^/  /'
result "${PIPESTATUS[0]}" "/v1/stream with a resume"
"$SYSTEM_PYTHON" "$HERE/ws_check.py" vosk ws://127.0.0.1:2700/vosk "$WORK/speech.pcm" --token "$TOKEN" | sed 's/^/  /'
result "${PIPESTATUS[0]}" "/vosk"
kill -0 "$SERVER" 2>/dev/null
result $? "the server still runs (no seccomp kill)"
kill -TERM "$PID" 2>/dev/null
for _ in $(seq 50); do kill -0 "$SERVER" 2>/dev/null || break; sleep 0.1; done
wait "$SERVER"
STATUS=$?
SERVER=
echo "  exit status after SIGTERM: $STATUS"
[[ $STATUS -eq 0 ]]
result $? "SIGTERM stops it cleanly"
echo "$PASSED passed, $FAILED failed"
[[ $FAILED -eq 0 ]]
