#!/usr/bin/env python3
"""Word error rate on real speech, clean and degraded, of several ways to transcribe it.

Sets (16 kHz mono 16-bit WAV, made once into a cache folder and remade when missing):
  clean    the five LibriVox recordings of pocketsphinx-testdata
  noise10  the same with white Gaussian noise at 10 dB SNR (noise RMS against each file's speech RMS)
  noise5   the same at 5 dB SNR
  quiet    the same at -20 dB gain (a quiet speaker)
  hum      the same with a 50 Hz hum plus 100 and 150 Hz harmonics, hum RMS 6 dB below the speech RMS
  long     one recording of 199 s: the LibriVox files, goforward, the five "cards"
           recordings and 24 espeak-ng sentences, in a seeded order, 1.5-3 s pauses between them
  commands the twelve short commands of speed_sets.py (goforward, the five "cards" recordings such
           as "eight of spades four of clubs seven of hearts", six espeak-ng commands); not among
           the default sets (--sets ...,commands)
Columns, one process per file:
  a  pocketsphinx_continuous -infile FILE, Debian's model
  b  Python SpeechRecognition's recognize_sphinx (its en-US model), the whole file as one utterance
  c  dictate transcribe: the decoder's own segmentation, no preprocessing, Debian's model
  d  dictate transcribe: the default chain and segmentation, Debian's model
  e  dictate transcribe: the default chain, the best installed model (no --model)
  f  a live session: dictate transcribe --partials --real-time, the file read at real-time pace
     with partials on (two passes, as dictate listen decodes), the best installed model
  g  dictate transcribe --recognizer whisper: the default chain and segmentation, Whisper tiny.en
  h  the same with Whisper base (multilingual; the best installed Whisper model when both are)
  l, m  g and h with --whisper-window full: the encoder runs its whole 30-s window (the default,
     fitted, runs half of it, or the utterance and a margin when longer)
  i, j, k  on the commands set only: g, h and d with a vocabulary of the commands' words (the
     cards, the numbers, the commands; COMMAND_VOCABULARY), given with --vocabulary (Whisper takes
     it as its initial prompt)
The WER of a set is the sum of the word errors over its files / the sum of reference words, after
lowercasing, removing punctuation and dropping <s>, </s>, <sil> and fillers. Whisper writes text
("Go forward 10 meters.", "Mr. John Dashwood"): its columns are scored in spoken form (numbers
spelled out, Mr. as mister: benchlib.spoken_form), and the WER as written is printed beside.

Run after a release build:  swift build -c release --product dictate
                            python3 Benchmarks/accuracy_table.py [--columns a,b,d] [--jobs 2]
Column b installs SpeechRecognition and pocketsphinx from PyPI into a venv of its own. Columns g-m
take the Whisper models from --whisper-models (dictate models install whisper-tiny.en whisper-base).
"""
import argparse
import concurrent.futures
import datetime
import json
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time

from benchlib import cached_set, DATA, ROOT, RATE, duration, espeak, read_samples, references, run, speech_rms, spoken_form, word_errors, wer_cell, write_samples
import speed_sets

