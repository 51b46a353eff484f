#!/usr/bin/env python3
"""Load on `dictate serve`: N streams of real speech at once, each paced like a microphone (real
time), over loopback, on DictationKit's streaming protocol.

For each N it reports the partial and final latency (p50/p95: from the moment the audio up to an
event's end was sent to the moment the event arrived; a final's includes the endpointer's
hangover and the half-second segment), the server's CPU per second of audio (real-time factor per
session) and cores in use, its memory per session, the word error rate, and whether the streams
stayed real-time: every final within `--final-p95` (3 s unless told) at p95 and every session
ended within 5 s of its audio.

    swift build -c release --product dictate
    python3 Benchmarks/server_load.py --streams 1,2,4,6,8
    # Whisper's finals, with its own partials and without:
    M=~/.local/share/dictationkit/models/whisper/tiny.en.bin
    python3 Benchmarks/server_load.py --final-p95 2 --serve "--recognizer whisper --model $M"
    python3 Benchmarks/server_load.py --final-p95 2 --serve "--recognizer whisper --model $M" --no-partials
    # streams whose utterances do not all end at once:
    python3 Benchmarks/server_load.py --final-p95 2 --serve "--recognizer whisper --model $M" --no-partials --independent
    # frames sent as they are spoken (the server takes them as they come), against whole segments,
    # both measured from speech too ("final after speech"):
    python3 Benchmarks/server_load.py --final-p95 2 --serve "--recognizer whisper --model $M" --no-partials --live-frames
    # Norwegian (espeak-ng's voice) on Whisper base:
    python3 Benchmarks/server_load.py --locale nb-NO --serve "--recognizer whisper --model $HOME/.local/share/dictationkit/models/whisper/base.bin"

Needs PyPI's `websockets` (scripts/install-system-packages.sh installs it)."""
import argparse
import asyncio
import json
import os
import random
import shlex
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib  # noqa: E402
from streamclient import Server, Stream, percentile  # noqa: E402

def dictation(locale, order=range(5)):
    """What a stream says, in `order` (indices of the five recordings or sentences): LibriVox for
    English, espeak-ng's bokmål for Norwegian."""
    if locale.startswith("nb"):
        return benchlib.norwegian_dictation(order)
    return benchlib.librivox_dictation([benchlib.LIBRIVOX_FIVE[i] for i in order])


