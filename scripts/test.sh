#!/usr/bin/env bash
# Runs the whole test suite (needs the packages from scripts/install-system-packages.sh).
# With arguments, runs `swift test` with them (e.g. --filter NAME) instead.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"
swift build --build-tests
if [ "$#" -gt 0 ]; then
    exec swift test --skip-build "$@"
fi
# The desktop's tests drive real X and Wayland servers, window managers and windows, whose event
# timing starves on two cores that every other suite loads at once (CI saw openbox take over 30 s
# to start, and keys overtake a paste): they run after the rest, one at a time, as on a desktop.
desktop='DictationDesktopTests|TypeCommandTests|ControlCLITests'
swift test --skip-build --skip "$desktop"
swift test --skip-build --filter "$desktop" --no-parallel
