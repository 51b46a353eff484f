#!/usr/bin/env bash
# One command from a fresh Debian machine to a transcript: installs the system packages,
# builds `dictate` in release mode, and transcribes the bundled sample recordings.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"

scripts/install-system-packages.sh
swift build -c release --product dictate
for sample in Examples/samples/*.wav; do
    echo "== $sample"
    .build/release/dictate transcribe "$sample"
done
