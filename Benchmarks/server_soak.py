#!/usr/bin/env python3
"""Soak and faults on `dictate serve`: sessions opening and closing for a long time, some of
their connections cut mid-utterance, while the server's memory, open files and threads are
sampled.

Two workers stream LibriVox recordings on DictationKit's protocol, paced like a microphone
(`--fast`: as fast as the server takes them). Every third session's connection is cut abruptly (the TCP connection aborted, no close
frame) at a random point, mid-utterance, and resumed on a new connection; its finals must be the
same as those of the same recording streamed without a cut: nothing lost, nothing repeated. A
third worker posts recordings to `/v1/audio/transcriptions` and, now and then, a damaged one.

Reports, per period, the server's RSS, open files and threads, and at the end whether RSS and
files grew between the first and the last quarter of the run.

    swift build -c release --product dictate
    python3 Benchmarks/server_soak.py --minutes 60

Needs PyPI's `websockets`."""
import argparse
import array
import asyncio
import json
import os
import random
import sys
import time
import urllib.request
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib  # noqa: E402
from streamclient import Server, Stream  # noqa: E402

FILES = ["0870", "0880", "0890", "0920", "0930"]


def recordings():
    out = {}
    for name in FILES:
        path = os.path.join(benchlib.DATA, "sense_and_sensibility_01_austen_64kb-%s.wav" % name)
        out[name] = (benchlib.read_samples(path), open(path, "rb").read())
    return out


def post(url, wav, name="speech.wav"):
    boundary = uuid.uuid4().hex
    body = (("--%s\r\nContent-Disposition: form-data; name=\"file\"; filename=\"%s\"\r\n"
             "Content-Type: audio/wav\r\n\r\n" % (boundary, name)).encode() + wav +
            ("\r\n--%s\r\nContent-Disposition: form-data; name=\"model\"\r\n\r\nwhisper-1\r\n--%s--\r\n"
             % (boundary, boundary)).encode())
    request = urllib.request.Request(url, data=body, headers={"Content-Type": "multipart/form-data; boundary=" + boundary})
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


async def main_async(args):
    random.seed(11)
    audio = recordings()
    server = Server(args.binary, "--max-sessions", "8")
    stream_url = server.url + "/v1/stream"
    http_url = "http://127.0.0.1:%d/v1/audio/transcriptions" % server.port
    deadline = time.monotonic() + args.minutes * 60
    counts = {"sessions": 0, "cut": 0, "resumes": 0, "lost_or_repeated_words": 0, "uploads": 0, "damaged_uploads": 0,
              "unexpected": 0}
    expected = {}  # recording -> finals of an uncut stream

    for name, (samples, _) in audio.items():
        stream = Stream(stream_url, samples, realtime=False)
        await stream.run()
        expected[name] = [f["text"] for f in stream.finals()]

    async def streamer(worker):
        n = 0
        while time.monotonic() < deadline:
            n += 1
            name = random.choice(FILES)
            samples = audio[name][0]
            stream = Stream(stream_url, samples, realtime=not args.fast)
            cut = n % 3 == worker % 3
            duration = len(samples) / benchlib.RATE
            await stream.run(kill_after=random.uniform(0.2, 2.0 if args.fast else duration) if cut else None)
            counts["sessions"] += 1
            counts["cut"] += cut
            counts["resumes"] += stream.reconnects
            finals = [f["text"] for f in stream.finals()]
            if finals != expected[name]:
                missing = benchlib.word_errors(" ".join(expected[name]), " ".join(finals))[0]
                counts["lost_or_repeated_words"] += missing
                print("finals differ (%s, cut=%s): %r vs %r" % (name, cut, finals, expected[name]), flush=True)

    async def uploader():
        n = 0
        loop = asyncio.get_running_loop()
        while time.monotonic() < deadline:
            n += 1
            name = random.choice(FILES)
            wav = audio[name][1]
            damaged = n % 4 == 0
            if damaged:
                wav = wav[:44] + bytes(random.getrandbits(8) for _ in range(2000)) + wav[2044:4000]
            status, body = await loop.run_in_executor(None, post, http_url, wav)
            counts["uploads"] += 1
            counts["damaged_uploads"] += damaged
            if not damaged and status != 200:
                counts["unexpected"] += 1
                print("upload failed: %s %s" % (status, body), flush=True)
            await asyncio.sleep(1)

    samples_over_time = []

    async def sampler():
        while time.monotonic() < deadline:
            samples_over_time.append((time.monotonic(), server.rss_mib(), server.open_files(), server.threads()))
            print("t=%5.0f s  rss %.1f MiB  files %d  threads %d  %s" % (
                samples_over_time[-1][0] - samples_over_time[0][0], *samples_over_time[-1][1:], json.dumps(counts)), flush=True)
            await asyncio.sleep(args.period)

    try:
        await asyncio.gather(streamer(0), streamer(1), uploader(), sampler())
        await asyncio.sleep(2)
        samples_over_time.append((time.monotonic(), server.rss_mib(), server.open_files(), server.threads()))
    finally:
        server.stop()

    quarter = max(len(samples_over_time) // 4, 1)
    first, last = samples_over_time[:quarter], samples_over_time[-quarter:]

    def median(values):
        values = sorted(values)
        return values[len(values) // 2]

    print("\n%s" % json.dumps(counts))
    print("RSS median, first quarter %.1f MiB, last quarter %.1f MiB; open files %d → %d; threads %d → %d" % (
        median([s[1] for s in first]), median([s[1] for s in last]), first[0][2], samples_over_time[-1][2],
        first[0][3], samples_over_time[-1][3]))
    print("load average at end: %.2f" % os.getloadavg()[0])
    return 0 if counts["lost_or_repeated_words"] == 0 and counts["unexpected"] == 0 else 1


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(benchlib.ROOT, ".build/release/dictate"))
    parser.add_argument("--minutes", type=float, default=60)
    parser.add_argument("--period", type=float, default=60, help="seconds between samples")
    parser.add_argument("--fast", action="store_true", help="stream as fast as the server takes it")
    args = parser.parse_args()
    print("load average at start: %.2f" % os.getloadavg()[0])
    sys.exit(asyncio.run(main_async(args)))


if __name__ == "__main__":
    main()
