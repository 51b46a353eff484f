#!/usr/bin/env python3
"""Batch throughput of `dictate transcribe`: many files with --jobs 1 against --jobs 2.

Copies the five LibriVox recordings of pocketsphinx-testdata `--copies` times (20 files by
default) into a temporary folder and transcribes them in one process with `--jobs 1` and with
`--jobs 2`, alternating, `--runs` times. Reports the median wall time of each, the throughput
ratio (jobs 1 wall / jobs 2 wall; the issue asks >= 1.8 on two cores), and the peak resident
memory of the process for 10 and for all files with each setting: with one decoder per job the
peak grows by one decoder per job and not per file, and the difference between --jobs 2 and
--jobs 1 is the memory of one decoder. The finals must be the same with either setting (checked).
The load average before and after is printed: the machine may be shared.

    swift build -c release --product dictate
    python3 Benchmarks/batch_throughput.py --runs 3
"""
import argparse
import os
import shutil
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib  # noqa: E402

DEBIAN_MODEL = "/usr/share/pocketsphinx/model/en-us"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dictate", default=os.path.join(benchlib.ROOT, ".build/release/dictate"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--copies", type=int, default=4, help="copies of the 5 recordings (4: 20 files)")
    parser.add_argument("--model", default=DEBIAN_MODEL, help="model folder (default: Debian's en-us)")
    args = parser.parse_args()
    if not os.access(args.dictate, os.X_OK):
        sys.exit(f"{args.dictate} is missing: swift build -c release --product dictate")
    originals = sorted(f for f in os.listdir(benchlib.DATA) if f.endswith(".wav"))
    if len(originals) < 5:
        sys.exit(f"{benchlib.DATA}: install pocketsphinx-testdata")

    folder = tempfile.mkdtemp(prefix="batch-throughput-")
    try:
        files = []
        for copy in range(args.copies):
            for name in originals:
                target = os.path.join(folder, f"{copy:02d}-{name}")
                shutil.copyfile(os.path.join(benchlib.DATA, name), target)
                files.append(target)
        audio = sum(benchlib.duration(f) for f in files)
        half = files[: len(files) // 2]

        def transcribe(jobs, paths):
            return benchlib.run([args.dictate, "transcribe", "--quiet", "--model", args.model,
                                 "--jobs", str(jobs)] + paths)

        load_before = os.getloadavg()
        walls = {1: [], 2: []}
        cpus = {1: [], 2: []}
        peaks = {}
        outputs = set()
        for _ in range(args.runs):
            for jobs in (1, 2):
                run = transcribe(jobs, files)
                walls[jobs].append(run.wall)
                cpus[jobs].append(run.cpu)
                peaks.setdefault((jobs, len(files)), []).append(run.peak_mib)
                outputs.add(run.stdout)
            for jobs in (1, 2):
                run = transcribe(jobs, half)
                peaks.setdefault((jobs, len(half)), []).append(run.peak_mib)
        load_after = os.getloadavg()
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    if len(outputs) != 1:
        sys.exit("FAILED: the finals differ between --jobs 1 and --jobs 2 (or between runs)")
    one, two = statistics.median(walls[1]), statistics.median(walls[2])
    peak = {key: statistics.median(values) for key, values in peaks.items()}
    n, h = len(files), len(half)
    print(f"{n} files, {audio:.1f} s of audio, model {args.model}, {args.runs} runs, {os.cpu_count()} cores")
    print(f"load average before {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}, "
          f"after {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f}")
    print()
    # Cores used (CPU / wall) shows what the machine gave: on a shared machine --jobs 2 gets
    # less than two cores, and the ratio can't reach 1.8 however well the work splits.
    print(f"| jobs | wall s (median) | RTF | files/min | CPU s | cores used | peak MiB, {h} files | peak MiB, {n} files |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for jobs, wall in ((1, one), (2, two)):
        cpu = statistics.median(cpus[jobs])
        print(f"| {jobs} | {wall:.2f} | {wall / audio:.3f} | {n / wall * 60:.1f} | {cpu:.2f} | {cpu / wall:.2f} | "
              f"{peak[(jobs, h)]:.1f} | {peak[(jobs, n)]:.1f} |")
    print()
    print(f"throughput ratio (jobs 1 wall / jobs 2 wall): {one / two:.2f} (target >= 1.8)")
    print(f"per decoder (peak, jobs 2 - jobs 1, {n} files): {peak[(2, n)] - peak[(1, n)]:.1f} MiB")
    print(f"per file (peak, {n} - {h} files): jobs 1 {peak[(1, n)] - peak[(1, h)]:+.1f} MiB, "
          f"jobs 2 {peak[(2, n)] - peak[(2, h)]:+.1f} MiB")
    print(f"finals identical with --jobs 1 and --jobs 2: yes ({len(outputs)} distinct output)")
    print("walls jobs 1:", " ".join(f"{w:.2f}" for w in walls[1]), "| jobs 2:", " ".join(f"{w:.2f}" for w in walls[2]))


if __name__ == "__main__":
    main()
