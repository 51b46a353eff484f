#!/usr/bin/env python3
"""Partials through `dictate`'s live paths, timed from outside: the five LibriVox recordings
(29.7 s) written at real time, in 20-ms pieces, the way a recorder or a sound card delivers them;
each partial's lag is the time it arrived less the moment the audio up to its end had been
written (with the 20-ms piece that held its last sample). With `--locale nb-NO` the speech is five
Norwegian sentences of espeak-ng's bokmål voice (19.8 s), and the partials are Whisper's own
(PocketSphinx has no Norwegian model; English sessions show PocketSphinx's partials beside
Whisper's finals, whatever `--recognizer` says).

  --via stdin  a WAV stream into `dictate transcribe - --format jsonl --partials`. Its header
               either declares the data's true length (`--header exact`: what a program that knows
               the length writes, such as sox converting a file) or the placeholder a live recorder
               writes (`--header streaming`: 4 GiB, as arecord does).
  --via alsa   raw 16-kHz samples into a FIFO that an ALSA `file` plugin PCM reads (the test
               microphone of the suite: a configuration of its own through ALSA_CONFIG_PATH), and
               `dictate listen --device dk_bench_mic --format jsonl` capturing from it through
               libasound. Three seconds of silence come first, while the session starts.

    swift build -c release --product dictate
    python3 Benchmarks/live_partials.py --via stdin --header streaming [--recognizer whisper]
    python3 Benchmarks/live_partials.py --via stdin --header exact
    python3 Benchmarks/live_partials.py --via alsa [--recognizer whisper]
    python3 Benchmarks/live_partials.py --via stdin|alsa --locale nb-NO --model ~/.local/share/dictationkit/models/whisper/base.bin"""
import argparse
import json
import math
import os
import signal
import struct
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib  # noqa: E402

ALSA_DEVICE = "dk_bench_mic"


def wav_header(data_bytes):
    """A 16-kHz mono 16-bit WAV header declaring `data_bytes` of data."""
    riff = min(0xFFFFFFFF, 36 + data_bytes)
    return (b"RIFF" + struct.pack("<I", riff) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, benchlib.RATE,
            2 * benchlib.RATE, 2, 16) + b"data" + struct.pack("<I", min(0xFFFFFFFF, data_bytes)))


def alsa_configuration(fifo):
    """The system's ALSA configuration and a capture PCM reading `fifo` (as the suite's TestMicrophone)."""
    return ('</usr/share/alsa/alsa.conf>\n\npcm.%s {\n    type file\n    slave.pcm "null"\n    file "/dev/null"\n'
            '    infile "%s"\n    format "raw"\n}\n' % (ALSA_DEVICE, fifo))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(benchlib.ROOT, ".build/release/dictate"))
    parser.add_argument("--via", choices=["stdin", "alsa"], default="stdin")
    parser.add_argument("--header", choices=["streaming", "exact"], default="streaming")
    parser.add_argument("--recognizer", default="pocketsphinx")
    parser.add_argument("--locale", default="en-US")
    parser.add_argument("--model", help="`dictate --model`: a Whisper ggml file or a PocketSphinx model folder")
    parser.add_argument("--real-time", action="store_true",
                        help="stdin: `dictate transcribe --real-time`, a live session (Whisper's own partials need one)")
    args = parser.parse_args()
    norwegian = args.locale.startswith("nb")
    samples, _ = benchlib.norwegian_dictation() if norwegian else benchlib.librivox_dictation()
    lead = 3.0 if args.via == "alsa" else 0.0
    data = bytes(int(lead * benchlib.RATE) * 2) + samples.tobytes()
    with tempfile.TemporaryDirectory() as folder:
        if args.via == "stdin":
            command = [args.binary, "transcribe", "-", "--format", "jsonl", "--partials", "--quiet"]
            command += ["--real-time"] if args.real_time else []
            environment = dict(os.environ)
            header = wav_header(len(data) if args.header == "exact" else 0xFFFFFFFF)
        else:
            fifo = os.path.join(folder, "mic.fifo")
            os.mkfifo(fifo, 0o600)
            configuration = os.path.join(folder, "asound.conf")
            with open(configuration, "w") as f:
                f.write(alsa_configuration(fifo))
            command = [args.binary, "listen", "--device", ALSA_DEVICE, "--format", "jsonl", "--no-history"]
            environment = dict(os.environ, ALSA_CONFIG_PATH=configuration)
            header = b""
        command += ["--recognizer", args.recognizer, "--locale", args.locale] + (["--model", args.model] if args.model else [])
        process = subprocess.Popen(command, stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=environment)
        # The FIFO opened read-write: neither side waits in open(), and the device reads what comes.
        sink = process.stdin if args.via == "stdin" else os.fdopen(os.open(fifo, os.O_RDWR), "wb", buffering=0)
        started = [None]
        lags = []

        def read_events():
            for line in process.stdout:
                now = time.monotonic()
                event = json.loads(line)
                if event.get("type") == "partial" and started[0] is not None and float(event["end"]) > lead:
                    # The audio up to the partial's end was all written with the 20-ms piece that holds it.
                    lags.append(now - (started[0] + math.floor(float(event["end"]) * 50) / 50))

        reader = threading.Thread(target=read_events)
        reader.start()
        if header:
            sink.write(header)
            sink.flush()
        started[0] = time.monotonic()
        piece = 2 * benchlib.RATE // 50
        for offset in range(0, len(data), piece):
            delay = started[0] + offset / (2 * benchlib.RATE) - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            sink.write(data[offset:offset + piece])
            sink.flush()
        if args.via == "stdin":
            sink.close()
        else:
            # Two seconds of silence let the last utterance end; then Ctrl-C ends the session, and
            # silence goes on until it has (a capture waits for the FIFO, as for a quiet room).
            for tick in range(10_000):
                if tick == 100:
                    process.send_signal(signal.SIGINT)
                if tick > 100 and process.poll() is not None:
                    break
                time.sleep(0.02)
                sink.write(bytes(piece))
        reader.join()
        process.wait()
        if args.via == "alsa":
            sink.close()
    lags.sort()
    print("load average %.2f; %.1f s of speech; via %s%s; recognizer: %s; locale: %s" % (
        os.getloadavg()[0], len(samples) / benchlib.RATE, args.via,
        " (header: %s%s)" % (args.header, ", --real-time" if args.real_time else "") if args.via == "stdin" else "", args.recognizer, args.locale))
    if not lags:
        print("no partials")
        return
    print("partials: %d; lag p50 %.3f s, p95 %.3f s, max %.3f s" % (
        len(lags), lags[len(lags) // 2], lags[int(0.95 * (len(lags) - 1))], lags[-1]))


if __name__ == "__main__":
    main()
