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
import re
import statistics
import subprocess
import sys
import tempfile
import time
import wave

DATA = "/usr/share/pocketsphinx/test/data/librivox"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def references():
    refs = {}
    with open(os.path.join(DATA, "transcription")) as f:
        for line in f:
            m = re.match(r"<s> (.*) </s> \((.*)\)", line.strip())
            if m:
                refs[m.group(2)] = m.group(1)
    return refs


def word_errors(ref, hyp):
    a, b = ref.split(), hyp.split()
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cur[j] = min(prev[j - 1] + (a[i - 1] != b[j - 1]), prev[j] + 1, cur[j - 1] + 1)
        prev = cur
    return prev[len(b)], len(a)


def run(cmd):
    """Runs a command, returns (wall seconds, peak RSS in MiB, stdout)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"failed ({os.waitstatus_to_exitcode(status)}): {' '.join(cmd)}")
    return wall, usage.ru_maxrss / 1024, out.decode()


def duration(path):
    with wave.open(path) as w:
        return w.getnframes() / w.getframerate()


def long_recording(files, directory):
    """All five recordings with a second of silence between them, three times over (~80 s)."""
    path = os.path.join(directory, "librivox-long.wav")
    frames = b""
    silence = b"\0\0" * 16000
    for _ in range(3):
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
    args = parser.parse_args()
    continuous = "/usr/bin/pocketsphinx_continuous"
    for tool, package in ((continuous, "pocketsphinx"), (args.dictate, "swift build -c release --product dictate")):
        if not os.path.exists(tool):
            sys.exit(f"{tool} is missing: install/run {package}")

    refs = references()
    files = [os.path.join(DATA, name + ".wav") for name in sorted(refs)]
    with tempfile.TemporaryDirectory() as tmp:
        long = long_recording(files, tmp)
        sets = {"librivox (5 files, one process each)": files, "librivox long (80 s, one file)": [long]}
        reference_of = {f: refs[os.path.basename(f)[:-4]] for f in files}
        reference_of[long] = " ".join([" ".join(reference_of[f] for f in files)] * 3)
        print(f"{'set':40} {'tool':24} {'audio s':>8} {'wall s':>8} {'RTF':>7} {'peak MiB':>9} {'WER':>7}")
        for name, paths in sets.items():
            audio = sum(duration(p) for p in paths)
            results = {}
            for tool in ("pocketsphinx_continuous", "dictate transcribe"):
                walls, peaks, errors, words = [], [], 0, 0
                for run_index in range(args.runs):
                    total = 0.0
                    for p in paths:
                        cmd = [continuous, "-infile", p] if tool == "pocketsphinx_continuous" else [args.dictate, "transcribe", p]
                        wall, peak, out = run(cmd)
                        total += wall
                        peaks.append(peak)
                        if run_index == 0:
                            e, n = word_errors(reference_of[p], " ".join(out.split()))
                            errors, words = errors + e, words + n
                    walls.append(total)
                wall = statistics.median(walls)
                results[tool] = wall
                print(f"{name:40} {tool:24} {audio:8.1f} {wall:8.2f} {wall / audio:7.3f} {max(peaks):9.1f} {errors / words:7.1%}")
            ratio = results["dictate transcribe"] / results["pocketsphinx_continuous"]
            print(f"{name:40} {'ratio dictate / continuous':24} {'':8} {'':8} {ratio:7.3f}")
    print(f"(median of {args.runs} runs; RTF = wall time / audio time; peak = largest max RSS of one process)")


if __name__ == "__main__":
    main()
