#!/usr/bin/env python3
"""Partials through `dictate transcribe -`: a WAV stream written to its standard input at real
time, in 20-ms pieces, the way a recorder's pipe delivers it; each partial's lag is the time it
arrived less the moment the audio up to its end had been written.

The stream's header either declares the data's true length (`--header exact`: what a program
that knows the length writes, such as sox converting a file) or the placeholder a live recorder
writes (`--header streaming`: 4 GiB, as arecord does).

    swift build -c release --product dictate
    python3 Benchmarks/stdin_partials.py --header streaming
    python3 Benchmarks/stdin_partials.py --header exact"""
import argparse
import json
import os
import struct
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib  # noqa: E402

def wav_header(data_bytes):
    """A 16-kHz mono 16-bit WAV header declaring `data_bytes` of data."""
    riff = min(0xFFFFFFFF, 36 + data_bytes)
    return (b"RIFF" + struct.pack("<I", riff) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, benchlib.RATE,
            2 * benchlib.RATE, 2, 16) + b"data" + struct.pack("<I", min(0xFFFFFFFF, data_bytes)))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(benchlib.ROOT, ".build/release/dictate"))
    parser.add_argument("--header", choices=["streaming", "exact"], default="streaming")
    parser.add_argument("--recognizer", default="pocketsphinx")
    args = parser.parse_args()
    samples, _ = benchlib.librivox_dictation()
    data = samples.tobytes()
    header = wav_header(len(data) if args.header == "exact" else 0xFFFFFFFF)
    process = subprocess.Popen(
        [args.binary, "transcribe", "-", "--format", "jsonl", "--partials", "--quiet", "--recognizer", args.recognizer],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    started = [None]
    lags = []

    def read_events():
        for line in process.stdout:
            now = time.monotonic()
            event = json.loads(line)
            if event.get("type") == "partial" and started[0] is not None:
                lags.append(now - (started[0] + float(event["end"])))

    reader = threading.Thread(target=read_events)
    reader.start()
    process.stdin.write(header)
    process.stdin.flush()
    started[0] = time.monotonic()
    piece = 2 * benchlib.RATE // 50
    for offset in range(0, len(data), piece):
        delay = started[0] + offset / (2 * benchlib.RATE) - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        process.stdin.write(data[offset:offset + piece])
        process.stdin.flush()
    process.stdin.close()
    reader.join()
    process.wait()
    lags.sort()
    print("load average %.2f; %.1f s of audio; header: %s; recognizer: %s" % (
        os.getloadavg()[0], len(samples) / benchlib.RATE, args.header, args.recognizer))
    if not lags:
        print("no partials")
        return
    print("partials: %d; lag p50 %.3f s, p95 %.3f s, max %.3f s" % (
        len(lags), lags[len(lags) // 2], lags[int(0.95 * (len(lags) - 1))], lags[-1]))


if __name__ == "__main__":
    main()