DEBIAN_MODEL = "/usr/share/pocketsphinx/model/en-us"
CONTINUOUS = "/usr/bin/pocketsphinx_continuous"
# What follows `dictate transcribe FILE --format text` in columns c, d and e.
DICTATE_ARGS = {
    "c": ["--segmentation", "recognizer", "--preprocessing", "none", "--model", DEBIAN_MODEL],
    "d": ["--model", DEBIAN_MODEL],
    "e": [],
    "f": ["--partials", "--real-time"],
    "g": ["--recognizer", "whisper", "--model", "{whisper}/tiny.en.bin"],
    "h": ["--recognizer", "whisper", "--model", "{whisper}/base.bin"],
    "i": ["--recognizer", "whisper", "--model", "{whisper}/tiny.en.bin", "--vocabulary", "{vocabulary}"],
    "j": ["--recognizer", "whisper", "--model", "{whisper}/base.bin", "--vocabulary", "{vocabulary}"],
    "k": ["--model", DEBIAN_MODEL, "--vocabulary", "{vocabulary}"],
    "l": ["--recognizer", "whisper", "--model", "{whisper}/tiny.en.bin", "--whisper-window", "full"],
    "m": ["--recognizer", "whisper", "--model", "{whisper}/base.bin", "--whisper-window", "full"],
}
WHISPER_COLUMNS = ("g", "h", "i", "j", "l", "m")
VOCABULARY_COLUMNS = ("i", "j", "k")  # run on the commands set only
# The vocabulary of columns i-k: what an app that takes these commands would list.
COMMAND_VOCABULARY = (
    "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king",
    "clubs", "diamonds", "hearts", "spades", "of clubs", "of diamonds", "of hearts", "of spades",
    "go forward", "go back", "meters", "open the file", "delete the last word", "new paragraph", "stop listening",
    "call my mother",
)
USAGE_ERROR = 64  # dictate's exit status for an option it does not know
SPEECHRECOGNITION_VERSION = "3.17.0"
SPEECHRECOGNITION_PACKAGES = [f"SpeechRecognition=={SPEECHRECOGNITION_VERSION}", "pocketsphinx"]
# Column b: its default en-US model, the audio of the whole file decoded as one utterance.
SPEECHRECOGNITION_SNIPPET = """
import sys
import speech_recognition as sr
recognizer = sr.Recognizer()
with sr.AudioFile(sys.argv[1]) as source:
    audio = recognizer.record(source)
try:
    print(recognizer.recognize_sphinx(audio))
except sr.UnknownValueError:
    print()
"""

COLUMNS = {
    "a": "pocketsphinx_continuous, Debian's model",
    "b": "SpeechRecognition recognize_sphinx, one utterance",
    "c": "dictate, decoder's segmentation, no preprocessing",
    "d": "dictate, default chain, Debian's model",
    "e": "dictate, default chain, best installed model",
    "f": "dictate, live: partials, real-time pace, best installed model",
    "g": "dictate --recognizer whisper, tiny.en",
    "h": "dictate --recognizer whisper, base",
    "i": "whisper tiny.en, commands vocabulary",
    "j": "whisper base, commands vocabulary",
    "k": "dictate, Debian's model, commands vocabulary",
    "l": "whisper tiny.en, the encoder's whole 30-s window",
    "m": "whisper base, the encoder's whole 30-s window",
}
SETS = ("clean", "noise10", "noise5", "quiet", "hum", "long", "commands")
DEFAULT_SETS = SETS[:-1]

SEED = "DictationKit accuracy table"
NOISE_SNR_DB = {"noise10": 10, "noise5": 5}
QUIET_GAIN_DB = -20
HUM_HARMONICS = ((50, 1.0), (100, 0.5), (150, 0.25))  # Hz, relative amplitude
HUM_BELOW_SPEECH_DB = 6
LONG_MIN_SECONDS = 180
LONG_PAUSE_SECONDS = (1.5, 3.0)
LONG_SPEECH_RMS = 2000  # every utterance of the long recording is scaled to this speech RMS (-24 dBFS), as one speaker at one microphone
LONG_FLOOR_RMS = 10  # white noise at -70 dBFS under the whole long recording: its pauses are not digital zeros
ESPEAK_VOICES = ("en-us", "en-us+f2", "en-us+m1")  # taken in turn, default speed
ESPEAK_SENTENCES = (
    "the weather forecast says it will rain tomorrow afternoon so bring an umbrella",
    "please send the report to the office before the meeting starts on monday",
    "my brother bought a small house near the river last summer",
    "we need two loaves of bread a dozen eggs and some fresh milk",
    "the train to the city leaves every twenty minutes in the morning",
    "she opened the window and listened to the birds in the garden",
    "could you turn off the lights when you leave the room",
    "the children played football in the park until it got dark",
    "our neighbors are planning a party for the end of the month",
    "he forgot his keys at work and had to wait outside for an hour",
    "the museum is closed on tuesdays but open late on friday evenings",
    "i would like a cup of coffee with a little sugar please",
    "the doctor told him to rest for a week and drink plenty of water",
    "they walked along the beach and watched the sun go down",
    "the new library has a large collection of old maps and books",
    "remember to call your mother on her birthday next week",
    "the car would not start so we took the bus into town",
    "a strong wind blew the leaves across the empty street",
    "the teacher asked the students to write a short story about their holiday",
    "we spent the whole weekend painting the kitchen a pale shade of green",
    "the airport was busy because many flights had been delayed by fog",
    "he cooked a simple dinner of rice vegetables and grilled fish",
    "the old clock in the hall stopped at half past three",
    "after lunch we drove north through the hills to visit our friends",
)
TESTDATA = os.path.dirname(DATA)
GOFORWARD = (os.path.join(TESTDATA, "goforward.raw"), "go forward ten meters")
CARDS = os.path.join(TESTDATA, "cards")


