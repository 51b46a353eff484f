#!/usr/bin/env python3
"""Custom vocabulary: how much it helps on speech full of names and jargon, and what it costs on
speech without them, for each way of giving it to PocketSphinx, and to Whisper.

Sets (16 kHz mono 16-bit WAV, made once into a cache folder, remade when missing or when the
recipe here changes):
  jargon     twelve sentences full of names, places and software words, most of them missing
             from the model's dictionary ("Ask Siobhan about the Kubernetes rollout in
             Trondheim."), each spoken by eight synthetic voices: espeak-ng en-us, en-us+m3,
             en-us+f2 and en-us+f4, and flite's slt, awb, rms and kal16 (flite's letter-to-sound
             rules and voices are not espeak-ng's, whose phonemes the derived pronunciations come
             from)
  librivox   the five LibriVox recordings of pocketsphinx-testdata (real speech)
  commands   the twelve short commands of speed_sets.py (goforward, the five cards recordings,
             six espeak-ng commands)
Vocabulary: the 27 listed words of the jargon sentences, one entry each, plus their multi-word
terms ("Kubernetes rollout"), with no pronunciations given: those the dictionary lacks are derived.
Configurations: no vocabulary; the vocabulary at boost 0, 0.02, 0.05 and 0.1 (the weight of the
bigram model of the entries interpolated with the model's; at 0 it is 0.001, the least that keeps
the added words in a language model).
Whisper (`--recognizer whisper --model M.bin`, for each of --whisper-models): no vocabulary, and
the same vocabulary, which Whisper takes as its initial prompt ("siobhan, kubernetes, ...") and no
boost. Whisper writes text ("10", "Mr."), scored in spoken form (benchlib.spoken_form).
Columns: listed-word error rate on jargon (a listed word of the reference that the alignment with
the hypothesis substitutes or deletes, over the listed words) and its complement, the hit rate;
plain WER of jargon, and plain WER of librivox and commands with the (unrelated) vocabulary loaded.

Run:  swift build -c release --product dictate
      python3 Benchmarks/vocabulary_boost.py [--dictate PATH] [--boosts none,0,0.05] [--whisper-models tiny.en,base]
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

from benchlib import ROOT, RATE, cached_set, normalized_words, spoken_form, wer_cell, word_errors
import speed_sets

SENTENCES = (
    "ask siobhan about the kubernetes rollout in trondheim",
    "kjetil pushed the grafana dashboard to production",
    "dagny will review the terraform plan on tuesday",
    "ingrid deployed the ansible playbook from stavanger",
    "oyvind fixed the prometheus alert before lunch",
    "send the jira ticket to siobhan and kjetil",
    "our kafka cluster in bergen lost a broker overnight",
    "dagny booked a flight from trondheim to reykjavik",
    "aoife will present the tensorflow results in galway",
    "the kubernetes operator restarted the redis pods",
    "ragnhild wants the grafana panel on the confluence page",
    "ask oyvind to merge the terraform module in bergen",
)
LISTED = (
    "siobhan", "kubernetes", "rollout", "trondheim", "kjetil", "grafana", "dashboard", "dagny", "terraform",
    "ingrid", "ansible", "playbook", "stavanger", "oyvind", "prometheus", "jira", "kafka", "bergen", "reykjavik",
    "aoife", "tensorflow", "galway", "redis", "ragnhild", "confluence", "broker", "operator",
)
PHRASES = ("kubernetes rollout", "grafana dashboard", "terraform plan", "ansible playbook", "prometheus alert",
           "jira ticket", "kafka cluster", "terraform module", "redis pods", "confluence page")
VOICES = (("espeak-ng", "en-us"), ("espeak-ng", "en-us+m3"), ("espeak-ng", "en-us+f2"), ("espeak-ng", "en-us+f4"),
          ("flite", "slt"), ("flite", "awb"), ("flite", "rms"), ("flite", "kal16"))


def recipe(name):
    return {"version": 1, "sentences": SENTENCES, "voices": VOICES}


def make_set(name, directory):
    shutil.rmtree(directory, ignore_errors=True)
    os.makedirs(directory)
    files = []
    with tempfile.TemporaryDirectory() as tmp:
        spoken = os.path.join(tmp, "spoken.wav")
        for s, sentence in enumerate(SENTENCES):
            for tool, voice in VOICES:
                if tool == "espeak-ng":
                    subprocess.run(["espeak-ng", "-v", voice, "-w", spoken, sentence], check=True, capture_output=True)
                else:
                    subprocess.run(["flite", "-voice", voice, "-t", sentence, "-o", spoken], check=True, capture_output=True)
                wav = f"jargon-{s + 1:02d}-{tool}-{voice.replace('+', '_')}.wav"
                subprocess.run(["sox", "-R", "-D", spoken, "-r", str(RATE), "-c", "1", "-b", "16", os.path.join(directory, wav)],
                               check=True, capture_output=True)
                files.append({"wav": wav, "reference": sentence})
    with open(os.path.join(directory, "manifest.json"), "w") as f:
        json.dump({"recipe": recipe(name), "files": files}, f, indent=1)


def alignment_misses(ref, hyp, listed):
    """(listed words of ref the alignment with hyp substitutes or deletes, listed words in ref)."""
    a, b = normalized_words(ref), normalized_words(hyp)
    cost = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        cost[i][0] = i
    for j in range(len(b) + 1):
        cost[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            cost[i][j] = min(cost[i - 1][j - 1] + (a[i - 1] != b[j - 1]), cost[i - 1][j] + 1, cost[i][j - 1] + 1)
    misses, i, j = 0, len(a), len(b)
    while i > 0:
        if j > 0 and cost[i][j] == cost[i - 1][j - 1] + (a[i - 1] != b[j - 1]):
            misses += a[i - 1] in listed and a[i - 1] != b[j - 1]
            i, j = i - 1, j - 1
        elif cost[i][j] == cost[i - 1][j] + 1:
            misses += a[i - 1] in listed
            i -= 1
        else:
            j -= 1
    return misses, sum(word in listed for word in a)


def transcribe(dictate, paths, vocabulary, jobs, recognizer=()):
    """{path: text} of `dictate transcribe` over the paths in one batch; `recognizer`, more
    arguments that choose one (`--recognizer whisper --model M.bin`)."""
    arguments = [dictate, "transcribe", *paths, "--format", "jsonl", "--quiet", "--jobs", str(jobs), *recognizer]
    if vocabulary:
        arguments += ["--vocabulary", vocabulary]
    out = subprocess.run(arguments, check=False, capture_output=True, text=True)
    texts = {path: [] for path in paths}
    for line in out.stdout.splitlines():
        event = json.loads(line)
        if event.get("type") == "final":
            texts[event["file"]].append(event["text"])
        elif event.get("type") == "error" and event.get("errorCode") not in ("noSpeechDetected",):
            print(f"  {event.get('file')}: {event.get('message')}", file=sys.stderr)
    return {path: " ".join(parts) for path, parts in texts.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dictate", default=os.path.join(ROOT, ".build/release/dictate"))
    parser.add_argument("--cache", default=os.path.join(ROOT, ".build-bench/vocabulary-sets"))
    parser.add_argument("--boosts", default="none,0,0.02,0.05,0.1", help="configurations: none (no vocabulary) or a boost")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--whisper-models", default="tiny.en,base",
                        help="Whisper models (names in --whisper-dir) to run with and without the vocabulary; empty for none")
    data_home = os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share")
    parser.add_argument("--whisper-dir", default=os.path.join(data_home, "dictationkit/models/whisper"))
    args = parser.parse_args()
    jargon = cached_set("jargon", args.cache, recipe, make_set)
    standard = {name: speed_sets.load_set(name, os.path.join(args.cache, "speed")) for name in ("librivox", "commands")}
    listed = set(LISTED)
    # (label, recognizer arguments, boost or None for no vocabulary, how a text is scored)
    configurations = [("none" if c == "none" else f"boost {c}", (), None if c == "none" else float(c), lambda t: t)
                      for c in args.boosts.split(",") if c]
    for model in (m for m in args.whisper_models.split(",") if m):
        path = os.path.join(args.whisper_dir, model + ".bin")
        if not os.path.exists(path):
            sys.exit(f"{path} is missing: dictate models install whisper-{model}")
        arguments = ("--recognizer", "whisper", "--model", path)
        configurations += [(f"whisper {model}, none", arguments, None, spoken_form),
                           (f"whisper {model}, vocabulary (prompt)", arguments, 0.0, spoken_form)]
    with tempfile.TemporaryDirectory() as tmp:
        print("| vocabulary | listed words missed, jargon | listed words hit | WER jargon | WER librivox | WER commands |")
        print("| --- | --- | ---: | --- | --- | --- |")
        for label, recognizer, boost, scored in configurations:
            vocabulary = None
            if boost is not None:
                vocabulary = os.path.join(tmp, f"vocabulary-{boost}.json")
                entries = [{"phrase": word} for word in LISTED] + [{"phrase": phrase} for phrase in PHRASES]
                with open(vocabulary, "w") as f:
                    # Whisper has no boost: the entries become its prompt.
                    json.dump({"boost": boost, "entries": entries} if not recognizer else {"entries": entries}, f)
            cells = []
            texts = transcribe(args.dictate, [p for p, _ in jargon], vocabulary, args.jobs, recognizer)
            texts = {p: scored(t) for p, t in texts.items()}
            missed = sum(alignment_misses(ref, texts[p], listed)[0] for p, ref in jargon)
            total = sum(alignment_misses(ref, texts[p], listed)[1] for p, ref in jargon)
            cells.append(wer_cell(missed, total))
            cells.append(f"{(total - missed) / total:.1%}" if total else "")
            errors = [word_errors(ref, texts[p]) for p, ref in jargon]
            cells.append(wer_cell(sum(e for e, _ in errors), sum(w for _, w in errors)))
            for name in ("librivox", "commands"):
                files = standard[name]
                texts = transcribe(args.dictate, [p for p, _ in files], vocabulary, args.jobs, recognizer)
                errors = [word_errors(ref, scored(texts[p])) for p, ref in files]
                cells.append(wer_cell(sum(e for e, _ in errors), sum(w for _, w in errors)))
            print(f"| {label} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