async def one_load(server, n, partials, final_bound, independent, locale, live_frames=False):
    options = {"partials": partials, "formatting": False}
    # Each stream's audio and what it says: the same for all, or (independent) the recordings in
    # an order of its own, so that the streams' utterances do not all end at once.
    spoken = [dictation(locale, random.sample(range(5), 5) if independent else range(5)) for _ in range(n)]
    streams = [Stream(server.url + "/v1/stream", samples, options=options, locale=locale, live_frames=live_frames)
               for samples, _ in spoken]
    start_spread = 5 if independent else 1
    idle_rss = server.rss_mib()
    cpu_before = server.cpu_seconds()
    peak = [idle_rss]
    done = asyncio.Event()

    async def sample_memory():
        while not done.is_set():
            peak[0] = max(peak[0], server.rss_mib())
            await asyncio.sleep(0.5)

    async def staggered(stream):
        await asyncio.sleep(random.uniform(0, start_spread))
        await stream.run()
        return time.monotonic()

    sampler = asyncio.create_task(sample_memory())
    started = time.monotonic()
    ended = await asyncio.gather(*(staggered(s) for s in streams))
    wall = time.monotonic() - started
    done.set()
    await sampler
    cpu = server.cpu_seconds() - cpu_before
    audio = len(spoken[0][0]) / benchlib.RATE
    partial = [x for s in streams for x in s.latencies("partial")]
    final = [x for s in streams for x in s.latencies("final")]
    final_spoken = [x for s in streams for x in s.latencies("final", from_speech=True)]
    # How long after its last sample was sent each session's `ended` came.
    tails = [end - max(s.sent_at.values()) for s, end in zip(streams, ended)]
    errors = sum(benchlib.word_errors(reference, s.text())[0] for s, (_, reference) in zip(streams, spoken))
    words = sum(len(benchlib.normalized_words(reference)) for _, reference in spoken)
    row = {
        "streams": n,
        "partial_p50": percentile(partial, 50), "partial_p95": percentile(partial, 95),
        "final_p50": percentile(final, 50), "final_p95": percentile(final, 95),
        "final_spoken_p50": percentile(final_spoken, 50), "final_spoken_p95": percentile(final_spoken, 95),
        "tail_max": max(tails),
        "rtf_per_session": cpu / (audio * n), "cores": cpu / wall,
        "idle_rss_mib": idle_rss, "peak_rss_mib": peak[0], "mib_per_session": (peak[0] - idle_rss) / n,
        "wer": errors / words,
    }
    row["realtime"] = row["final_p95"] <= final_bound and row["tail_max"] <= 5
    return row


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(benchlib.ROOT, ".build/release/dictate"))
    parser.add_argument("--streams", default="1,2,4,6,8", help="comma-separated stream counts")
    parser.add_argument("--json", help="also write the rows here")
    parser.add_argument("--serve", default="", help="more options for `dictate serve`, in one string")
    parser.add_argument("--no-partials", action="store_true", help="the streams ask for finals only")
    parser.add_argument("--independent", action="store_true",
                        help="each stream says the recordings in an order of its own and starts within 5 s (not 1 s)")
    parser.add_argument("--live-frames", action="store_true",
                        help="send each 20 ms frame as soon as it is spoken, not a segment's frames once it is whole")
    parser.add_argument("--final-p95", type=float, default=3.0, help="real-time: finals' p95 at most this, s")
    parser.add_argument("--locale", default="en-US",
                        help="the streams' locale: en-US speaks LibriVox, nb-NO espeak-ng's Norwegian")
    args = parser.parse_args()
    random.seed(7)
    samples, _ = dictation(args.locale)
    print("load average at start: %.2f; audio per stream: %.1f s" % (os.getloadavg()[0], len(samples) / benchlib.RATE))
    counts = [int(x) for x in args.streams.split(",")]
    print("serve options: %r; partials: %s; locale: %s; frames: %s" % (
        args.serve, "no" if args.no_partials else "yes", args.locale, "live" if args.live_frames else "with their segment"))
    server = Server(args.binary, "--max-sessions", str(max(counts) + 1), *shlex.split(args.serve))
    rows = []
    try:
        for n in counts:
            row = asyncio.run(one_load(server, n, not args.no_partials, args.final_p95, args.independent, args.locale,
                                       args.live_frames))
            rows.append(row)
            print(json.dumps({k: round(v, 3) if isinstance(v, float) else v for k, v in row.items()}), flush=True)
    finally:
        server.stop()
    print("\nload average at end: %.2f\n" % os.getloadavg()[0])
    print("| streams | partial p50 / p95 s | final p50 / p95 s | final after speech p50 / p95 s | last `ended` after audio, s | CPU s per audio s per session | cores | RSS idle → peak MiB | MiB per session | WER | real-time |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for r in rows:
        print("| %d | %.2f / %.2f | %.2f / %.2f | %.2f / %.2f | %.2f | %.3f | %.2f | %.0f → %.0f | %.1f | %.1f %% | %s |" % (
            r["streams"], r["partial_p50"], r["partial_p95"], r["final_p50"], r["final_p95"],
            r["final_spoken_p50"], r["final_spoken_p95"], r["tail_max"],
            r["rtf_per_session"], r["cores"], r["idle_rss_mib"], r["peak_rss_mib"], r["mib_per_session"],
            100 * r["wer"], "yes" if r["realtime"] else "no"))
    good = [r["streams"] for r in rows if r["realtime"]]
    print("\nlargest N that stayed real-time (finals p95 ≤ %g s): %s" % (args.final_p95, max(good) if good else "none"))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
