#!/usr/bin/env python3
"""Hostile uploads contained: damaged Ogg Vorbis, MP3 and FLAC files to `dictate serve`'s
`POST /v1/audio/transcriptions`, and the server's memory through them.

Three good files are made from one LibriVox recording (sox, lame, flac), then `--count` damaged
ones from them, deterministically from `--seed`: each cut off inside its headers, some with
bytes of the headers overwritten too, so that no decoder can make audio of it. Each is sent once, one at a
time, on one keep-alive connection; every answer must be OpenAI's error shape with
DictationKit's code (`invalidAudio`) and status 400. The server's RSS (VmRSS) is read before the
first upload, after `--warmup` uploads and after the last. libsndfile 1.2.0 leaks about 5.8 KB
for every Ogg file it fails to open: with `--upload-decoding in-process` the server keeps that
leak; with `worker` (the default) each upload is decoded in a process of its own, which takes
the leak with it when it ends. Prints a summary, or JSON with `--json`; exits 1 when an answer
was not a coded error or the RSS after the last upload is more than `--bound` (5 %) above the
RSS after the warm-up.

    swift build -c release --product dictate
    python3 Benchmarks/damaged_uploads.py --count 10000
    python3 Benchmarks/damaged_uploads.py --count 10000 --upload-decoding in-process

The tests run it with a few hundred uploads (`UploadContainmentTests`), and `--then-transcribe
FILE` to show that a good upload is still transcribed afterwards. Needs sox, lame and flac."""
import argparse
import http.client
import json
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import uuid

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RECORDING = os.path.join(ROOT, "Examples/samples/librivox-sense-and-sensibility-0880.wav")


def make_good_files(folder, recording):
    """The recording as Ogg Vorbis, MP3 and FLAC."""
    for tool in ("sox", "lame", "flac"):
        if shutil.which(tool) is None:
            sys.exit("%s is missing: apt-get install sox lame flac" % tool)
    files = {
        "ogg": os.path.join(folder, "good.ogg"),
        "mp3": os.path.join(folder, "good.mp3"),
        "flac": os.path.join(folder, "good.flac"),
    }
    subprocess.run(["sox", recording, files["ogg"]], check=True)
    subprocess.run(["lame", "--quiet", recording, files["mp3"]], check=True)
    subprocess.run(["flac", "--silent", "--force", "-o", files["flac"], recording], check=True)
    return {kind: open(path, "rb").read() for kind, path in files.items()}


def header_length(kind, data):
    """Where the headers end, before which damage leaves no audio to decode: Vorbis's three
    header packets (identification, comments, setup), FLAC's STREAMINFO, MP3's first frame
    header."""
    if kind == "ogg":
        # Vorbis's three header packets, by the pages' lacing values (one under 255 ends a packet).
        offset, packets = 0, 0
        while True:
            segments = data[offset + 26]
            table = data[offset + 27:offset + 27 + segments]
            position = offset + 27 + segments
            for lacing in table:
                position += lacing
                if lacing < 255:
                    packets += 1
                    if packets == 3:
                        return position
            offset = position
    if kind == "flac":
        # "fLaC" and STREAMINFO: libsndfile opens a FLAC cut off in a later metadata block and
        # reads no audio from it without an error (an empty transcript, as in the server's own
        # process), so the damage stays in the first block.
        return 4 + 4 + int.from_bytes(data[5:8], "big")
    # MP3: an ID3v2 tag if there is one, then one frame header.
    offset = 0
    if data[:3] == b"ID3":
        size = data[6:10]
        offset = 10 + ((size[0] << 21) | (size[1] << 14) | (size[2] << 7) | size[3])
    return offset + 4


def damaged(kind, data, rng):
    """One damaged copy, cut off inside its headers: as it is, with some of its first 64 bytes
    (magic, sizes, rates) overwritten at random, or with a run of its headers overwritten with
    noise. A cut after the headers leaves audio pages that may decode to nothing at all, which
    is an empty transcript rather than an error."""
    end = header_length(kind, data)
    body = bytearray(data[:end])
    how = rng.randrange(3)
    if how == 1:
        for _ in range(rng.randrange(1, 9)):
            body[rng.randrange(0, min(len(body), 64))] = rng.randrange(256)
    elif how == 2:
        start = rng.randrange(0, end)
        length = min(rng.randrange(1, 33), end - start)
        body[start:start + length] = bytes(rng.randrange(256) for _ in range(length))
    # At least one byte: an empty file is a request without its file.
    return bytes(body[:rng.randrange(1, end)])


