"""A client of DictationKit's streaming protocol (docs/server-protocol.md) for the server
benchmarks, on PyPI's `websockets`: it streams 16 kHz mono 16-bit audio in segments of half a
second and 20 ms frames, paced like a microphone or as fast as the server takes it, notes when each
sample was sent and when each event came, and resumes after a lost connection. Paced, a segment's
frames go once it is whole (as RemoteRecognizer sends them), or with `live_frames` each frame as
soon as it has been "spoken", the segment announced at its start."""
import asyncio
import json
import os
import re
import signal
import subprocess
import time

import websockets

RATE = 16000
SEGMENT = 8000  # half a second: what RemoteRecognizer sends
FRAME = 320  # 20 ms


class Stream:
    """One session: its audio, what was sent when, and what came back."""

    def __init__(self, url, samples, realtime=True, options=None, token=None, locale="en-US", live_frames=False):
        self.url = url
        self.samples = samples
        self.realtime = realtime
        self.live_frames = live_frames
        self.options = options or {"partials": True, "formatting": False}
        self.locale = locale
        self.token = token
        self.session = None
        self.last_event = -1
        self.acked = 0  # segments acknowledged
        self.sent_at = {}  # segment (or, live, frame) end sample -> wall time its last frame went
        self.events = []  # (arrival wall time, event)
        self.ended = False
        self.reconnects = 0
        self.started_at = None

    def headers(self):
        return {"Authorization": "Bearer " + self.token} if self.token else {}

    async def run(self, kill_after=None):
        """Streams everything and waits for `ended`. `kill_after` (seconds): the connection is
        cut abruptly after that long, once, and the stream resumes on a new one."""
        next_segment = 0
        while not self.ended:
            url = self.url + ("?session=" + self.session if self.session else "")
            try:
                async with websockets.connect(url, additional_headers=self.headers(), max_size=1 << 20) as ws:
                    if self.session is None:
                        await ws.send(json.dumps({"type": "start", "locale": self.locale, "sampleRate": RATE, "options": self.options}))
                        reply = json.loads(await ws.recv())
                        assert reply["type"] == "started", reply
                        self.session = reply["session"]
                        self.started_at = time.monotonic()
                    else:
                        self.reconnects += 1
                        await ws.send(json.dumps({"type": "resume", "session": self.session,
                                                  "lastEventId": self.last_event}))
                        reply = json.loads(await ws.recv())
                        assert reply["type"] == "resumed", reply
                        next_segment = reply["nextSequenceId"]
                    receiver = asyncio.create_task(self._receive(ws))
                    cut = None
                    if kill_after is not None:
                        cut = asyncio.get_running_loop().call_later(kill_after, ws.transport.abort)
                        kill_after = None
                    try:
                        next_segment = await self._send(ws, next_segment)
                        await receiver
                    finally:
                        receiver.cancel()
                        if cut:
                            cut.cancel()
            except (websockets.ConnectionClosed, ConnectionError, OSError):
                await asyncio.sleep(0.2)

    async def _send(self, ws, first):
        segments = (len(self.samples) + SEGMENT - 1) // SEGMENT
        for n in range(first, segments):
            start, end = n * SEGMENT, min((n + 1) * SEGMENT, len(self.samples))
            live = self.realtime and self.live_frames
            if self.realtime and not live:
                # The segment's audio is all there once its last sample has been "spoken".
                due = self.started_at + end / RATE
                await asyncio.sleep(max(0, due - time.monotonic()))
            await ws.send(json.dumps({"type": "segment", "sequenceId": n, "startSampleIndex": start,
                                      "endSampleIndex": end, "lastEventId": self.last_event}))
            for f in range(start, end, FRAME):
                frame_end = min(f + FRAME, end)
                if live:
                    await asyncio.sleep(max(0, self.started_at + frame_end / RATE - time.monotonic()))
                await ws.send(self.samples[f:frame_end].tobytes())
                if live:
                    self.sent_at.setdefault(frame_end, time.monotonic())
            self.sent_at.setdefault(end, time.monotonic())
        await ws.send(json.dumps({"type": "end", "lastSequenceId": segments - 1}))
        return segments

    async def _receive(self, ws):
        async for text in ws:
            message = json.loads(text)
            kind = message["type"]
            if kind == "ack":
                self.acked = max(self.acked, message["sequenceId"] + 1)
            elif kind == "ended":
                self.ended = True
                return
            elif "eventId" in message:
                if message["eventId"] <= self.last_event:
                    raise AssertionError("event %d repeated" % message["eventId"])
                if message["eventId"] != self.last_event + 1:
                    raise AssertionError("event %d missing" % (self.last_event + 1))
                self.last_event = message["eventId"]
                self.events.append((time.monotonic(), message))
            elif kind == "error":
                raise AssertionError("protocol error: %s" % message)

    def finals(self):
        return [e for _, e in self.events if e["type"] == "final"]

    def text(self):
        return " ".join(f["text"] for f in self.finals() if f["text"])

    def latencies(self, kind, from_speech=False):
        """Seconds from the moment the audio up to an event's end was sent (or, `from_speech`,
        was spoken: a paced stream's sample n is spoken n / RATE after it started, whatever
        waits for a segment to be whole) to the moment the event arrived, for events of `kind`."""
        ends = sorted(self.sent_at)
        out = []
        for arrived, event in self.events:
            if event["type"] != kind or not event.get("text"):
                continue
            sample = int(event["end"] * RATE)
            if from_speech:
                out.append(arrived - (self.started_at + sample / RATE))
                continue
            sent = next((self.sent_at[e] for e in ends if e >= sample), None)
            if sent is not None:
                out.append(arrived - sent)
        return out


class Server:
    """`dictate serve` on a port of its own, with its process's CPU time, memory and files."""

    def __init__(self, binary, *args, env=None):
        self.process = subprocess.Popen([binary, "serve", "--port", "0", *args], stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True, env=env)
        line = self.process.stdout.readline()
        m = re.search(r":(\d+)\s*$", line)
        if not m:
            raise RuntimeError("dictate serve did not start: %r %s" % (line, self.process.stderr.read()))
        self.port = int(m.group(1))
        self.url = "ws://127.0.0.1:%d" % self.port

    def cpu_seconds(self):
        with open("/proc/%d/stat" % self.process.pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def rss_mib(self):
        with open("/proc/%d/status" % self.process.pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return 0

    def open_files(self):
        return len(os.listdir("/proc/%d/fd" % self.process.pid))

    def threads(self):
        return len(os.listdir("/proc/%d/task" % self.process.pid))

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()


def percentile(values, p):
    if not values:
        return float("nan")
    values = sorted(values)
    k = (len(values) - 1) * p / 100
    lo = int(k)
    hi = min(lo + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)
