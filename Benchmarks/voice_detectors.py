"""Voice activity detectors side by side on noisy dictation: how well each cuts speech into
utterances, and what that does to the finals (issue 25, item 4).

Each set is one dictation: the real speech of pocketsphinx-testdata (five LibriVox recordings,
goforward, five "cards" recordings), twice over in two seeded orders (22 utterances), each scaled
to one speech level (about -24 dBFS) and separated by pauses of 1.5-5 s, over a background:

  clean    a quiet pink-noise floor (-60 dBFS or so), as a room is never digitally silent
  white10  white noise at 10 dB SNR (noise RMS against the speech's active level)
  white5   white noise at 5 dB SNR
  pink10   pink noise at 10 dB SNR
  pink5    pink noise at 5 dB SNR
  hum      a 50 Hz hum with 100 and 150 Hz harmonics, 6 dB below the speech
  babble   six other talkers (espeak-ng and flite voices reading other sentences, without
           pauses) mixed at 10 dB SNR
  bursts   the clean set with a sound that is not speech in the middle of every pause of 3.5 s
           or more, 2 s long, in turn: a fan switched on and off (white noise, -30 dBFS), hum
           (-26 dBFS), knocks on a door, typing (clicks), a tune (decaying tones)

For every set, recognizer (whisper, pocketsphinx) and detector (energy, silero) it runs
`dictate transcribe --format jsonl --recognizer R --voice-detector D` on the file and counts:

  found     reference utterances some final overlaps in time
  missed    reference utterances no final overlaps
  invented  finals that overlap no reference utterance (text made of noise)
  WER       of the finals in order against the references in order (written text taken back to
            spoken words as accuracy_table.py does)

Sets are made once into --cache (seeded: the same bytes every run). Standard library, sox,
espeak-ng and flite.

    python3 Benchmarks/voice_detectors.py [--sets clean,white10,...] [--recognizers whisper,pocketsphinx]
        [--detectors energy,silero] [--trailing-silence S]
"""
import argparse
import json
import math
import os
import random
import subprocess
import sys
import tempfile
import time

from benchlib import ROOT, RATE, cached_set, read_samples, speech_rms, spoken_form, word_errors, write_samples
from speed_sets import real_utterances, sox

SEED = "DictationKit voice detector sets"
SPEECH_RMS = 2000  # about -24 dBFS
ROUNDS = 2
PAUSE_SECONDS = (1.5, 5.0)
LEAD_SECONDS = 2.0
FLOOR_VOLUME = 0.003  # sox `synth pinknoise vol 0.003`, as speed_sets.py's pauses set
SNR_DB = {"white10": 10, "white5": 5, "pink10": 10, "pink5": 5, "babble": 10}
HUM_HARMONICS = ((50, 1.0), (100, 0.5), (150, 0.25))
HUM_BELOW_SPEECH_DB = 6
BABBLE_TALKERS = (("espeak-ng", "en-us"), ("espeak-ng", "en-gb+f3"), ("espeak-ng", "en-us+m3"),
                  ("flite", "slt"), ("flite", "rms"), ("flite", "awb"))
BABBLE_TEXT = (
    "The quarterly report shows a steady rise in sales across the northern region. "
    "Please remember to water the plants on the balcony while I am away next week. "
    "The train to the airport leaves every twenty minutes from the second platform. "
    "A good cup of coffee in the morning makes the whole day seem a little brighter. "
    "The committee will meet again on Thursday to discuss the budget for the new library. "
    "Children were playing football in the park until the rain finally drove them home. "
)
SETS = ("clean", "white10", "white5", "pink10", "pink5", "hum", "babble", "bursts")
BURSTS = ("fan", "hum", "knocks", "typing", "tune")
BURST_SECONDS = 2.0
BURST_MIN_PAUSE = 3.5
DETECTORS = ("energy", "silero")
RECOGNIZERS = ("whisper", "pocketsphinx")


def recipe(name):
    return {"version": 1, "seed": SEED, "set": name, "rounds": ROUNDS, "pauses": PAUSE_SECONDS,
            "speech_rms": SPEECH_RMS, "snr_db": SNR_DB.get(name), "floor": FLOOR_VOLUME,
            "hum": [HUM_HARMONICS, HUM_BELOW_SPEECH_DB] if name == "hum" else None,
            "babble": [BABBLE_TALKERS, BABBLE_TEXT] if name == "babble" else None,
            "bursts": [BURSTS, BURST_SECONDS, BURST_MIN_PAUSE] if name == "bursts" else None}


def dictation():
    """(samples, [(start, end, reference)]) of the speech track, pauses digitally silent."""
    rng = random.Random(SEED)
    pool = []
    for samples, text in real_utterances():
        gain = SPEECH_RMS / speech_rms(samples)
        pool.append(([x * gain for x in samples], text))
    speech = [0.0] * round(LEAD_SECONDS * RATE)
    spans = []
    for _ in range(ROUNDS):
        order = list(pool)
        rng.shuffle(order)
        for samples, text in order:
            spans.append((len(speech) / RATE, (len(speech) + len(samples)) / RATE, text))
            speech += samples
            speech += [0.0] * round(rng.uniform(*PAUSE_SECONDS) * RATE)
    return speech, spans


