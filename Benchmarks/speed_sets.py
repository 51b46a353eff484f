"""The recordings the speed benchmarks decode (transcribe_vs_continuous.py, callgrind_compare.py):
made once into a cache folder, remade when missing or when their recipe here changes; seeded, so
the same bytes every time. 16 kHz mono 16-bit WAV. Standard library, sox and espeak-ng.

Sets, each a list of (path, reference transcript):
  librivox   the five LibriVox recordings of pocketsphinx-testdata, as they are (24.7 s)
  x3         those five with 1 s of digital silence after each, three times over: one 89 s file
  commands   short command-like utterances, one file each: goforward, the five "cards" recordings
             (pocketsphinx-testdata, real speech) and six espeak-ng commands
  x20        the x3 recipe twenty times over: one 10-minute file of dense read speech
  pauses     a 10-minute dictation with pauses: the real-speech utterances of pocketsphinx-testdata
             (LibriVox, goforward, cards), each scaled to one speech level, in seeded order,
             separated by pauses of 1.5-8 s, with one pause in eight of 15-30 s (the speaker
             thinking, reading back), over a quiet pink-noise floor (sox, -60 dBFS or so) rather
             than digital silence
"""
import json
import os
import random
import subprocess
import tempfile
import wave

from benchlib import cached_set, DATA, RATE, read_samples, references, speech_rms, write_samples

TESTDATA = os.path.dirname(DATA)
GOFORWARD = (os.path.join(TESTDATA, "goforward.raw"), "go forward ten meters")
CARDS = os.path.join(TESTDATA, "cards")
COMMAND_SENTENCES = (
    "open the file",
    "delete the last word",
    "new paragraph",
    "go back",
    "stop listening",
    "call my mother",
)
ESPEAK_VOICES = ("en-us", "en-us+f2", "en-us+m1")
SEED = "DictationKit speed sets"
PAUSES_MIN_SECONDS = 600
PAUSE_SECONDS = (1.5, 8.0)
LONG_PAUSE_SECONDS = (15.0, 30.0)
LONG_PAUSE_EVERY = 8
SPEECH_RMS = 2000  # about -24 dBFS: one speaker at one microphone
FLOOR_VOLUME = 0.003  # sox `synth pinknoise vol 0.003`
SETS = ("librivox", "x3", "commands", "x20", "pauses")
LABELS = {
    "librivox": "librivox (5 files)",
    "x3": "librivox x3 (89 s)",
    "commands": "commands (12 files)",
    "x20": "librivox x20 (10 min)",
    "pauses": "dictation w/ pauses (10 min)",
}


def recipe(name):
    common = {"version": 1, "seed": SEED}
    if name in ("x3", "x20"):
        return {**common, "repeats": 3 if name == "x3" else 20, "silence": 1.0}
    if name == "commands":
        return {**common, "sentences": COMMAND_SENTENCES, "voices": ESPEAK_VOICES}
    if name == "pauses":
        return {**common, "min_seconds": PAUSES_MIN_SECONDS, "pauses": PAUSE_SECONDS, "long_pauses": LONG_PAUSE_SECONDS,
                "long_every": LONG_PAUSE_EVERY, "speech_rms": SPEECH_RMS, "floor": ["pinknoise", FLOOR_VOLUME]}
    return common


def librivox():
    return [(os.path.join(DATA, name + ".wav"), text) for name, text in sorted(references().items())]


def real_utterances():
    """(samples, reference) of pocketsphinx-testdata's real speech: LibriVox, goforward, cards."""
    utterances = [(read_samples(path), text) for path, text in librivox()]
    utterances.append((read_samples(GOFORWARD[0]), GOFORWARD[1]))
    cards = references(os.path.join(CARDS, "cards.transcription"))
    utterances += [(read_samples(os.path.join(CARDS, name + ".wav")), " ".join(text.split())) for name, text in sorted(cards.items())]
    return utterances


def sox(*arguments):
    subprocess.run(["sox", "-R", "-D", *arguments], check=True, capture_output=True)