class Server:
    """`dictate serve --port 0`, its standard error in a file."""

    def __init__(self, binary, args, folder):
        env = dict(os.environ)
        # Debian's model, whatever model pack the home folder has (as the tests do).
        env["XDG_DATA_HOME"] = os.path.join(folder, "data")
        self.errors = open(os.path.join(folder, "stderr"), "w+")
        self.process = subprocess.Popen([binary, "serve", "--port", "0", *args], stdout=subprocess.PIPE,
                                        stderr=self.errors, text=True, env=env)
        line = self.process.stdout.readline()
        m = re.search(r":(\d+)\s*$", line)
        if not m:
            self.errors.seek(0)
            raise RuntimeError("dictate serve did not start: %r %s" % (line, self.errors.read()))
        self.port = int(m.group(1))

    def rss_kib(self):
        with open("/proc/%d/status" % self.process.pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0

    def alive(self):
        return self.process.poll() is None

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()


class Client:
    """Uploads on one keep-alive connection, opened again when the server closed it."""

    def __init__(self, port):
        self.port = port
        self.connection = None

    def upload(self, name, data):
        boundary = uuid.uuid4().hex
        body = (("--%s\r\nContent-Disposition: form-data; name=\"model\"\r\n\r\nwhisper-1\r\n"
                 "--%s\r\nContent-Disposition: form-data; name=\"file\"; filename=\"%s\"\r\n"
                 "Content-Type: application/octet-stream\r\n\r\n") % (boundary, boundary, name)).encode()
        body += data + ("\r\n--%s--\r\n" % boundary).encode()
        headers = {"Content-Type": "multipart/form-data; boundary=%s" % boundary}
        for attempt in range(2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=300)
            try:
                self.connection.request("POST", "/v1/audio/transcriptions", body=body, headers=headers)
                response = self.connection.getresponse()
                text = response.read().decode("utf-8", "replace")
                return response.status, text, response.getheader("X-DictationKit-Error")
            except (http.client.HTTPException, OSError):
                self.connection.close()
                self.connection = None
                if attempt == 1:
                    raise
        raise AssertionError("unreachable")


def coded_error(status, text):
    """The error's code when the answer is OpenAI's error shape with a code, else None."""
    if status < 400:
        return None
    try:
        error = json.loads(text)["error"]
    except (ValueError, KeyError, TypeError):
        return None
    if isinstance(error, dict) and isinstance(error.get("code"), str) and isinstance(error.get("message"), str):
        return error["code"]
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/dictate"))
    parser.add_argument("--count", type=int, default=10000)
    parser.add_argument("--warmup", type=int, default=None, help="uploads before the baseline RSS (count/20, 50 at least)")
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--upload-decoding", default="worker", choices=["worker", "in-process"])
    parser.add_argument("--serve", default="", help="more options for `dictate serve`, in one string")
    parser.add_argument("--recording", default=RECORDING)
    parser.add_argument("--bound", type=float, default=0.05)
    parser.add_argument("--then-transcribe", metavar="FILE", help="a good upload sent after the damaged ones")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    warmup = args.warmup if args.warmup is not None else max(50, args.count // 20)

    folder = tempfile.mkdtemp(prefix="dictate-damaged-uploads-")
    server = None
    try:
        good = make_good_files(folder, args.recording)
        server = Server(args.binary, ["--upload-decoding", args.upload_decoding, *args.serve.split()], folder)
        client = Client(server.port)
        rng = random.Random(args.seed)
        kinds = sorted(good)
        rss_start = server.rss_kib()
        rss_warm = None
        codes = {}
        uncoded = []
        latencies = []
        for index in range(args.count):
            kind = kinds[index % len(kinds)]
            data = damaged(kind, good[kind], rng)
            began = time.monotonic()
            status, text, _ = client.upload("damaged-%d.%s" % (index, kind), data)
            latencies.append(time.monotonic() - began)
            code = coded_error(status, text)
            key = "%s %s" % (status, code)
            codes[key] = codes.get(key, 0) + 1
            if code is None and len(uncoded) < 10:
                uncoded.append({"index": index, "kind": kind, "status": status, "body": text[:300]})
            if index + 1 == warmup:
                rss_warm = server.rss_kib()
        rss_end = server.rss_kib()
        rss_warm = rss_warm or rss_start
        result = {
            "uploadDecoding": args.upload_decoding,
            "count": args.count,
            "warmup": warmup,
            "seed": args.seed,
            "answers": codes,
            "uncodedExamples": uncoded,
            "rssStartKiB": rss_start,
            "rssAfterWarmupKiB": rss_warm,
            "rssEndKiB": rss_end,
            "growthSinceWarmup": (rss_end - rss_warm) / rss_warm,
            "latencyMedianMs": statistics.median(latencies) * 1000 if latencies else None,
            "latencyP95Ms": sorted(latencies)[int(len(latencies) * 0.95)] * 1000 if latencies else None,
            "serverAlive": server.alive(),
            "load": os.getloadavg(),
        }
        if args.then_transcribe:
            status, text, failure = client.upload(os.path.basename(args.then_transcribe),
                                                  open(args.then_transcribe, "rb").read())
            result["transcription"] = {"status": status, "body": text, "error": failure}
        result["serverAliveAtEnd"] = server.alive()
    finally:
        if server:
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)

    coded = sum(n for key, n in codes.items() if not key.endswith(" None"))
    passed = coded == args.count and result["growthSinceWarmup"] <= args.bound and result["serverAliveAtEnd"]
    if args.json:
        print(json.dumps(result))
    else:
        print("uploads: %d (%s), answers: %s" % (args.count, args.upload_decoding, codes))
        print("coded errors: %d of %d" % (coded, args.count))
        print("RSS: start %.1f MiB, after %d warm-up uploads %.1f MiB, end %.1f MiB (%+.1f %% since the warm-up)" % (
            rss_start / 1024, warmup, rss_warm / 1024, rss_end / 1024, 100 * result["growthSinceWarmup"]))
        print("latency per upload: median %.1f ms, p95 %.1f ms" % (result["latencyMedianMs"], result["latencyP95Ms"]))
        print("load average at the end: %.2f %.2f %.2f" % result["load"])
        for example in uncoded:
            print("not a coded error: %s" % example)
    sys.exit(0 if passed else 1)


if __name__ == "__main__":
    main()
