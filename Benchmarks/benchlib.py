"""Helpers shared by the benchmark scripts: the LibriVox test data, word error rate, running a
tool and measuring it, and 16 kHz mono 16-bit WAV in and out. Standard library only."""
import array
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import time
import wave
from collections import namedtuple

DATA = "/usr/share/pocketsphinx/test/data/librivox"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RATE = 16000

# Tokens that are not words: sentence marks (<s>, </s>, <sil>, <unk>), fillers ([noise], [breath],
# ++garbage++, +um+).
_FILLER = re.compile(r"^(<[^>]*>|\[[^\]]*\]|\+\+.*\+\+|\+[^+]*\+)$")
_ALTERNATE = re.compile(r"\(\d+\)$")  # a dictionary's alternate pronunciation, word(2)
_NOT_WORD = re.compile(r"[^\w']+")


def references(path=os.path.join(DATA, "transcription")):
    """Transcripts of a PocketSphinx test data folder (`<s> text </s> (name)` lines), by file name
    without extension."""
    refs = {}
    with open(path) as f:
        for line in f:
            m = re.match(r"<s> (.*) </s> \((.*)\)", line.strip())
            if m:
                refs[m.group(2)] = " ".join(m.group(1).split())
    return refs


def normalized_words(text):
    """Lowercased words with punctuation other than apostrophes removed, sentence marks and fillers
    dropped: the normalisation of DictationTesting's WordErrorRate."""
    words = []
    for token in text.lower().split():
        if _FILLER.match(token):
            continue
        words += _NOT_WORD.sub(" ", _ALTERNATE.sub("", token)).replace("_", " ").split()
    return words


def word_errors(ref, hyp):
    """(word edits turning hyp into ref, words in ref), after normalising both."""
    a, b = normalized_words(ref), normalized_words(hyp)
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cur[j] = min(prev[j - 1] + (a[i - 1] != b[j - 1]), prev[j] + 1, cur[j - 1] + 1)
        prev = cur
    return prev[len(b)], len(a)


def wer_cell(errors, words):
    """E.g. "36.6 % (26/71)"."""
    rate = errors / words if words else float(errors > 0)
    return f"{rate * 100:.1f} % ({errors}/{words})"


Run = namedtuple("Run", "wall cpu peak_mib status stdout stderr")


# Each command is started by a small interpreter of its own, which times it and reads its rusage:
# a child forked from this script would start with this script's resident memory (the audio it
# holds) as its high-water mark, which Linux keeps across exec, so its peak RSS would be ours.
_LAUNCHER = """
import os, sys, time
start = time.perf_counter()
pid = os.fork()
if pid == 0:
    os.execvp(sys.argv[2], sys.argv[2:])
_, status, usage = os.wait4(pid, 0)
with open(sys.argv[1], "w") as report:
    report.write(f"{time.perf_counter() - start} {usage.ru_utime + usage.ru_stime} {usage.ru_maxrss}")
sys.exit(os.waitstatus_to_exitcode(status))
"""


def run(cmd, check=True):
    """Runs a command; returns its wall and CPU seconds, peak RSS in MiB, exit status, stdout and
    stderr. With check, a failure ends the script."""
    with tempfile.TemporaryFile() as err, tempfile.NamedTemporaryFile("r") as report:
        proc = subprocess.Popen([sys.executable, "-c", _LAUNCHER, report.name, *cmd],
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=err)
        out = proc.stdout.read()
        proc.stdout.close()
        proc.wait()
        wall, cpu, maxrss_kib = (float(v) for v in report.read().split())
        err.seek(0)
        stderr = err.read().decode(errors="replace")
    if check and proc.returncode != 0:
        sys.exit(f"failed ({proc.returncode}): {' '.join(cmd)}")
    return Run(wall, cpu, maxrss_kib / 1024, proc.returncode, out.decode(errors="replace"), stderr)


def duration(path):
    with wave.open(path) as w:
        return w.getnframes() / w.getframerate()


def read_samples(path):
    """The samples of a 16 kHz mono 16-bit WAV file (or headerless .raw of that layout)."""
    if path.endswith(".raw"):
        with open(path, "rb") as f:
            data = f.read()
    else:
        with wave.open(path) as w:
            if (w.getframerate(), w.getnchannels(), w.getsampwidth()) != (RATE, 1, 2):
                sys.exit(f"{path}: not 16 kHz mono 16-bit")
            data = w.readframes(w.getnframes())
    samples = array.array("h", data)
    if sys.byteorder == "big":
        samples.byteswap()
    return samples


def write_samples(path, samples):
    """Writes 16 kHz mono 16-bit WAV; floats are rounded and clipped to 16 bits."""
    if not isinstance(samples, array.array) or samples.typecode != "h":
        samples = array.array("h", (max(-32768, min(32767, round(x))) for x in samples))
    if sys.byteorder == "big":
        samples = array.array("h", samples)
        samples.byteswap()
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with wave.open(path, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(samples.tobytes())


def speech_rms(samples, frame=320, floor_db=30):
    """The RMS of the 20 ms frames within `floor_db` of the loudest one: the level of the speech,
    leaving out the pauses."""
    energies = [sum(x * x for x in samples[i:i + frame]) / frame
                for i in range(0, len(samples) - frame + 1, frame)]
    if not energies:
        return 0.0
    threshold = max(energies) * 10 ** (-floor_db / 10)
    active = [e for e in energies if e >= threshold]
    return math.sqrt(sum(active) / len(active))


def cached_set(name, cache, recipe, make_set):
    """[(path, reference)] of the set `name` under `cache`, made by `make_set(name, directory)`
    first when it is missing or was made from another `recipe(name)` (the manifest.json that
    make_set writes: {"recipe": ..., "files": [{"wav", "reference"}]})."""
    directory = os.path.join(cache, name)
    manifest_path = os.path.join(directory, "manifest.json")
    manifest = None
    if os.path.exists(manifest_path):
        with open(manifest_path) as f:
            manifest = json.load(f)
        wanted = json.loads(json.dumps(recipe(name)))  # tuples as lists, as read back
        if manifest["recipe"] != wanted or not all(os.path.exists(os.path.join(directory, e["wav"])) for e in manifest["files"]):
            manifest = None
    if manifest is None:
        start = time.perf_counter()
        print(f"making set {name} in {directory} ...", file=sys.stderr, flush=True)
        make_set(name, directory)
        print(f"  made in {time.perf_counter() - start:.1f} s", file=sys.stderr, flush=True)
        return cached_set(name, cache, recipe, make_set)
    return [(os.path.join(directory, e["wav"]), e["reference"]) for e in manifest["files"]]
