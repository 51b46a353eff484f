"""Whisper's partial searches replayed offline: how soon each window shows the words, and how
often the final contradicts the words a rule for stable words settles (issue 25).

A live session searches the utterance so far again and again (RedecodingPass) and marks the
words its searches agree on stable (PartialStabilizer). Here partial_searches/partial_searches.c
does the same searches of the eleven recordings dictation-latency speaks (five LibriVox
sentences, five "cards" commands, goforward), of their first 0.6 s, 0.8 s, ..., with each encoder
window, then the final of each whole recording (beam 5, half the window at least). For every
window and cadence it prints:

  search    the wall time of a search, p50 / p95 (2 threads; the machine's load shows here)
  shown     a final word's latency until the first search that has it (within two places of its
            place in the final): the search's audio end and wall time after the word's end,
            p50 / p95 (what a session's partial latency would be with nothing else running)
  stable    for each rule: the stable words, how many the final contradicts, and their lag
            (audio after the word when it became stable), p50

Rules (all: never a search's last word, and at least 0.6 s of audio heard after the word):

  3 in a row            three searches in a row agree on the word and every word before it
  3, 0.6 s              the same, and the agreeing searches span at least 0.6 s of audio
  3, 0.6 s, sure        the same, and each heard the word with a mean token probability >= 0.5
  2, 0.6 s, sure        as the last, but two searches are enough when they span 0.6 s
  2, 0.6 s, sure, 2 s   as the last, and the newest search heard at least 2 s of the recording
                        (the rule: PartialStabilizer.leastUtteranceHeard)

Each window is also replayed with only every 2nd, 3rd and 5th search kept (a search every 0.4,
0.6 and 1.0 s), as on a busy machine, where the session's cadence stretches.

The search order and times are not a live session's (no voice detector, no final pass taking the
cores); the figures are for choosing, and dictation-latency measures the choice.

    python3 Benchmarks/partial_searches.py [--model tiny.en.bin] [--windows 32:150,32:300,64:750]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

DATA = "/usr/share/pocketsphinx/test/data"
RECORDINGS = [f"{DATA}/librivox/sense_and_sensibility_01_austen_64kb-{n}.wav" for n in ("0870", "0880", "0890", "0920", "0930")] + [
    f"{DATA}/cards/{n:03d}.wav" for n in range(1, 6)] + [f"{DATA}/goforward.raw"]
HERE = os.path.dirname(os.path.abspath(__file__))


def replay(tool, model, margin, least, step):
    out = subprocess.run([tool, model, str(margin), str(least), str(step)] + RECORDINGS, check=True,
                         capture_output=True, text=True).stdout
    searches, finals = {}, {}
    for line in out.splitlines():
        kind, body = line.split(" ", 1)
        record = json.loads(body)
        if kind == "FINAL":
            finals[record["u"]] = record["words"]
        elif record["words"]:
            searches.setdefault(record["u"], []).append(record)
    return searches, finals


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p))] if values else float("nan")


def shown_latency(searches, finals):
    latencies = []
    for u, final in finals.items():
        for place, word in enumerate(final):
            for search in searches.get(u, []):
                texts = [w[0] for w in search["words"]]
                if any(0 <= q < len(texts) and texts[q] == word[0] for q in range(place - 2, place + 3)):
                    latencies.append(max(0.0, search["end"] + search["dur"] - word[2]))
                    break
    return latencies


def after_stable(words, stable):
    """A search's words after the stable ones: by place when it starts with them, else by time."""
    if not stable:
        return words
    if [w[0] for w in words[:len(stable)]] == [w[0] for w in stable]:
        return words[len(stable):]
    return [w for w in words if (w[1] + w[2]) / 2 > stable[-1][2]]