# Making the sets.

def recipe(name):
    """Everything a set's audio depends on; a cached set made from another recipe is remade."""
    common = {"version": 2, "seed": SEED, "rms": "20 ms frames within 30 dB of the loudest"}
    if name in NOISE_SNR_DB:
        return {**common, "snr_db": NOISE_SNR_DB[name], "noise": "gaussian"}
    if name == "quiet":
        return {**common, "gain_db": QUIET_GAIN_DB}
    if name == "hum":
        return {**common, "harmonics": HUM_HARMONICS, "below_speech_db": HUM_BELOW_SPEECH_DB}
    if name == "long":
        return {**common, "pauses": LONG_PAUSE_SECONDS, "speech_rms": LONG_SPEECH_RMS, "floor_rms": LONG_FLOOR_RMS,
                "voices": ESPEAK_VOICES, "sentences": ESPEAK_SENTENCES, "min_seconds": LONG_MIN_SECONDS}
    return common


def librivox():
    """(name, samples, reference) of the five recordings."""
    return [(name, read_samples(os.path.join(DATA, name + ".wav")), text) for name, text in sorted(references().items())]


def degraded(name, samples, set_name):
    rng = random.Random(f"{SEED}/{set_name}/{name}")
    level = speech_rms(samples)
    if set_name in NOISE_SNR_DB:
        sigma = level / 10 ** (NOISE_SNR_DB[set_name] / 20)
        return [x + rng.gauss(0, sigma) for x in samples]
    if set_name == "quiet":
        gain = 10 ** (QUIET_GAIN_DB / 20)
        return [x * gain for x in samples]
    if set_name == "hum":
        hum_rms = level / 10 ** (HUM_BELOW_SPEECH_DB / 20)
        scale = hum_rms / math.sqrt(sum(a * a for _, a in HUM_HARMONICS) / 2)
        steps = [(2 * math.pi * f / RATE, a * scale) for f, a in HUM_HARMONICS]
        return [x + sum(a * math.sin(w * i) for w, a in steps) for i, x in enumerate(samples)]
    return samples


def long_recording(tmp):
    """(samples, reference) of the long recording."""
    rng = random.Random(f"{SEED}/long")
    utterances = [(samples, text) for _, samples, text in librivox()]
    utterances.append((read_samples(GOFORWARD[0]), GOFORWARD[1]))
    cards = references(os.path.join(CARDS, "cards.transcription"))
    utterances += [(read_samples(os.path.join(CARDS, name + ".wav")), text) for name, text in sorted(cards.items())]
    for i, text in enumerate(ESPEAK_SENTENCES):
        utterances.append((espeak(text, ESPEAK_VOICES[i % len(ESPEAK_VOICES)], tmp), text))
    rng.shuffle(utterances)
    samples, texts = [0.0] * RATE, []
    for utterance, text in utterances:
        gain = LONG_SPEECH_RMS / speech_rms(utterance)
        samples += [x * gain for x in utterance]
        samples += [0.0] * round(rng.uniform(*LONG_PAUSE_SECONDS) * RATE)
        texts.append(" ".join(text.split()))
    if len(samples) < LONG_MIN_SECONDS * RATE:
        sys.exit(f"the long recording is {len(samples) / RATE:.0f} s, under {LONG_MIN_SECONDS} s: add sentences")
    return [x + rng.gauss(0, LONG_FLOOR_RMS) for x in samples], " ".join(texts)


