#!/usr/bin/env python3
"""How long Whisper takes to decode one utterance, through `dictate transcribe`: the part of a live
final's latency that comes after the endpointer's decision (dictation-latency's "end decided →
final").

For each recording of dictation-latency's corpus (the five LibriVox sentences, goforward and the
five "cards" commands of pocketsphinx-testdata, 1.6-7 s), `dictate transcribe FILE --recognizer
whisper --model M.bin --jobs 1` (one decoder on all the cores, as a live session decodes) runs
--runs times, and as often a file of 1 s of digital silence (the same process: model load, the
chain, no utterance, so no decoding). An utterance's decode time is the median wall time of its
file less the silence file's median. whisper.cpp encodes a whole 30 s window whatever the
utterance's length, so the time is mostly fixed; the text decoder's cost grows with the words.

Run after a release build:  swift build -c release --product dictate
                            python3 Benchmarks/whisper_decode_time.py [--models tiny.en,base] [--runs 3]
"""
import argparse
import datetime
import os
import statistics
import sys
import tempfile

from benchlib import DATA, ROOT, RATE, duration, references, run, write_samples
import speed_sets


def load_average():
    return "/".join(f"{x:.2f}" for x in os.getloadavg())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default="tiny.en,base", help="Whisper models, by name in --whisper-dir")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--dictate", default=os.path.join(ROOT, ".build/release/dictate"))
    parser.add_argument("--cache", default=os.path.join(ROOT, ".build-bench/speed-sets"), help="where speed_sets.py makes its sets")
    data_home = os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share")
    parser.add_argument("--whisper-dir", default=os.path.join(data_home, "dictationkit/models/whisper"))
    args = parser.parse_args()
    if not os.path.exists(args.dictate):
        sys.exit(f"{args.dictate} is missing: swift build -c release --product dictate")
    # The commands set holds goforward as WAV and the cards; LibriVox from the test data.
    commands = speed_sets.load_set("commands", args.cache)
    recordings = [(os.path.join(DATA, name + ".wav"), "sentence") for name in sorted(references())]
    recordings += [(path, "command") for path, _ in commands if "goforward" in path or "/cards/" in path]
    print(f"# Whisper decode time per utterance, {datetime.datetime.now():%Y-%m-%d %H:%M}, {os.cpu_count()} cores, "
          f"load average {load_average()} at the start")
    with tempfile.TemporaryDirectory() as tmp:
        silence = os.path.join(tmp, "silence.wav")
        write_samples(silence, [0] * RATE)
        for model in (m for m in args.models.split(",") if m):
            path = os.path.join(args.whisper_dir, model + ".bin")
            if not os.path.exists(path):
                sys.exit(f"{path} is missing: dictate models install whisper-{model}")

            def wall(file):
                r = run([args.dictate, "transcribe", file, "--recognizer", "whisper", "--model", path, "--jobs", "1",
                         "--quiet", "--raw"], check=False)
                return r.wall, r.stdout.strip()

            walls = {file: [] for file, _ in recordings}
            baseline, texts = [], {}
            for _ in range(args.runs):  # the files take turns, run after run
                baseline.append(wall(silence)[0])
                for file, _ in recordings:
                    seconds, texts[file] = wall(file)
                    walls[file].append(seconds)
            base = statistics.median(baseline)
            print(f"\n{model}: load and start-up (1 s of silence) {base:.3f} s wall, median of {args.runs}")
            print(f"{'recording':48} {'kind':8} {'audio s':>7} {'decode s':>8}  text")
            decodes = {"sentence": [], "command": []}
            for file, kind in recordings:
                decode = statistics.median(walls[file]) - base
                decodes[kind].append(decode)
                print(f"{os.path.basename(file):48} {kind:8} {duration(file):7.2f} {decode:8.3f}  {texts[file]}")
            for kind, values in decodes.items():
                print(f"{model}: {kind}s, decode s median {statistics.median(values):.3f}, max {max(values):.3f}")
            print(f"load average now {load_average()}", flush=True)


if __name__ == "__main__":
    main()
