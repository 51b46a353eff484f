#!/usr/bin/env bash
# Builds the DocC documentation of every public library target (or of the targets given as
# arguments) with swift-docc-plugin, treating every warning, such as a broken symbol link, as an
# error. Prints where each archive went; exits non-zero when any target fails.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(DictationKit DictationCapture DictationPreprocessing DictationPocketSphinx DictationHistory DictationTesting DictationFormatting DictationDesktop Dictation DictationStreamProtocol DictationServer DictationRemote)
fi

failed=()
archives=()
for target in "${targets[@]}"; do
    echo "== $target"
    log=$(mktemp)
    if swift package --disable-sandbox generate-documentation --target "$target" --warnings-as-errors 2>&1 | tee "$log"; then
        archive=$(grep -o '/[^ ]*\.doccarchive' "$log" | tail -n 1)
        archives+=("$target: ${archive:-(no archive path printed)}")
    else
        failed+=("$target")
    fi
    rm -f "$log"
done

echo
for line in "${archives[@]}"; do echo "documentation of $line"; done
if [ ${#failed[@]} -gt 0 ]; then
    echo "failed: ${failed[*]}" >&2
    exit 1
fi