def synthesized(kind, voice, text, path, tmp):
    spoken = os.path.join(tmp, "spoken.wav")
    if kind == "espeak-ng":
        subprocess.run(["espeak-ng", "-v", voice, "-w", spoken, text], check=True, capture_output=True)
    else:
        subprocess.run(["flite", "-voice", voice, "-t", text, "-o", spoken], check=True, capture_output=True)
    sox(spoken, "-r", str(RATE), "-c", "1", "-b", "16", path)


def babble(length, tmp):
    """Six talkers without pauses, each looped to `length` samples from a seeded offset, summed."""
    rng = random.Random(f"{SEED}/babble")
    mix = [0.0] * length
    sentences = [s.strip() + "." for s in BABBLE_TEXT.split(".") if s.strip()]
    for index, (kind, voice) in enumerate(BABBLE_TALKERS):
        order = list(sentences)
        rng.shuffle(order)
        path = os.path.join(tmp, f"talker-{index}.wav")
        synthesized(kind, voice, " ".join(order), path, tmp)
        talker = read_samples(path)
        gain = SPEECH_RMS / speech_rms(talker)
        offset = rng.randrange(len(talker))
        for i in range(length):
            mix[i] += talker[(offset + i) % len(talker)] * gain
    return mix


def burst(kind, rng):
    """BURST_SECONDS of a sound that is not speech."""
    n = round(BURST_SECONDS * RATE)
    ramp = round(0.02 * RATE)
    if kind == "fan":
        sound = [rng.gauss(0, 1000) for _ in range(n)]  # -30 dBFS
    elif kind == "hum":
        a = 1600 / math.sqrt((1 + 0.25 + 0.0625) / 2)  # -26 dBFS
        sound = [a * (math.sin(2 * math.pi * 50 * i / RATE) + 0.5 * math.sin(2 * math.pi * 100 * i / RATE)
                      + 0.25 * math.sin(2 * math.pi * 150 * i / RATE)) for i in range(n)]
    elif kind == "knocks":
        sound = [0.0] * n
        for k in range(4):
            start = round((0.2 + 0.3 * k) * RATE)
            for i in range(round(0.15 * RATE)):
                t = i / RATE
                sound[start + i] += 8000 * math.exp(-t / 0.03) * math.sin(2 * math.pi * 110 * t)
    elif kind == "typing":
        sound = [0.0] * n
        t = 0.05
        while t < BURST_SECONDS - 0.05:
            start = round(t * RATE)
            for i in range(round(0.006 * RATE)):
                sound[start + i] += rng.gauss(0, 3000) * math.exp(-i / (0.0015 * RATE))
            t += rng.uniform(0.08, 0.25)
    else:  # a tune: eight decaying notes of a major scale
        sound = [0.0] * n
        for k, semitones in enumerate((0, 2, 4, 5, 7, 9, 11, 12)):
            f = 440 * 2 ** (semitones / 12)
            start = round(k * BURST_SECONDS / 8 * RATE)
            for i in range(n - start):
                t = i / RATE
                sound[start + i] += 3000 * math.exp(-t / 0.25) * (math.sin(2 * math.pi * f * t) + 0.3 * math.sin(4 * math.pi * f * t))
    for i in range(ramp):
        sound[i] *= i / ramp
        sound[-1 - i] *= i / ramp
    return sound


def background(name, length, tmp, spans=()):
    """The set's background, `length` samples, at its level against SPEECH_RMS."""
    if name == "bursts":
        noise = background("clean", length, tmp)
        rng = random.Random(f"{SEED}/bursts")
        count = 0
        for (_, end, _), (start, _, _) in zip(spans, spans[1:]):
            if start - end < BURST_MIN_PAUSE:
                continue
            sound = burst(BURSTS[count % len(BURSTS)], rng)
            count += 1
            first = round(((start + end) / 2 - BURST_SECONDS / 2) * RATE)
            for i, x in enumerate(sound):
                noise[first + i] += x
        return noise
    if name == "hum":
        hum_rms = SPEECH_RMS / 10 ** (HUM_BELOW_SPEECH_DB / 20)
        scale = hum_rms / math.sqrt(sum(a * a for _, a in HUM_HARMONICS) / 2)
        steps = [(2 * math.pi * f / RATE, a * scale) for f, a in HUM_HARMONICS]
        return [sum(a * math.sin(w * i) for w, a in steps) for i in range(length)]
    if name == "babble":
        noise = babble(length, tmp)
    else:
        path = os.path.join(tmp, "noise.wav")
        colour = "whitenoise" if name.startswith("white") else "pinknoise"
        volume = FLOOR_VOLUME if name == "clean" else 0.3
        sox("-n", "-r", str(RATE), "-c", "1", "-b", "16", path, "synth", f"{length / RATE}", colour, "vol", str(volume))
        noise = list(read_samples(path))[:length]
        noise += [0.0] * (length - len(noise))
        if name == "clean":
            return noise
    rms = math.sqrt(sum(x * x for x in noise) / len(noise))
    target = SPEECH_RMS / 10 ** (SNR_DB[name] / 20)
    return [x * target / rms for x in noise]


