#!/usr/bin/env python3
"""End-to-end speed and memory of `dictate transcribe` against `pocketsphinx_continuous`.

Both decode the same recordings with the same model (Debian's en-us), one process per file,
repeated; the script prints the median wall time per tool, the real-time factor (wall time /
audio time, lower is faster), their ratio, the peak resident memory of each, and the word error
rate each reaches, so speed is never bought with accuracy.

Run after a release build:  swift build -c release --product dictate
                            python3 Benchmarks/transcribe_vs_continuous.py [--runs 5]
"""
import argparse
import os
import statistics
import sys
import tempfile
import wave

from benchlib import DATA, ROOT, duration, references, run, word_errors

DEBIAN_MODEL = "/usr/share/pocketsphinx/model/en-us"


def long_recording(files, directory, repeats):
    """The five recordings with a second of silence after each, `repeats` times over (30 s each)."""
    path = os.path.join(directory, f"librivox-x{repeats}.wav")
    frames = b""
    silence = b"\0\0" * 16000
    for _ in range(repeats):
        for f in files:
            with wave.open(f) as w:
                frames += w.readframes(w.getnframes()) + silence
    with wave.open(path, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(16000)
        out.writeframes(frames)
    return path


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="repetitions per tool and file (median is reported)")
    parser.add_argument("--dictate", default=os.path.join(ROOT, ".build/release/dictate"))
    parser.add_argument("--ten-minutes", action="store_true",
                        help="also decode a 10-minute recording once per tool (about 4 minutes more)")
    args = parser.parse_args()
    continuous = "/usr/bin/pocketsphinx_continuous"
    for tool, package in ((continuous, "pocketsphinx"), (args.dictate, "swift build -c release --product dictate")):
        if not os.path.exists(tool):
            sys.exit(f"{tool} is missing: install/run {package}")

    refs = references()
    files = [os.path.join(DATA, name + ".wav") for name in sorted(refs)]
    with tempfile.TemporaryDirectory() as tmp:
        reference_of = {f: refs[os.path.basename(f)[:-4]] for f in files}
        sets = {"librivox (5 files, one process each)": (files, args.runs)}
        for repeats, label, runs in ((3, "librivox x3 (89 s, one file)", args.runs), (20, "librivox x20 (10 min, one file)", 1)):
            if repeats == 20 and not args.ten_minutes:
                continue
            path = long_recording(files, tmp, repeats)
            reference_of[path] = " ".join([" ".join(reference_of[f] for f in files)] * repeats)
            sets[label] = ([path], runs)
        tools = {
            "pocketsphinx_continuous": lambda p: [continuous, "-infile", p],
            # The same model as pocketsphinx_continuous (not an installed model pack), with the
            # default chain and endpointer: what an app gets, against the C tool.
            "dictate transcribe": lambda p: [args.dictate, "transcribe", p, "--model", DEBIAN_MODEL],
        }
        print(f"{'set':38} {'tool':26} {'audio s':>7} {'wall s':>7} {'RTF':>6} {'CPU s':>7} {'peak MiB':>8} {'WER':>6} {'lines':>5}")
        for name, (paths, runs) in sets.items():
            audio = sum(duration(p) for p in paths)
            walls = {tool: [] for tool in tools}
            cpus = {tool: [] for tool in tools}
            peaks = {tool: 0.0 for tool in tools}
            errors = {tool: (0, 0) for tool in tools}
            finals = {}
            # The tools take turns, run after run, so a slow spell of this shared machine
            # falls on both rather than on one.
            for run_index in range(runs):
                for tool, command in tools.items():
                    wall_total = cpu_total = 0.0
                    for p in paths:
                        wall, cpu, peak, _, out, _ = run(command(p))
                        if run_index == 0:
                            finals[tool] = finals.get(tool, 0) + len(out.splitlines())
                        wall_total += wall
                        cpu_total += cpu
                        peaks[tool] = max(peaks[tool], peak)
                        if run_index == 0:
                            e, n = word_errors(reference_of[p], " ".join(out.split()))
                            errors[tool] = (errors[tool][0] + e, errors[tool][1] + n)
                    walls[tool].append(wall_total)
                    cpus[tool].append(cpu_total)
            for tool in tools:
                wall, cpu = statistics.median(walls[tool]), statistics.median(cpus[tool])
                e, n = errors[tool]
                print(f"{name:38} {tool:26} {audio:7.1f} {wall:7.2f} {wall / audio:6.3f} {cpu:7.2f} {peaks[tool]:8.1f} {e / n:6.1%} {finals[tool]:5d}")
            wall_ratio = statistics.median(walls["dictate transcribe"]) / statistics.median(walls["pocketsphinx_continuous"])
            cpu_ratio = statistics.median(cpus["dictate transcribe"]) / statistics.median(cpus["pocketsphinx_continuous"])
            print(f"{name:38} {'ratio dictate/continuous':26} {'':7} {wall_ratio:7.3f} {'':6} {cpu_ratio:7.3f}")
    print(f"(median of {args.runs} alternating runs, 1 for 10 min; lines = utterances printed; RTF = wall time / audio time; CPU = user + system time; "
          "peak = largest max RSS of one process)")


if __name__ == "__main__":
    main()