def judge(searches, finals, span, confidence, searches_in_a_row=3, right_context=0.6, least_heard=0.0):
    """PartialStabilizer's .agreed rule, replayed: (stable words, contradicted, lag p50)."""
    total = contradicted = 0
    lags = []
    for u, final in finals.items():
        final_texts = [w[0] for w in final]
        stable, earlier = [], []
        for search in searches.get(u, []):
            tail = after_stable(search["words"], stable)
            within = 0
            for e in reversed(earlier):
                if search["end"] - e["end"] < span:
                    within += 1
                else:
                    break
            agreeing = earlier[-max(searches_in_a_row - 1, within + 1):] if earlier else []
            agreed = 0
            if (len(agreeing) >= searches_in_a_row - 1 and search["end"] - agreeing[0]["end"] >= span
                    and search["end"] >= least_heard):
                others = [after_stable(e["words"], stable) for e in agreeing]
                for place, word in enumerate(tail[:-1]):
                    if word[2] > search["end"] - right_context or word[3] < confidence:
                        break
                    if not all(place < len(o) and o[place][0] == word[0] and o[place][3] >= confidence for o in others):
                        break
                    agreed += 1
            earlier = agreeing + [search]
            for word in tail[:agreed]:
                stable.append(word)
                lags.append(search["end"] - word[2])
        for place, word in enumerate(stable):
            total += 1
            if not any(0 <= q < len(final_texts) and final_texts[q] == word[0] for q in range(place - 2, place + 3)):
                contradicted += 1
    return total, contradicted, percentile(lags, 0.5)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", default=os.path.expanduser("~/.local/share/dictationkit/models/whisper/tiny.en.bin"))
    parser.add_argument("--windows", default="32:150,32:300,64:750",
                        help="MARGIN:LEAST pairs in encoder positions (64:750 is the finals' fitted window)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as build:
        tool = os.path.join(build, "partial_searches")
        subprocess.run(["cc", "-O2", "-I/usr/local/include", "-o", tool, os.path.join(HERE, "partial_searches", "partial_searches.c"),
                        "-L/usr/local/lib", "-lwhisper", "-Wl,-rpath,/usr/local/lib"], check=True)
        with open("/proc/loadavg") as f:
            print("load average before:", " ".join(f.read().split()[:3]))
        rules = [("3 in a row", 0.0, 0.0, 3, 0.0), ("3, 0.6 s", 0.6, 0.0, 3, 0.0), ("3, 0.6 s, sure", 0.6, 0.5, 3, 0.0),
                 ("2, 0.6 s, sure", 0.6, 0.5, 2, 0.0), ("2, 0.6 s, sure, 2 s", 0.6, 0.5, 2, 2.0)]
        print("| window (margin, least) | every | search p50/p95 s | shown p50/p95 s | "
              + " | ".join(f"{name}: contradicted, lag p50" for name, *_ in rules) + " |")
        print("| --- | --- | --- | --- | " + " | ".join("---" for _ in rules) + " |")
        for pair in args.windows.split(","):
            margin, least = (int(x) for x in pair.split(":"))
            searches, finals = replay(tool, args.model, margin, least, 0.2)
            for keep in (1, 2, 3, 5):
                kept = {u: s[::keep] for u, s in searches.items()}
                durations = [s["dur"] for ss in kept.values() for s in ss]
                shown = shown_latency(kept, finals)
                cells = []
                for _, span, confidence, in_a_row, least_heard in rules:
                    total, contradicted, lag = judge(kept, finals, span, confidence, in_a_row, least_heard=least_heard)
                    cells.append(f"{contradicted}/{total} ({100 * contradicted / max(1, total):.1f} %), {lag:.2f} s")
                print(f"| {margin}, {least} | {0.2 * keep:.1f} s | {percentile(durations, .5):.3f} / {percentile(durations, .95):.3f} | "
                      f"{percentile(shown, .5):.2f} / {percentile(shown, .95):.2f} | " + " | ".join(cells) + " |")
        with open("/proc/loadavg") as f:
            print("load average after:", " ".join(f.read().split()[:3]))


if __name__ == "__main__":
    sys.exit(main())