def make_set(name, directory):
    """Writes a set's WAV files and its manifest (written last, so a set cut short is remade)."""
    shutil.rmtree(directory, ignore_errors=True)
    os.makedirs(directory)
    files = []
    if name == "long":
        with tempfile.TemporaryDirectory() as tmp:
            samples, text = long_recording(tmp)
        write_samples(os.path.join(directory, "long.wav"), samples)
        files.append({"wav": "long.wav", "reference": text})
    else:
        for file_name, samples, text in librivox():
            write_samples(os.path.join(directory, file_name + ".wav"), degraded(file_name, samples, name))
            files.append({"wav": file_name + ".wav", "reference": text})
    with open(os.path.join(directory, "manifest.json"), "w") as f:
        json.dump({"recipe": recipe(name), "files": files}, f, indent=1)


def load_set(name, cache, speed_cache):
    """[(path, reference)] of a set, made first if missing or made from another recipe."""
    if name == "commands":
        return speed_sets.load_set(name, speed_cache)
    return cached_set(name, cache, recipe, make_set)


# The tools.

def speech_recognition_python(venv):
    """(the venv's python, None), or (None, why column b can't run): makes the venv and installs
    SpeechRecognition and pocketsphinx into it when they are not there."""
    python = os.path.join(venv, "bin", "python")
    check = [python, "-c", "import importlib.metadata as m, speech_recognition, pocketsphinx; print(m.version('SpeechRecognition'))"]
    if os.path.exists(python) and run(check, check=False).stdout.strip() == SPEECHRECOGNITION_VERSION:
        return python, None
    print(f"installing {' '.join(SPEECHRECOGNITION_PACKAGES)} into {venv} ...", file=sys.stderr, flush=True)
    if not os.path.exists(python):
        made = run([sys.executable, "-m", "venv", venv], check=False)
        if made.status != 0:
            return None, f"python -m venv failed: {last_line(made.stderr)}"
    installed = run([python, "-m", "pip", "install", "--quiet", *SPEECHRECOGNITION_PACKAGES], check=False)
    if installed.status != 0:
        return None, f"pip install failed ({installed.status}): {last_line(installed.stderr)}"
    checked = run(check, check=False)
    if checked.status != 0:
        return None, f"import failed: {last_line(checked.stderr)}"
    return python, None


def last_line(text):
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[-1].strip() if lines else "(no message)"


def load_average():
    return "/".join(f"{x:.2f}" for x in os.getloadavg())


def first_line(text):
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[0].strip() if lines else "(no message)"


def command(column, path, tools):
    if column == "a":
        return [CONTINUOUS, "-infile", path]
    if column == "b":
        return [tools["python"], "-c", SPEECHRECOGNITION_SNIPPET, path]
    # --raw: the recognizer's words, which the spoken reference is scored against.
    arguments = [a.format(whisper=tools.get("whisper"), vocabulary=tools.get("vocabulary")) for a in DICTATE_ARGS[column]]
    return [tools["dictate"], "transcribe", path, "--format", "text", "--raw", *arguments]


