#!/usr/bin/env python3
"""End-to-end speed and memory of `dictate transcribe` against `pocketsphinx_continuous`, and of
`dictate transcribe --recognizer whisper` with Whisper tiny.en beside them.

Both decode the same recordings with the same model (Debian's en-us), one process per file, model
load included; the tools take turns, run after run. For each set the script prints the median wall
time per tool, the real-time factor (wall time / audio time, lower is faster), their ratio, the
median CPU time, the peak resident memory of one process (one decoder, two when a long file uses both cores), the word error rate each
reaches (speed is never bought with accuracy) and the utterances printed; and the load average
before and after, since the machine may be shared. The third tool, `dictate transcribe
--recognizer whisper --model tiny.en.bin` (the default chain and endpointer; --no-whisper leaves it
out), is measured in the same turns; its ratio is against pocketsphinx_continuous too, and its WER
is scored in spoken form (Whisper writes "10", "Mr."; benchlib.spoken_form).

Sets (speed_sets.py makes them once, into .build-bench/speed-sets/): the five LibriVox recordings,
their 89 s concatenation, twelve short commands, a 10-minute concatenation of read speech, and a
10-minute dictation with pauses of 1.5-30 s over a quiet noise floor.

Run after a release build:  swift build -c release --product dictate
                            python3 Benchmarks/transcribe_vs_continuous.py [--runs 3] [--long-runs 1]
                                [--whisper-model FILE.bin | --no-whisper]
"""
import argparse
import datetime
import os
import statistics
import sys

from benchlib import ROOT, duration, run, spoken_form, word_errors
from speed_sets import LABELS, SETS, load_set

DEBIAN_MODEL = "/usr/share/pocketsphinx/model/en-us"
CONTINUOUS = "/usr/bin/pocketsphinx_continuous"
LONG_SETS = ("x20", "pauses")


def load_average():
    return "/".join(f"{x:.2f}" for x in os.getloadavg())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="alternating runs per tool of the short sets (median is reported)")
    parser.add_argument("--long-runs", type=int, default=1, help="alternating runs per tool of the 10-minute sets")
    parser.add_argument("--sets", default=",".join(SETS), help=f"comma-separated, of {','.join(SETS)}")
    parser.add_argument("--dictate", default=os.path.join(ROOT, ".build/release/dictate"))
    parser.add_argument("--cache", default=os.path.join(ROOT, ".build-bench/speed-sets"), help="where the sets are made")
    parser.add_argument("--ten-minutes", action="store_true", help=argparse.SUPPRESS)  # the 10-minute sets now run by default
    data_home = os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share")
    parser.add_argument("--whisper-model", default=os.path.join(data_home, "dictationkit/models/whisper/tiny.en.bin"),
                        help="the ggml model of the Whisper tool")
    parser.add_argument("--no-whisper", action="store_true", help="leave the Whisper tool out")
    args = parser.parse_args()
    sets = [s for s in args.sets.split(",") if s]
    unknown = [s for s in sets if s not in SETS]
    if unknown:
        parser.error(f"unknown set {', '.join(unknown)}; known: {', '.join(SETS)}")
    for tool, package in ((CONTINUOUS, "apt-get install pocketsphinx"), (args.dictate, "swift build -c release --product dictate")):
        if not os.path.exists(tool):
            sys.exit(f"{tool} is missing: {package}")

    tools = {
        "pocketsphinx_continuous": lambda p: [CONTINUOUS, "-infile", p],
        # The same model as pocketsphinx_continuous (not an installed model pack), with the
        # default chain and endpointer: what an app gets, against the C tool. `--raw`: the
        # recognizer's words, as the C tool prints them (written text's digits and marks would
        # count as errors against the spoken reference).
        "dictate transcribe": lambda p: [args.dictate, "transcribe", p, "--model", DEBIAN_MODEL, "--raw"],
    }
    # Whisper: the default chain and endpointer, utterances decoded side by side as for PocketSphinx
    # (whisper.cpp's threads shared out among the decoders).
    whisper_tool = "dictate whisper " + os.path.basename(args.whisper_model).removesuffix(".bin")
    if not args.no_whisper:
        if not os.path.exists(args.whisper_model):
            sys.exit(f"{args.whisper_model} is missing: dictate models install whisper-tiny.en (or --no-whisper)")
        tools[whisper_tool] = lambda p: [args.dictate, "transcribe", p, "--recognizer", "whisper", "--model", args.whisper_model, "--raw"]
    scored = {tool: (spoken_form if tool == whisper_tool else (lambda text: text)) for tool in tools}
    files = {name: load_set(name, args.cache) for name in sets}
    print(f"# dictate transcribe vs pocketsphinx_continuous, {datetime.datetime.now():%Y-%m-%d %H:%M}, "
          f"{os.cpu_count()} cores, load average {load_average()} (1/5/15 min) at the start")
    print(f"{'set':30} {'tool':26} {'audio s':>7} {'wall s':>7} {'RTF':>6} {'CPU s':>7} {'peak MiB':>8} {'WER':>14} {'lines':>5}")
    for name in sets:
        paths = files[name]
        runs = args.long_runs if name in LONG_SETS else args.runs
        audio = sum(duration(p) for p, _ in paths)
        walls = {tool: [] for tool in tools}
        cpus = {tool: [] for tool in tools}
        peaks = {tool: 0.0 for tool in tools}
        errors = {tool: [0, 0] for tool in tools}
        lines = {tool: 0 for tool in tools}
        # The tools take turns, run after run, so a slow spell of this shared machine falls on
        # both rather than on one.
        for run_index in range(runs):
            for tool, command in tools.items():
                wall_total = cpu_total = 0.0
                for path, reference in paths:
                    r = run(command(path))
                    wall_total += r.wall
                    cpu_total += r.cpu
                    peaks[tool] = max(peaks[tool], r.peak_mib)
                    if run_index == 0:
                        lines[tool] += len(r.stdout.splitlines())
                        e, n = word_errors(reference, scored[tool](" ".join(r.stdout.split())))
                        errors[tool][0] += e
                        errors[tool][1] += n
                walls[tool].append(wall_total)
                cpus[tool].append(cpu_total)
        label = LABELS[name]
        for tool in tools:
            wall, cpu = statistics.median(walls[tool]), statistics.median(cpus[tool])
            e, n = errors[tool]
            wer = f"{e / n:.1%} ({e}/{n})"
            print(f"{label:30} {tool:26} {audio:7.1f} {wall:7.2f} {wall / audio:6.3f} {cpu:7.2f} {peaks[tool]:8.1f} {wer:>14} {lines[tool]:5d}")
        for tool, ratio_label in (("dictate transcribe", "ratio dictate/continuous"), (whisper_tool, "ratio whisper/continuous")):
            if tool not in tools:
                continue
            wall_ratio = statistics.median(walls[tool]) / statistics.median(walls["pocketsphinx_continuous"])
            cpu_ratio = statistics.median(cpus[tool]) / statistics.median(cpus["pocketsphinx_continuous"])
            print(f"{label:30} {ratio_label:26} {'':7} {wall_ratio:7.3f} {'':6} {cpu_ratio:7.3f}   "
                  f"(runs: {runs}, load average now {load_average()})", flush=True)
    print(f"(medians of {args.runs} alternating runs, {args.long_runs} for the 10-minute sets; lines = utterances printed; "
          "RTF = wall time / audio time; CPU = user + system time; peak = largest max RSS of one process)")
    print(f"load average at the end {load_average()}")


if __name__ == "__main__":
    main()
