#!/usr/bin/env bash
# Runs the whole test suite (needs the packages from scripts/install-system-packages.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"
swift build --build-tests
swift test --skip-build "$@"