def describe_tools(columns, tools):
    """Lines saying which versions and models the columns use."""
    lines = []
    if "a" in columns:
        version = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "pocketsphinx"], capture_output=True, text=True).stdout
        lines.append(f"(a) {CONTINUOUS}, Debian pocketsphinx {version or '?'}")
    if "b" in columns and tools.get("python"):
        versions = run([tools["python"], "-c", "import importlib.metadata as m; "
                        "print('SpeechRecognition', m.version('SpeechRecognition'), 'pocketsphinx', m.version('pocketsphinx'))"],
                       check=False).stdout.strip()
        lines.append(f"(b) {tools['python']}: {versions}")
    if any(c in columns for c in "cdefghijk") and tools.get("dictate"):
        locales = run([tools["dictate"], "locales"], check=False).stdout.strip().replace("\n", "; ")
        lines.append(f"(c-k) {tools['dictate']}; (e) and (f) resolve: {locales or '?'}")
    if any(c in columns for c in WHISPER_COLUMNS):
        lines.append(f"(g-m) Whisper models in {tools.get('whisper')}")
    if any(c in columns for c in VOCABULARY_COLUMNS):
        lines.append(f"(i-k) vocabulary: {', '.join(COMMAND_VOCABULARY)}")
    return lines


# Running.