def espeak(text, voice, path, tmp):
    spoken = os.path.join(tmp, "espeak.wav")
    subprocess.run(["espeak-ng", "-v", voice, "-w", spoken, text], check=True, capture_output=True)
    sox(spoken, "-r", str(RATE), "-c", "1", "-b", "16", path)


def repeated_librivox(path, repeats):
    frames = b""
    silence = b"\0\0" * RATE
    texts = []
    for _ in range(repeats):
        for f, text in librivox():
            with wave.open(f) as w:
                frames += w.readframes(w.getnframes()) + silence
            texts.append(text)
    with wave.open(path, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)
    return " ".join(texts)


def dictation_with_pauses(path, tmp, min_seconds=PAUSES_MIN_SECONDS):
    """Writes the dictation with pauses; returns its reference."""
    rng = random.Random(f"{SEED}/pauses")
    pool = []
    for samples, text in real_utterances():
        gain = SPEECH_RMS / speech_rms(samples)
        pool.append(([x * gain for x in samples], text))
    speech, texts, pauses = [0.0] * round(2.0 * RATE), [], 0
    while len(speech) < min_seconds * RATE:
        order = list(pool)
        rng.shuffle(order)
        for samples, text in order:
            speech += samples
            texts.append(text)
            pauses += 1
            span = LONG_PAUSE_SECONDS if pauses % LONG_PAUSE_EVERY == 0 else PAUSE_SECONDS
            speech += [0.0] * round(rng.uniform(*span) * RATE)
            if len(speech) >= min_seconds * RATE:
                break
    voice = os.path.join(tmp, "speech.wav")
    floor = os.path.join(tmp, "floor.wav")
    write_samples(voice, speech)
    sox("-n", "-r", str(RATE), "-c", "1", "-b", "16", floor, "synth", f"{len(speech) / RATE}", "pinknoise", "vol", str(FLOOR_VOLUME))
    sox("-m", "-v", "1", voice, "-v", "1", floor, "-b", "16", path)
    return " ".join(texts)


def make_set(name, directory):
    """Writes a set's files and its manifest (written last, so a set cut short is remade)."""
    import shutil
    shutil.rmtree(directory, ignore_errors=True)
    os.makedirs(directory)
    files = []
    with tempfile.TemporaryDirectory() as tmp:
        if name == "librivox":
            files = [{"wav": path, "reference": text} for path, text in librivox()]
        elif name in ("x3", "x20"):
            path = os.path.join(directory, f"librivox-{name}.wav")
            files.append({"wav": os.path.basename(path), "reference": repeated_librivox(path, recipe(name)["repeats"])})
        elif name == "commands":
            goforward = os.path.join(directory, "goforward.wav")
            sox("-t", "raw", "-r", str(RATE), "-e", "signed", "-b", "16", "-c", "1", GOFORWARD[0], goforward)
            files.append({"wav": "goforward.wav", "reference": GOFORWARD[1]})
            for card, text in sorted(references(os.path.join(CARDS, "cards.transcription")).items()):
                files.append({"wav": os.path.join(CARDS, card + ".wav"), "reference": " ".join(text.split())})
            for i, text in enumerate(COMMAND_SENTENCES):
                wav = f"command-{i + 1}.wav"
                espeak(text, ESPEAK_VOICES[i % len(ESPEAK_VOICES)], os.path.join(directory, wav), tmp)
                files.append({"wav": wav, "reference": text})
        elif name == "pauses":
            path = os.path.join(directory, "dictation-with-pauses.wav")
            files.append({"wav": os.path.basename(path), "reference": dictation_with_pauses(path, tmp)})
        else:
            raise ValueError(name)
    with open(os.path.join(directory, "manifest.json"), "w") as f:
        json.dump({"recipe": recipe(name), "files": files}, f, indent=1)


def load_set(name, cache):
    """[(path, reference)] of a set, made first if missing or made from another recipe."""
    return cached_set(name, cache, recipe, make_set)
