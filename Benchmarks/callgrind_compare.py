#!/usr/bin/env python3
"""Instructions executed by `dictate transcribe` and `pocketsphinx_continuous` on the same file,
counted by valgrind's callgrind: unlike wall time, the same from run to run on a shared machine.

Prints each tool's total instruction count (model load included), their ratio, the word error
rate of what each printed, and the functions with the most instructions of their own. Callgrind
runs some 50 times slower than native, so by default the tools decode the first 75 s of the
10-minute dictation with pauses (speed_sets.py): some 15 minutes for both under callgrind on a
busy machine. --reuse-continuous keeps the C tool's count from the last run.

Run after a release build:  swift build -c release --product dictate
                            python3 Benchmarks/callgrind_compare.py [--set pauses --seconds 75] [--file F.wav] [--top 20]
                            [--reuse-continuous] [--dictate BINARY]
The callgrind files stay in --out (callgrind_annotate FILE shows them again).
"""
import argparse
import os
import re
import subprocess
import sys

from benchlib import ROOT, duration, word_errors
from speed_sets import load_set

DEBIAN_MODEL = "/usr/share/pocketsphinx/model/en-us"
CONTINUOUS = "/usr/bin/pocketsphinx_continuous"


SHIM = os.path.join(os.path.dirname(os.path.abspath(__file__)), "callgrind", "writable_sigsuspend.c")


def sigsuspend_shim(out_dir):
    """valgrind 3.19 dies in a Swift async main's dispatch_main (sigsuspend on a read-only mask);
    this LD_PRELOAD library gives it a writable copy (see the C file)."""
    library = os.path.join(out_dir, "writable_sigsuspend.so")
    if not os.path.exists(library) or os.path.getmtime(library) < os.path.getmtime(SHIM):
        subprocess.run(["cc", "-shared", "-fPIC", "-O2", "-o", library, SHIM], check=True)
    return library


def callgrind(name, command, out_dir):
    out = os.path.join(out_dir, f"callgrind.{name}")
    env = dict(os.environ, LD_PRELOAD=sigsuspend_shim(out_dir))
    r = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *command],
                       capture_output=True, text=True, env=env, stdin=subprocess.DEVNULL)
    total = re.search(r"Collected : (\d+)", r.stderr)
    if r.returncode != 0 or not total:
        sys.exit(f"callgrind of {name} failed ({r.returncode}):\n{r.stderr[-2000:]}")
    return int(total.group(1)), out, r.stdout


def stored(name, out_dir):
    """The count and text of an earlier run of this tool in out_dir, when it is kept."""
    out = os.path.join(out_dir, f"callgrind.{name}")
    text_path = out + ".txt"
    if not (os.path.exists(out) and os.path.exists(text_path)):
        return None
    with open(out) as f:
        total = next((int(line.split()[1]) for line in f if line.startswith(("summary:", "totals:"))), None)
    with open(text_path) as f:
        return (total, out, f.read()) if total else None


def top_functions(path, count):
    """(instructions, function) of the functions with the most instructions of their own."""
    text = subprocess.run(["callgrind_annotate", "--auto=no", "--threshold=100", path], capture_output=True, text=True).stdout
    rows = []
    for line in text.splitlines():
        m = re.match(r"\s*([\d,]+) \([^)]*\)\s+(\S.*)$", line) or re.match(r"\s*([\d,]+)\s+(\S.*)$", line)
        if m and "PROGRAM TOTALS" not in line and ":" in m.group(2):
            rows.append((int(m.group(1).replace(",", "")), m.group(2)))
    return rows[:count]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", default="pauses", help="a set of speed_sets.py whose first file is decoded")
    parser.add_argument("--seconds", type=float, default=75, help="decode only the first SECONDS of it (0: all)")
    parser.add_argument("--file", help="decode this 16 kHz mono WAV instead, whole, with no reference")
    parser.add_argument("--top", type=int, default=20, help="functions listed per tool")
    parser.add_argument("--dictate", default=os.path.join(ROOT, ".build/release/dictate"))
    parser.add_argument("--cache", default=os.path.join(ROOT, ".build-bench/speed-sets"))
    parser.add_argument("--out", default=os.path.join(ROOT, ".build-bench/callgrind"))
    parser.add_argument("--dictate-args", default="", help="extra arguments for dictate transcribe, space-separated")
    parser.add_argument("--reuse-continuous", action="store_true",
                        help="take pocketsphinx_continuous's count from an earlier run on the same file in --out")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    reference = None
    if args.file:
        path = args.file
    else:
        path, reference = load_set(args.set, args.cache)[0]
        if args.seconds > 0 and duration(path) > args.seconds:
            cut = os.path.join(args.out, f"{args.set}-{args.seconds:g}s.wav")
            subprocess.run(["sox", path, cut, "trim", "0", str(args.seconds)], check=True)
            path, reference = cut, None  # the reference covers the whole file
    print(f"file: {path} ({duration(path):.1f} s)")
    tools = {
        "pocketsphinx_continuous": [CONTINUOUS, "-infile", path],
        "dictate": [args.dictate, "transcribe", path, "--model", DEBIAN_MODEL, *args.dictate_args.split()],
    }
    totals = {}
    for name, command in tools.items():
        kept = stored(name, args.out) if name == "pocketsphinx_continuous" and args.reuse_continuous else None
        total, out, text = kept or callgrind(name, command, args.out)
        with open(out + ".txt", "w") as f:
            f.write(text)
        totals[name] = total
        wer = ""
        if reference:
            e, n = word_errors(reference, " ".join(text.split()))
            wer = f", WER {e / n:.1%} ({e}/{n})"
        print(f"\n{name}: {total:,} instructions{wer}  ({out})")
        for instructions, function in top_functions(out, args.top):
            print(f"  {instructions / total:6.1%} {instructions:>16,}  {function}")
        if not reference:
            print("  text: " + " ".join(text.split())[:300])
    print(f"\nratio dictate/continuous: {totals['dictate'] / totals['pocketsphinx_continuous']:.3f}")


if __name__ == "__main__":
    main()