def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", default=",".join(DEFAULT_SETS), help=f"comma-separated, of {','.join(SETS)}")
    parser.add_argument("--columns", default=",".join(COLUMNS), help=f"comma-separated, of {','.join(COLUMNS)}")
    parser.add_argument("--jobs", type=int, default=1, help="processes at once (timings overlap when above 1)")
    parser.add_argument("--json", metavar="FILE", help="save the results, hypotheses included")
    parser.add_argument("--dictate", default=os.path.join(ROOT, ".build/release/dictate"))
    parser.add_argument("--cache", default=os.path.join(ROOT, ".build-bench/accuracy-sets"), help="where the sets are made")
    parser.add_argument("--venv", default=os.path.join(ROOT, ".build-bench/venv"), help="the venv of column b")
    parser.add_argument("--speed-cache", default=os.path.join(ROOT, ".build-bench/speed-sets"), help="where speed_sets.py makes commands")
    data_home = os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share")
    parser.add_argument("--whisper-models", default=os.path.join(data_home, "dictationkit/models/whisper"),
                        help="the folder of tiny.en.bin and base.bin (columns g-m)")
    args = parser.parse_args()
    sets = [s for s in args.sets.split(",") if s]
    columns = [c for c in args.columns.split(",") if c]
    for name, known in (("set", SETS), ("column", COLUMNS)):
        unknown = [x for x in (sets if name == "set" else columns) if x not in known]
        if unknown:
            parser.error(f"unknown {name} {', '.join(unknown)}; known: {', '.join(known)}")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    started = time.perf_counter()

    # Why a column can't run at all, by column: its cell, and a note printed under the table.
    unavailable, notes = {}, {}
    tools = {"dictate": args.dictate}
    if "a" in columns and not os.path.exists(CONTINUOUS):
        unavailable["a"] = "n/a (not installed)"
        notes["a"] = f"{CONTINUOUS} is missing: apt-get install pocketsphinx"
    if "b" in columns:
        tools["python"], why = speech_recognition_python(args.venv)
        if why:
            unavailable["b"] = "n/a (install failed)"
            notes["b"] = f"SpeechRecognition unavailable: {why}"
    if any(c in columns for c in "cdefghijk") and not os.path.exists(args.dictate):
        tools["dictate"] = None
        for c in "cdefghijk":
            unavailable[c] = "n/a (no dictate binary)"
            notes[c] = f"{args.dictate} is missing: swift build -c release --product dictate"
    tools["whisper"] = args.whisper_models
    for column, model in (("g", "tiny.en"), ("h", "base"), ("i", "tiny.en"), ("j", "base"), ("l", "tiny.en"), ("m", "base")):
        if column in columns and column not in unavailable and not os.path.exists(os.path.join(args.whisper_models, model + ".bin")):
            unavailable[column] = "n/a (no model)"
            notes[column] = f"{args.whisper_models}/{model}.bin is missing: dictate models install whisper-{model}"
    vocabulary_dir = tempfile.TemporaryDirectory()
    tools["vocabulary"] = os.path.join(vocabulary_dir.name, "commands-vocabulary.json")
    with open(tools["vocabulary"], "w") as f:
        json.dump({"entries": [{"phrase": phrase} for phrase in COMMAND_VOCABULARY]}, f)

    files = {name: load_set(name, args.cache, args.speed_cache) for name in sets}
    audio = {name: sum(duration(path) for path, _ in files[name]) for name in sets}
    print(f"# accuracy table, {datetime.datetime.now():%Y-%m-%d %H:%M}, {os.cpu_count()} cores, --jobs {args.jobs}, "
          f"load average {load_average()} (1/5/15 min) at the start")
    for line in describe_tools(columns, tools):
        print(line)
    print(f"sets in {args.cache}: " + ", ".join(f"{name} {len(files[name])} file(s) {audio[name]:.1f} s" for name in sets))
    print(flush=True)

    lock = threading.Lock()
    flag_missing = {}  # column -> dictate's message, once it exited USAGE_ERROR
    results = {(c, s): [None] * len(files[s]) for c in columns for s in sets}

    def transcribe(column, set_name, index):
        path, reference = files[set_name][index]
        with lock:
            if column in flag_missing:
                return column, set_name, index, {"file": path, "skipped": "flag missing"}
        r = run(command(column, path, tools), check=False)
        outcome = {"file": path, "status": r.status, "elapsed": round(r.wall, 3), "cpu": round(r.cpu, 3),
                   "peak_mib": round(r.peak_mib, 1)}
        if column in DICTATE_ARGS and r.status == USAGE_ERROR:
            with lock:
                flag_missing.setdefault(column, first_line(r.stderr))
            outcome["skipped"] = "flag missing"
        elif r.status != 0:
            outcome["error"] = last_line(r.stderr)
        else:
            # With --partials, text output shows each partial on a line of its own, after "… ".
            finals = [line for line in r.stdout.splitlines() if not line.startswith("… ")]
            hypothesis = " ".join(" ".join(finals).split())
            if column in WHISPER_COLUMNS:
                # Scored in spoken form; as written (digits, Mr.) kept beside.
                outcome["written_errors"] = word_errors(reference, hypothesis)[0]
                errors, words = word_errors(reference, spoken_form(hypothesis))
            else:
                errors, words = word_errors(reference, hypothesis)
            outcome.update(reference=reference, hypothesis=hypothesis, errors=errors, words=words)
        return column, set_name, index, outcome

    def summary(column, set_name):
        outcomes = results[(column, set_name)]
        if column in unavailable:
            return {"cell": unavailable[column]}
        if column in VOCABULARY_COLUMNS and set_name != "commands":
            return {"cell": ""}
        elapsed = sum(o.get("elapsed", 0) for o in outcomes)
        if any("skipped" in o for o in outcomes):
            return {"cell": "n/a (flag missing)"}
        failed = [o for o in outcomes if "error" in o]
        if failed:
            return {"cell": f"error (exit {failed[0]['status']})", "elapsed": elapsed}
        errors, words = sum(o["errors"] for o in outcomes), sum(o["words"] for o in outcomes)
        result = {"cell": wer_cell(errors, words), "errors": errors, "words": words,
                  "wer": errors / words if words else None, "elapsed": elapsed,
                  "peak_mib": max(o.get("peak_mib", 0) for o in outcomes)}
        if column in WHISPER_COLUMNS:
            written = sum(o["written_errors"] for o in outcomes)
            result.update(written_errors=written, written_cell=wer_cell(written, words))
        return result

    tasks = [(c, s, i) for c in columns if c not in unavailable for s in sets for i in range(len(files[s]))
             if c not in VOCABULARY_COLUMNS or s == "commands"]
    remaining = {(c, s): len(files[s]) for c, s, _ in tasks}
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for future in concurrent.futures.as_completed([pool.submit(transcribe, *t) for t in tasks]):
            column, set_name, index, outcome = future.result()
            results[(column, set_name)][index] = outcome
            if "error" in outcome:
                print(f"({column}) {set_name}: {outcome['file']}: exit {outcome['status']}: {outcome['error']}", file=sys.stderr)
            remaining[(column, set_name)] -= 1
            if remaining[(column, set_name)] == 0:
                s = summary(column, set_name)
                timing = f"{s['elapsed']:7.1f} s wall for {audio[set_name]:6.1f} s of audio" if "elapsed" in s else ""
                written = f"  (as written {s['written_cell']})" if "written_cell" in s else ""
                print(f"({column}) {set_name:8} {s['cell']:>20}  {timing}{written}", flush=True)
    for column, message in flag_missing.items():
        notes[column] = f"dictate rejected an option: {message}; arguments: {' '.join(DICTATE_ARGS[column])}"

    summaries = {(c, s): summary(c, s) for c in columns for s in sets}
    print()
    print("| set | " + " | ".join(f"({c}) {COLUMNS[c]}" for c in columns) + " |")
    print("| --- |" + " ---: |" * len(columns))
    for s in sets:
        print(f"| {s} | " + " | ".join(summaries[(c, s)]["cell"] for c in columns) + " |")
    # All sets together (the commands set apart: it is not one of the six).
    together = [s for s in sets if s != "commands"]
    if len(together) > 1:
        cells = []
        for c in columns:
            parts = [summaries[(c, s)] for s in together]
            if all("errors" in p for p in parts):
                cells.append(wer_cell(sum(p["errors"] for p in parts), sum(p["words"] for p in parts)))
            else:
                cells.append("")
        print(f"| {'+'.join(together)} | " + " | ".join(cells) + " |")
    print()
    whisper = [c for c in columns if c in WHISPER_COLUMNS]
    if whisper:
        print("Whisper's WER as written (digits and Mr. count as errors against the spoken references):")
        print()
        print("| set | " + " | ".join(f"({c})" for c in whisper) + " |")
        print("| --- |" + " ---: |" * len(whisper))
        for s in sets:
            print(f"| {s} | " + " | ".join(summaries[(c, s)].get("written_cell", "") for c in whisper) + " |")
        print()
    for column in columns:
        if column in notes:
            print(f"({column}) {notes[column]}")
    if any(c in notes for c in columns):
        print()
    print("elapsed wall seconds, one process per file (RTF = wall time / audio time), and the peak RSS of one process:")
    print()
    print("| set | audio s | " + " | ".join(f"({c})" for c in columns) + " |")
    print("| --- | ---: |" + " ---: |" * len(columns))
    for s in sets:
        cells = []
        for c in columns:
            elapsed, peak = summaries[(c, s)].get("elapsed"), summaries[(c, s)].get("peak_mib")
            cells.append(f"{elapsed:.1f} (RTF {elapsed / audio[s]:.2f}, {peak:.0f} MiB)" if elapsed is not None else "")
        print(f"| {s} | {audio[s]:.1f} | " + " | ".join(cells) + " |")
    total = time.perf_counter() - started
    print(f"\ntotal elapsed {total:.0f} s, load average at the end {load_average()}")

    if args.json:
        report = {
            "date": datetime.datetime.now().isoformat(timespec="seconds"),
            "command": sys.argv,
            "jobs": args.jobs,
            "tools": describe_tools(columns, tools),
            "dictate_args": {c: DICTATE_ARGS[c] for c in columns if c in DICTATE_ARGS},
            "whisper_models": args.whisper_models,
            "vocabulary": COMMAND_VOCABULARY,
            "columns": {c: COLUMNS[c] for c in columns},
            "notes": {c: notes[c] for c in columns if c in notes},
            "sets": {s: {"audio_seconds": round(audio[s], 3), "recipe": recipe(s)} for s in sets},
            "results": [{"set": s, "column": c, **summaries[(c, s)], "files": results[(c, s)]}
                        for c in columns for s in sets],
            "elapsed": round(total, 1),
        }
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)


if __name__ == "__main__":
    main()