def make_set(name, directory):
    import shutil
    shutil.rmtree(directory, ignore_errors=True)
    os.makedirs(directory)
    speech, spans = dictation()
    with tempfile.TemporaryDirectory() as tmp:
        noise = background(name, len(speech), tmp, spans)
    write_samples(os.path.join(directory, f"{name}.wav"), [s + n for s, n in zip(speech, noise)])
    with open(os.path.join(directory, "spans.json"), "w") as f:
        json.dump(spans, f)
    with open(os.path.join(directory, "manifest.json"), "w") as f:
        json.dump({"recipe": recipe(name), "files": [{"wav": f"{name}.wav", "reference": " ".join(t for _, _, t in spans)}]},
                  f, indent=1)


def load_average():
    return open("/proc/loadavg").read().split()[0]


def transcribe(dictate, path, recognizer, detector, extra=()):
    started = time.monotonic()
    run = subprocess.run([dictate, "transcribe", "--quiet", "--format", "jsonl", "--recognizer", recognizer,
                          "--voice-detector", detector, *extra, path], capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"dictate transcribe failed ({run.returncode}): {run.stderr.strip()}")
    finals = []
    for line in run.stdout.splitlines():
        event = json.loads(line)
        if event.get("type") == "final" and event.get("text", "").strip():
            finals.append((event["start"], event["end"], event["text"]))
    return finals, time.monotonic() - started


def score(finals, spans):
    def overlaps(a, b):
        return a[0] < b[1] and b[0] < a[1]
    missed = sum(1 for span in spans if not any(overlaps(final, span) for final in finals))
    invented = [final for final in finals if not any(overlaps(final, span) for span in spans)]
    reference = " ".join(text for _, _, text in spans)
    hypothesis = " ".join(text for _, _, text in finals)
    errors, words = word_errors(reference, spoken_form(hypothesis))
    return {"finals": len(finals), "found": len(spans) - missed, "missed": missed, "invented": len(invented),
            "invented_text": [text for _, _, text in invented], "errors": errors, "words": words}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", default=",".join(SETS))
    parser.add_argument("--recognizers", default=",".join(RECOGNIZERS))
    parser.add_argument("--detectors", default=",".join(DETECTORS))
    parser.add_argument("--dictate", default=os.path.join(ROOT, ".build", "release", "dictate"))
    parser.add_argument("--cache", default=os.path.join(ROOT, ".build", "voice-detector-sets"))
    parser.add_argument("--json", help="write every outcome to this file")
    parser.add_argument("--trailing-silence", help="dictate's --trailing-silence (seconds; its default if not given)")
    args = parser.parse_args()
    extra = ["--trailing-silence", args.trailing_silence] if args.trailing_silence else []
    if not os.access(args.dictate, os.X_OK):
        sys.exit(f"{args.dictate} is missing: swift build -c release --product dictate")

    outcomes = []
    print(f"load average at start: {load_average()}; trailing silence: {args.trailing_silence or 'the default'}")
    print("| set | recognizer | detector | finals | found / 22 | missed | invented | WER | time |")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name in args.sets.split(","):
        [(path, _)] = cached_set(name, args.cache, recipe, make_set)
        with open(os.path.join(os.path.dirname(path), "spans.json")) as f:
            spans = json.load(f)
        for recognizer in args.recognizers.split(","):
            # Alternating detectors within a set and recognizer, so that load drifts hit both alike.
            for detector in args.detectors.split(","):
                finals, seconds = transcribe(args.dictate, path, recognizer, detector, extra)
                outcome = {"set": name, "recognizer": recognizer, "detector": detector, "seconds": seconds,
                           **score(finals, spans)}
                outcomes.append(outcome)
                print(f"| {name} | {recognizer} | {detector} | {outcome['finals']} | {outcome['found']} | "
                      f"{outcome['missed']} | {outcome['invented']} | "
                      f"{100 * outcome['errors'] / outcome['words']:.1f} % | {seconds:.1f} s |", flush=True)
    print()
    print("| recognizer | detector | missed | invented | WER (all sets) |")
    print("| --- | --- | ---: | ---: | ---: |")
    for recognizer in args.recognizers.split(","):
        for detector in args.detectors.split(","):
            mine = [o for o in outcomes if o["recognizer"] == recognizer and o["detector"] == detector]
            errors, words = sum(o["errors"] for o in mine), sum(o["words"] for o in mine)
            print(f"| {recognizer} | {detector} | {sum(o['missed'] for o in mine)} | "
                  f"{sum(o['invented'] for o in mine)} | {100 * errors / max(1, words):.1f} % |")
    print(f"\nload average at end: {load_average()}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(outcomes, f, indent=1)


if __name__ == "__main__":
    main()
