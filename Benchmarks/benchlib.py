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


_ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
         "seventeen eighteen nineteen").split()
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
_ORDINAL = {"one": "first", "two": "second", "three": "third", "five": "fifth", "eight": "eighth", "nine": "ninth",
            "twelve": "twelfth"}
_ABBREVIATIONS = {"mr": "mister", "mrs": "missus", "dr": "doctor", "ms": "miss"}
_NUMBER = re.compile(r"^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(st|nd|rd|th|%|s)?$")


def _cardinal(n):
    if n < 20:
        return _ONES[n]
    if n < 100:
        return _TENS[n // 10] + ("" if n % 10 == 0 else " " + _ONES[n % 10])
    for size, name in ((10 ** 9, "billion"), (10 ** 6, "million"), (1000, "thousand"), (100, "hundred")):
        if n >= size:
            rest = n % size
            return _cardinal(n // size) + " " + name + ("" if rest == 0 else " " + _cardinal(rest))
    return str(n)


def _ordinal(words):
    *head, last = words.split(" ")
    if last in _ORDINAL:
        last = _ORDINAL[last]
    elif last.endswith("y"):
        last = last[:-1] + "ieth"
    else:
        last += "th"
    return " ".join(head + [last])


def spoken_form(text):
    """Written text as it would be said, for scoring a recognizer that writes (Whisper) against the
    spoken references: numbers spelled out ("10" ten, "1,250" one thousand two hundred fifty, "1st"
    first, "3.5" three point five, "5%" five percent; no rules for years), and Mr., Mrs., Dr. as
    said. Punctuation is left to normalized_words."""
    out = []
    for token in text.split():
        core = token.strip(".,!?;:\"()[]")
        lead = token[:len(token) - len(token.lstrip("\"(["))]
        trail = token[len(lead) + len(core):]
        m = _NUMBER.match(core)
        if m and not core.startswith("-"):
            words = _cardinal(int(m.group(1).replace(",", "")))
            if m.group(2):
                words += " point " + " ".join(_ONES[int(d)] for d in m.group(2))
            suffix = m.group(3)
            if suffix in ("st", "nd", "rd", "th"):
                words = _ordinal(words)
            elif suffix == "%":
                words += " percent"
            elif suffix == "s":
                words += "s"
            out.append(lead + words + trail)
        elif core.lower() in _ABBREVIATIONS:
            out.append(lead + _ABBREVIATIONS[core.lower()] + trail)
        else:
            out.append(token.replace("&", " and ").replace("%", " percent"))
    return " ".join(out)


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


LIBRIVOX_FIVE = ["0870", "0880", "0890", "0920", "0930"]


def librivox_dictation(order=LIBRIVOX_FIVE):
    """pocketsphinx-testdata's five LibriVox recordings, in `order`, with a second of silence after
    each, as 16-bit samples at RATE, and what is said."""
    refs = references()
    samples = array.array("h")
    words = []
    for name in order:
        key = "sense_and_sensibility_01_austen_64kb-" + name
        samples.extend(read_samples(os.path.join(DATA, key + ".wav")))
        samples.extend(array.array("h", bytes(2 * RATE)))
        words.append(refs[key])
    return samples, " ".join(words)


NORWEGIAN_FIVE = [
    "Jeg heter Kari og jeg bor i Oslo.",
    "I dag skal vi skrive et langt brev til bestemor.",
    "Toget til Bergen går klokken åtte i morgen tidlig.",
    "Husk å kjøpe melk, brød og egg på vei hjem.",
    "Møtet er flyttet til torsdag etter lunsj.",
]


def espeak(text, voice, tmp):
    """A sentence spoken by espeak-ng, as 16 kHz samples."""
    spoken, converted = os.path.join(tmp, "espeak.wav"), os.path.join(tmp, "espeak16.wav")
    run(["espeak-ng", "-v", voice, "-w", spoken, text])
    run(["sox", "-R", "-D", spoken, "-r", str(RATE), "-c", "1", "-b", "16", converted])
    return read_samples(converted)


def norwegian_dictation(order=range(len(NORWEGIAN_FIVE))):
    """Five Norwegian sentences spoken by espeak-ng's bokmål voice, in `order`, with a second of
    silence after each, as 16-bit samples at RATE, and what is said."""
    samples = array.array("h")
    with tempfile.TemporaryDirectory() as tmp:
        for index in order:
            samples.extend(espeak(NORWEGIAN_FIVE[index], "nb", tmp))
            samples.extend(array.array("h", bytes(2 * RATE)))
    return samples, " ".join(NORWEGIAN_FIVE[index] for index in order)


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
