#!/usr/bin/env python3
"""Memory that comes back: `dictate serve` through bursts of clients and idle minutes.

Each cycle, N clients (6 unless told) stream the five LibriVox recordings at once, paced like a
microphone, on DictationKit's protocol with partials; then nobody comes for `--idle-minutes`.
The server keeps the decoders a session let go for `--idle-decoder-seconds` in case another
session comes, then lets go of them and of their model (`ServerLimits.idleDecoderSeconds`). The
server's RSS is read when it has started and before any session ("cold"), at each burst's peak,
and at the end of each idle period. The run passes when the last idle RSS is within `--bound`
(10 % unless told) of the first idle period's: the idle memory of a server that has served once,
whose code pages of whisper.cpp and the decoders' libraries, first touched by the first session,
stay mapped (file-backed, about 10 MB). The change from cold is printed too.

    swift build -c release --product dictate
    M=~/.local/share/dictationkit/models/whisper/tiny.en.bin
    python3 Benchmarks/server_memory_soak.py --minutes 60 --serve "--recognizer whisper --model $M"

Needs PyPI's `websockets`."""
import argparse
import asyncio
import json
import os
import shlex
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib  # noqa: E402
from streamclient import Server, Stream  # noqa: E402


async def burst(server, clients, samples, reference):
    streams = [Stream(server.url + "/v1/stream", samples, options={"partials": True, "formatting": False})
               for _ in range(clients)]
    peak = [server.rss_mib()]
    done = asyncio.Event()

    async def sample():
        while not done.is_set():
            peak[0] = max(peak[0], server.rss_mib())
            await asyncio.sleep(0.5)

    sampler = asyncio.create_task(sample())
    await asyncio.wait_for(asyncio.gather(*(s.run() for s in streams)), timeout=600)
    done.set()
    await sampler
    errors = sum(benchlib.word_errors(reference, s.text())[0] for s in streams)
    words = clients * len(benchlib.normalized_words(reference))
    return peak[0], errors / words


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(benchlib.ROOT, ".build/release/dictate"))
    parser.add_argument("--serve", default="", help="more options for `dictate serve`, in one string")
    parser.add_argument("--minutes", type=float, default=60, help="how long to run; whole cycles")
    parser.add_argument("--clients", type=int, default=6)
    parser.add_argument("--idle-minutes", type=float, default=2)
    parser.add_argument("--idle-decoder-seconds", type=int, default=60)
    parser.add_argument("--bound", type=float, default=0.10, help="the last idle RSS within this of the first")
    parser.add_argument("--json", help="also write the cycles here")
    args = parser.parse_args()
    samples, reference = benchlib.librivox_dictation()
    print("load average at start: %.2f; %d clients of %.1f s of audio a burst, %.1f idle minutes, idle decoders kept %d s" % (
        os.getloadavg()[0], args.clients, len(samples) / benchlib.RATE, args.idle_minutes, args.idle_decoder_seconds),
        flush=True)
    server = Server(args.binary, "--max-sessions", str(args.clients + 1), "--idle-decoder-seconds",
                    str(args.idle_decoder_seconds), *shlex.split(args.serve))
    cycles = []
    try:
        time.sleep(2)
        start_idle = server.rss_mib()
        print("idle RSS at start: %.1f MiB" % start_idle, flush=True)
        deadline = time.monotonic() + args.minutes * 60
        while time.monotonic() < deadline:
            began = time.monotonic()
            peak, wer = asyncio.run(burst(server, args.clients, samples, reference))
            time.sleep(args.idle_minutes * 60)
            cycle = {"cycle": len(cycles) + 1, "burst_s": round(time.monotonic() - began - args.idle_minutes * 60, 1),
                     "peak_mib": round(peak, 1), "idle_mib": round(server.rss_mib(), 1), "wer": round(wer, 3),
                     "threads": server.threads(), "open_files": server.open_files()}
            cycles.append(cycle)
            print(json.dumps(cycle), flush=True)
    finally:
        server.stop()
    last = cycles[-1]["idle_mib"] if cycles else float("nan")
    first_idle = cycles[0]["idle_mib"] if cycles else float("nan")
    growth = last / first_idle - 1
    print("\nload average at end: %.2f" % os.getloadavg()[0])
    print("| cycles | cold RSS MiB | peak RSS (max of bursts) MiB | idle RSS after the first burst MiB | idle RSS at end MiB | change from the first idle | from cold | WER |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    print("| %d | %.1f | %.1f | %.1f | %.1f | %+.1f %% | %+.1f %% | %.1f %% |" % (
        len(cycles), start_idle, max(c["peak_mib"] for c in cycles), first_idle, last, 100 * growth,
        100 * (last / start_idle - 1), 100 * sum(c["wer"] for c in cycles) / len(cycles)))
    print("\nwithin %.0f %% of the first idle memory: %s" % (100 * args.bound, "yes" if growth <= args.bound else "no"))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"start_idle_mib": start_idle, "cycles": cycles}, f, indent=1)


if __name__ == "__main__":
    main()
