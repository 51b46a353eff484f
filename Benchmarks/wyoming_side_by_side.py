#!/usr/bin/env python3
"""Side-by-side benchmark of Wyoming speech-to-text servers.

Stdlib + the `wyoming` client package only (tested with wyoming 1.10.2).

For each server given with --server NAME=COMMAND, one server at a time, the script
starts COMMAND as a subprocess (its own process group), waits for its Wyoming port
on 127.0.0.1, asks it to `describe` itself, sends one untimed warm-up request,
then runs every concurrency level (default 1,2,4,8), and stops it. With --rounds N
this is repeated N times, alternating the order of the servers each round (A B,
B A, A B, ...), and the figures are pooled over the rounds.

One request = one TCP connection:
    -> transcribe (language), audio-start (16000 Hz/2 bytes/1 ch),
       audio-chunk x (100 ms each; paced at real time unless --pace fast),
       audio-stop
    <- events until `transcript` (transcript-start/-chunk/-stop and anything else
       seen on the way are recorded; an `error` event fails the request)
Latency = time from having written audio-stop to receiving `transcript`.

At concurrency C, C clients run at once; client i loops over the recordings
starting at recording i (so they are not in lock step), --passes times. Reported
per level: requests completed/failed, audio seconds per wall second, latency
p50/p95, WER, whether it "stays real-time" (p95 latency <= --rt-latency, 2 s by
default), and the server's peak RSS (the server process plus all its descendants,
VmRSS from /proc sampled every 100 ms).

Placeholders in COMMAND: {port} (the Wyoming port) and {http_port} (a second free
port, for servers that also need one), both chosen here; `~` at the start of an
argument is expanded. COMMAND is split with shlex and run without a shell.

Every wait has a timeout, the whole run is bounded by --max-seconds, and servers
started here are killed (SIGTERM, then SIGKILL to their process group) on exit.
Only 127.0.0.1 is ever contacted.

Example (docs/benchmarks.md, "Wyoming"):
  Benchmarks/wyoming/install_faster_whisper.sh
  swift build -c release --product dictate
  python3 Benchmarks/wyoming_side_by_side.py --server @Benchmarks/wyoming/servers.txt --rounds 2 \\
    --json /tmp/wyoming.json --markdown /tmp/wyoming.md
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import datetime as _dt
import glob
import json
import os
import platform
import re
import shlex
import signal
import socket
import subprocess
import sys
import threading
import time
import wave
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Tuple

from wyoming.asr import Transcribe
from wyoming.audio import AudioChunk, AudioStart, AudioStop
from wyoming.client import AsyncTcpClient
from wyoming.info import Describe

HOST = "127.0.0.1"  # the only address this script ever talks to
RATE, WIDTH, CHANNELS = 16000, 2, 1
CHUNK_SECONDS = 0.1
CHUNK_BYTES = int(RATE * CHUNK_SECONDS) * WIDTH * CHANNELS  # 3200

DEFAULT_CORPUS = "/usr/share/pocketsphinx/test/data/librivox"


def log(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


# --------------------------------------------------------------------------- corpus


@dataclass
class Recording:
    rec_id: str
    path: str
    reference: str
    pcm: bytes = field(repr=False)

    @property
    def seconds(self) -> float:
        return len(self.pcm) / (RATE * WIDTH * CHANNELS)


_SPHINX_LINE = re.compile(r"^\s*(?:<s>)?\s*(.*?)\s*(?:</s>)?\s*\(([^()]+)\)\s*$")


def _sphinx_transcriptions(directory: Path) -> Dict[str, str]:
    """References from a CMU Sphinx style file: `<s> words </s> (utterance-id)`."""
    refs: Dict[str, str] = {}
    for name in ("transcription", "*.transcription"):
        for f in sorted(directory.glob(name)):
            for line in f.read_text(encoding="utf-8", errors="replace").splitlines():
                m = _SPHINX_LINE.match(line)
                if m:
                    refs[m.group(2).strip()] = m.group(1).strip()
    return refs


def load_corpus(dirs: List[str], limit: Optional[int], trailing_silence: float = 0.0) -> List[Recording]:
    recs: List[Recording] = []
    silence = bytes(int(trailing_silence * RATE) * WIDTH * CHANNELS)
    for d in dirs:
        directory = Path(d).expanduser()
        sphinx = _sphinx_transcriptions(directory)
        for wav_path in sorted(directory.glob("*.wav")):
            stem = wav_path.stem
            txt = wav_path.with_suffix(".txt")
            if txt.is_file():
                ref = txt.read_text(encoding="utf-8").strip()
            elif stem in sphinx:
                ref = sphinx[stem]
            else:
                log(f"corpus: no reference for {wav_path}, skipped")
                continue
            with wave.open(str(wav_path), "rb") as w:
                fmt = (w.getframerate(), w.getsampwidth(), w.getnchannels())
                if fmt != (RATE, WIDTH, CHANNELS):
                    log(f"corpus: {wav_path} is {fmt}, need {(RATE, WIDTH, CHANNELS)}; skipped")
                    continue
                pcm = w.readframes(w.getnframes())
            recs.append(Recording(f"{directory.name}/{stem}", str(wav_path), ref, pcm + silence))
    if limit:
        recs = recs[:limit]
    if not recs:
        raise SystemExit("no recordings with references found")
    return recs


# --------------------------------------------------------------------------- WER


def normalise(text: str) -> List[str]:
    text = text.lower().replace("\u2019", "'")
    text = re.sub(r"'", "", text)  # don't -> dont (same on both sides)
    text = re.sub(r"[^\w\s]|_", " ", text)  # punctuation (hyphens too) -> space
    return text.split()


def word_errors(hyp: str, ref: str) -> Tuple[int, int]:
    """(edit distance in words, reference word count)."""
    h, r = normalise(hyp), normalise(ref)
    prev = list(range(len(r) + 1))
    for i, hw in enumerate(h, 1):
        cur = [i] + [0] * len(r)
        for j, rw in enumerate(r, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (hw != rw))
        prev = cur
    return prev[len(r)], len(r)


# --------------------------------------------------------------------------- stats


def percentile(values: List[float], p: float) -> Optional[float]:
    """Linear-interpolated percentile (numpy's default method)."""
    if not values:
        return None
    v = sorted(values)
    k = (len(v) - 1) * p / 100.0
    lo = int(k)
    hi = min(lo + 1, len(v) - 1)
    return v[lo] + (v[hi] - v[lo]) * (k - lo)


def rnd(x: Optional[float], n: int = 3) -> Optional[float]:
    return None if x is None else round(x, n)


# --------------------------------------------------------------------------- RSS


def _children(pid: int) -> List[int]:
    kids: List[int] = []
    for f in glob.glob(f"/proc/{pid}/task/*/children"):
        try:
            with open(f) as fh:
                kids.extend(int(x) for x in fh.read().split())
        except (OSError, ValueError):
            pass
    return kids


def _vmrss_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return 0


def tree_rss_kb(root: int) -> Tuple[int, int]:
    """(sum of VmRSS over root and all descendants, number of processes)."""
    seen, stack, total = set(), [root], 0
    while stack and len(seen) < 10000:
        pid = stack.pop()
        if pid in seen:
            continue
        seen.add(pid)
        total += _vmrss_kb(pid)
        stack.extend(_children(pid))
    return total, len(seen)


class RssSampler(threading.Thread):
    def __init__(self, pid: int, interval: float = 0.1) -> None:
        super().__init__(daemon=True)
        self.pid, self.interval = pid, interval
        self.samples: List[Tuple[float, int, int]] = []  # (monotonic, kB, nprocs)
        self._stop_evt = threading.Event()

    def run(self) -> None:
        while not self._stop_evt.is_set():
            kb, n = tree_rss_kb(self.pid)
            self.samples.append((time.monotonic(), kb, n))
            self._stop_evt.wait(self.interval)

    def stop(self) -> None:
        self._stop_evt.set()
        self.join(timeout=5)

    def peak(self, t0: float = 0.0, t1: float = float("inf")) -> Optional[int]:
        vals = [kb for (t, kb, _n) in list(self.samples) if t0 <= t <= t1]
        return max(vals) if vals else None

    def last(self) -> Optional[int]:
        return self.samples[-1][1] if self.samples else None


# --------------------------------------------------------------------------- server process

_STARTED: List[subprocess.Popen] = []


def free_port(exclude: set) -> int:
    for _ in range(50):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            s.bind((HOST, 0))
            port = s.getsockname()[1]
        if port not in exclude:
            return port
    raise RuntimeError("no free port")


def stop_server(proc: subprocess.Popen, grace: float = 10.0) -> Optional[int]:
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGTERM)  # its own group (start_new_session)
        except ProcessLookupError:
            pass
        try:
            proc.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                pass
    else:
        # leader gone; make sure nothing of its group lingers
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    if proc in _STARTED:
        _STARTED.remove(proc)
    return proc.returncode


def _cleanup() -> None:
    for proc in list(_STARTED):
        stop_server(proc, grace=3.0)


atexit.register(_cleanup)


def build_argv(template: str, port: int, http_port: int) -> List[str]:
    filled = template.replace("{port}", str(port)).replace("{http_port}", str(http_port))
    return [os.path.expanduser(a) if a.startswith("~") else a for a in shlex.split(filled)]


async def wait_for_port(port: int, proc: subprocess.Popen, timeout: float) -> float:
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with code {proc.returncode} before listening")
        try:
            _r, w = await asyncio.wait_for(asyncio.open_connection(HOST, port), 1.0)
            w.close()
            try:
                await asyncio.wait_for(w.wait_closed(), 1.0)
            except Exception:
                pass
            return time.monotonic() - t0
        except (OSError, asyncio.TimeoutError):
            await asyncio.sleep(0.1)
    raise TimeoutError(f"port {port} not open after {timeout:.0f}s")


# --------------------------------------------------------------------------- client


async def _close(client: AsyncTcpClient) -> None:
    try:
        await asyncio.wait_for(client.disconnect(), 2.0)
    except Exception:
        pass


async def describe(port: int, timeout: float) -> Optional[dict]:
    client = AsyncTcpClient(HOST, port, connect_timeout=timeout, read_timeout=timeout)
    try:
        await client.connect()
        await client.write_event(Describe().event())
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            ev = await client.read_event()
            if ev is None:
                return None
            if ev.type == "info":
                return ev.to_dict()
        return None
    except Exception as e:  # noqa: BLE001
        log(f"describe failed: {type(e).__name__}: {e}")
        return None
    finally:
        await _close(client)


async def transcribe_once(
    port: int, rec: Recording, language: str, pace: str, timeout: float
) -> dict:
    """One request on a fresh connection. Never raises; failures are recorded."""
    r: dict = {"rec_id": rec.rec_id, "audio_s": round(rec.seconds, 3), "ok": False}
    client = AsyncTcpClient(HOST, port, connect_timeout=timeout, read_timeout=timeout)
    events_seen: List[str] = []
    chunks: List[str] = []
    t_stop: List[float] = []  # set once audio-stop is written
    first_chunk_t: List[float] = []
    t_start = time.monotonic()

    async def reader() -> dict:
        while True:
            ev = await client.read_event()  # per-event timeout = read_timeout
            now = time.monotonic()
            if ev is None:
                raise ConnectionError("connection closed before transcript")
            events_seen.append(ev.type)
            if ev.type == "transcript-chunk":
                chunks.append((ev.data or {}).get("text", ""))
                if not first_chunk_t:
                    first_chunk_t.append(now)
            elif ev.type == "error":
                raise RuntimeError(f"server error: {ev.data}")
            elif ev.type == "transcript":
                return {"text": (ev.data or {}).get("text", ""), "t": now}

    read_task: Optional[asyncio.Task] = None
    try:
        await client.connect()
        read_task = asyncio.create_task(reader())  # streaming servers answer while we send
        await client.write_event(Transcribe(language=language).event())
        await client.write_event(AudioStart(rate=RATE, width=WIDTH, channels=CHANNELS).event())
        t_audio0 = time.monotonic()
        for k, off in enumerate(range(0, len(rec.pcm), CHUNK_BYTES)):
            if read_task.done():
                break  # server answered/failed early; stop sending
            if pace == "realtime":
                # like a microphone: a chunk is sent once its audio has been "captured"
                due = t_audio0 + min((k + 1) * CHUNK_SECONDS, rec.seconds)
                delay = due - time.monotonic()
                if delay > 0:
                    await asyncio.sleep(delay)
            await client.write_event(
                AudioChunk(rate=RATE, width=WIDTH, channels=CHANNELS,
                           audio=rec.pcm[off:off + CHUNK_BYTES]).event()
            )
        if not read_task.done():
            await client.write_event(AudioStop().event())
        t_stop.append(time.monotonic())
        res = await asyncio.wait_for(read_task, timeout * 2)
        r.update(
            ok=True,
            text=res["text"],
            latency_s=round(res["t"] - t_stop[0], 4),
            total_s=round(res["t"] - t_start, 4),
            send_s=round(t_stop[0] - t_audio0, 4),
        )
        errs, nref = word_errors(res["text"], rec.reference)
        r.update(word_errors=errs, ref_words=nref)
    except Exception as e:  # noqa: BLE001
        r["error"] = f"{type(e).__name__}: {e}"
    finally:  # also on cancellation
        if read_task is not None:
            if not read_task.done():
                read_task.cancel()
            read_task.add_done_callback(lambda t: t.cancelled() or t.exception())
        await _close(client)
    if chunks:
        r["transcript_chunks"] = chunks
        if t_stop:
            r["first_chunk_vs_stop_s"] = round(first_chunk_t[0] - t_stop[0], 4)
    r["events"] = _compress(events_seen)
    return r


def _compress(types: List[str]) -> List[str]:
    """['a', 'b', 'b', 'b'] -> ['a', 'b x3']"""
    out: List[Tuple[str, int]] = []
    for t in types:
        if out and out[-1][0] == t:
            out[-1] = (t, out[-1][1] + 1)
        else:
            out.append((t, 1))
    return [t if n == 1 else f"{t} x{n}" for t, n in out]


# --------------------------------------------------------------------------- levels


async def run_level(port: int, recs: List[Recording], conc: int, args, sampler: RssSampler,
                    levels: List[dict]) -> dict:
    """Run one concurrency level; its summary is appended to `levels` even if cancelled."""
    results: List[dict] = []
    t0 = time.monotonic()
    deadline = t0 + args.level_timeout

    async def client_loop(ci: int) -> None:
        n = len(recs)
        for k in range(n * args.passes):
            if time.monotonic() > deadline:
                return
            rec = recs[(ci + k) % n]
            r = await transcribe_once(port, rec, args.language, args.pace, args.timeout)
            r["client"] = ci
            r["t_done_s"] = round(time.monotonic() - t0, 3)
            results.append(r)

    tasks = [asyncio.create_task(client_loop(i)) for i in range(conc)]
    pending: set = set(tasks)
    interrupted = True
    try:
        _done, pending = await asyncio.wait(tasks, timeout=args.level_timeout + args.timeout * 3)
        interrupted = False
    finally:  # also on cancellation (signal, --max-seconds)
        for t in tasks:
            if not t.done():
                t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        t1 = time.monotonic()
        lvl = summarise(results, t1 - t0, conc, args.rt_latency)
        lvl["peak_rss_kb"] = sampler.peak(t0, t1)
        lvl["timed_out"] = bool(pending) or t1 > deadline
        lvl["interrupted"] = interrupted
        lvl["requests"] = results
        levels.append(lvl)
    return lvl


def summarise(results: List[dict], wall: float, conc: int, rt_latency: float) -> dict:
    ok = [r for r in results if r.get("ok")]
    lat = [r["latency_s"] for r in ok]
    audio = sum(r["audio_s"] for r in ok)
    errs = sum(r["word_errors"] for r in ok)
    nref = sum(r["ref_words"] for r in ok)
    p95 = percentile(lat, 95)
    return {
        "concurrency": conc,
        "requests_ok": len(ok),
        "requests_failed": len(results) - len(ok),
        "wall_s": round(wall, 3),
        "audio_s": round(audio, 3),
        "audio_s_per_wall_s": rnd(audio / wall if wall > 0 else None),
        "latency_p50_s": rnd(percentile(lat, 50)),
        "latency_p95_s": rnd(p95),
        "latency_mean_s": rnd(sum(lat) / len(lat) if lat else None),
        "latency_max_s": rnd(max(lat) if lat else None),
        "wer": rnd(errs / nref if nref else None, 4),
        "word_errors": errs,
        "ref_words": nref,
        "realtime": bool(p95 is not None and p95 <= rt_latency and len(ok) == len(results)),
        "streaming_events_seen": any("transcript-chunk" in " ".join(r.get("events", [])) for r in results),
    }


# --------------------------------------------------------------------------- one server run


async def run_server(name: str, template: str, recs: List[Recording], args, rnd_no: int,
                     runs: List[dict]) -> dict:
    """Start, measure and stop one server; the run record is appended to `runs` at once."""
    used: set = set()
    port = free_port(used)
    used.add(port)
    http_port = free_port(used)
    argv = build_argv(template, port, http_port)
    logdir = Path(args.log_dir)
    logdir.mkdir(parents=True, exist_ok=True)
    logfile = logdir / f"{re.sub(r'[^A-Za-z0-9_.-]', '_', name)}-round{rnd_no}.log"
    run: dict = {
        "server": name, "round": rnd_no, "argv": argv, "port": port, "http_port": http_port,
        "log": str(logfile), "loadavg_start": list(os.getloadavg()),
        "started_at": _dt.datetime.now().isoformat(timespec="seconds"), "levels": [],
    }
    runs.append(run)
    log(f"[{name} r{rnd_no}] starting: {shlex.join(argv)}  (log {logfile})")
    env = dict(os.environ)
    env.setdefault("HF_HUB_OFFLINE", "1")  # never let a hub client reach out
    fh = open(logfile, "wb")
    t_launch = time.monotonic()
    proc = subprocess.Popen(argv, stdout=fh, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                            start_new_session=True, env=env)
    _STARTED.append(proc)
    run["pid"] = proc.pid
    sampler = RssSampler(proc.pid)
    sampler.start()
    try:
        run["port_open_s"] = round(await wait_for_port(port, proc, args.start_timeout), 3)
        info = await describe(port, min(args.timeout, 15.0))
        run["describe"] = info
        run["describe_ok"] = info is not None
        # warm-up (untimed): loads lazily-loaded models, first-call allocations
        warm = []
        for i in range(args.warmup):
            w = await transcribe_once(port, recs[i % len(recs)], args.language, "fast",
                                      max(args.timeout, args.start_timeout))
            warm.append(w)
            if not w["ok"]:
                log(f"[{name} r{rnd_no}] warm-up failed: {w.get('error')}")
        run["warmup"] = warm
        run["ready_s"] = round(time.monotonic() - t_launch, 3)
        await asyncio.sleep(0.3)
        run["idle_rss_kb"] = sampler.last()
        for conc in args.concurrency:
            if proc.poll() is not None:
                run["error"] = f"server exited with code {proc.returncode}"
                break
            log(f"[{name} r{rnd_no}] concurrency {conc} ...")
            lvl = await run_level(port, recs, conc, args, sampler, run["levels"])
            log(f"[{name} r{rnd_no}] c={conc}: ok={lvl['requests_ok']} failed={lvl['requests_failed']} "
                f"p50={lvl['latency_p50_s']} p95={lvl['latency_p95_s']} WER={lvl['wer']} "
                f"x{lvl['audio_s_per_wall_s']} peakRSS={lvl['peak_rss_kb']}kB")
    except Exception as e:  # noqa: BLE001
        run["error"] = f"{type(e).__name__}: {e}"
        log(f"[{name} r{rnd_no}] ERROR {run['error']}")
    finally:
        run["peak_rss_kb"] = sampler.peak()
        run["max_processes"] = max((n for (_t, _kb, n) in sampler.samples), default=None)
        run["exit_code"] = stop_server(proc)
        sampler.stop()
        fh.close()
        run["loadavg_end"] = list(os.getloadavg())
        try:
            tail = logfile.read_text(errors="replace").splitlines()[-15:]
        except OSError:
            tail = []
        run["log_tail"] = tail
        if run.get("error"):
            for line in tail:
                log(f"  | {line}")
    return run


# --------------------------------------------------------------------------- report


def pool_rounds(runs: List[dict], concs: List[int], rt_latency: float) -> List[dict]:
    rows = []
    for c in concs:
        levels = [l for r in runs for l in r["levels"] if l["concurrency"] == c]
        if not levels:
            continue
        reqs = [q for l in levels for q in l["requests"]]
        row = summarise(reqs, sum(l["wall_s"] for l in levels), c, rt_latency)
        row["rounds"] = len(levels)
        row["peak_rss_kb"] = max((l["peak_rss_kb"] or 0) for l in levels) or None
        row["timed_out"] = any(l["timed_out"] or l.get("interrupted") for l in levels)
        rows.append(row)
    return rows


def markdown(result: dict) -> str:
    out = []
    a = result["meta"]
    silence = a.get("trailing_silence_s") or 0
    trailing = f", {silence} s of silence after each recording" if silence else ""
    out.append(f"## Wyoming STT side by side ({a['started_at']}, pace={a['pace']}{trailing}, "
               f"{a['recordings']} recordings / {a['audio_s']:.1f} s audio, rounds={a['rounds']}, "
               f"real-time = p95 latency <= {a['rt_latency_s']} s)\n")
    out.append(f"load average at start {fmt_load(a['loadavg_start'])}, at end {fmt_load(a.get('loadavg_end'))}\n")
    for name, srv in result["servers"].items():
        out.append(f"### {name}\n")
        for r in srv["runs"]:
            extra = f"; ERROR: {r['error']}" if r.get("error") else ""
            extra += "; INTERRUPTED" if any(l.get("interrupted") for l in r["levels"]) else ""
            out.append(f"- round {r['round']}: ready in {r.get('ready_s')} s, idle RSS "
                       f"{mb(r.get('idle_rss_kb'))}, peak RSS {mb(r.get('peak_rss_kb'))} "
                       f"({r.get('max_processes')} proc), load {fmt_load(r['loadavg_start'])} -> "
                       f"{fmt_load(r['loadavg_end'])}{extra}")
        out.append("")
        out.append("| conc | ok | failed | audio s | wall s | audio s / wall s | p50 latency s | "
                   "p95 latency s | WER | real-time | peak RSS MB |")
        out.append("|---:|---:|---:|---:|---:|---:|---:|---:|---:|:---:|---:|")
        for row in srv["summary"]:
            out.append(
                f"| {row['concurrency']} | {row['requests_ok']} | {row['requests_failed']} | "
                f"{row['audio_s']:.1f} | {row['wall_s']:.1f} | {fmt(row['audio_s_per_wall_s'], 2)} | "
                f"{fmt(row['latency_p50_s'])} | {fmt(row['latency_p95_s'])} | "
                f"{fmt(row['wer'] * 100 if row['wer'] is not None else None, 1)}% | "
                f"{'yes' if row['realtime'] else 'no'}{' (cut short)' if row['timed_out'] else ''} | "
                f"{mb(row['peak_rss_kb'], unit=False)} |")
        out.append("")
    if len(result["servers"]) > 1:
        out.append("### Summary at concurrency 1\n")
        out.append("| server | p50 latency s | p95 latency s | WER | peak RSS MB |")
        out.append("|---|---:|---:|---:|---:|")
        for name, srv in result["servers"].items():
            row = next((r for r in srv["summary"] if r["concurrency"] == 1), None)
            if row:
                out.append(f"| {name} | {fmt(row['latency_p50_s'])} | {fmt(row['latency_p95_s'])} | "
                           f"{fmt(row['wer'] * 100 if row['wer'] is not None else None, 1)}% | "
                           f"{mb(row['peak_rss_kb'], unit=False)} |")
        out.append("")
    return "\n".join(out)


def fmt(x, n=3):
    return "-" if x is None else f"{x:.{n}f}"


def mb(kb, unit=True):
    return "-" if not kb else f"{kb / 1024:.0f}" + (" MB" if unit else "")


def fmt_load(l):
    return "-" if not l else "/".join(f"{x:.2f}" for x in l)


# --------------------------------------------------------------------------- main


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--server", action="append", required=True, metavar="NAME=COMMAND",
                   help="a server to start; COMMAND may use {port} and {http_port} (repeatable); "
                        "@FILE reads NAME=COMMAND lines from FILE")
    p.add_argument("--corpus", action="append", metavar="DIR",
                   help=f"directory of 16 kHz mono 16-bit WAVs with NAME.txt or a Sphinx "
                        f"'transcription' file (repeatable; default {DEFAULT_CORPUS})")
    p.add_argument("--limit", type=int, default=None, help="use only the first N recordings")
    p.add_argument("--language", default="en")
    p.add_argument("--pace", choices=["realtime", "fast"], default="realtime",
                   help="send 100 ms chunks at real time (default) or as fast as possible")
    p.add_argument("--trailing-silence", type=float, default=0.0, metavar="SECONDS",
                   help="append this much silence to every recording before audio-stop, as a client "
                        "that ends the stream on its own voice activity detection does (Home "
                        "Assistant's voice pipeline: after 0.7 s of silence); default 0")
    p.add_argument("--concurrency", default="1,2,4,8", help="comma-separated levels (default 1,2,4,8)")
    p.add_argument("--passes", type=int, default=1,
                   help="times each client loops over the recordings per level (default 1)")
    p.add_argument("--rounds", type=int, default=1,
                   help="repeat everything N times, alternating the server order (default 1)")
    p.add_argument("--warmup", type=int, default=1, help="untimed requests after start (default 1)")
    p.add_argument("--rt-latency", type=float, default=2.0,
                   help="a level 'stays real-time' if p95 latency <= this many seconds (default 2)")
    p.add_argument("--timeout", type=float, default=60.0,
                   help="connect / per-event read timeout in seconds (default 60)")
    p.add_argument("--start-timeout", type=float, default=180.0,
                   help="seconds to wait for a server's port (default 180)")
    p.add_argument("--level-timeout", type=float, default=900.0,
                   help="no new request is started in a level after this many seconds (default 900)")
    p.add_argument("--max-seconds", type=float, default=4 * 3600.0,
                   help="hard cap on the whole run (default 4 h)")
    p.add_argument("--json", metavar="FILE", help="write all results (incl. every request) here")
    p.add_argument("--markdown", metavar="FILE", help="also write the tables here")
    p.add_argument("--log-dir", default="./wyoming-bench-logs", help="server stdout/stderr go here")
    p.add_argument("--show-transcripts", action="store_true",
                   help="print the concurrency-1 transcripts of the first round")
    args = p.parse_args(argv)
    args.concurrency = [int(x) for x in args.concurrency.split(",") if x.strip()]
    servers = []
    specs: List[str] = []
    for s in args.server:
        if s.startswith("@"):  # @FILE: one NAME=COMMAND per line ('#' comments)
            for line in Path(s[1:]).expanduser().read_text().splitlines():
                if line.strip() and not line.lstrip().startswith("#"):
                    specs.append(line.strip())
        else:
            specs.append(s)
    for s in specs:
        name, sep, cmd = s.partition("=")
        if not sep or not name.strip() or not cmd.strip():
            p.error(f"--server wants NAME=COMMAND, got {s!r}")
        if "{port}" not in cmd:
            p.error(f"--server {name}: COMMAND must contain {{port}}")
        servers.append((name.strip(), cmd.strip()))
    if len({n for n, _ in servers}) != len(servers):
        p.error("server names must be unique")
    args.servers = servers
    args.corpus = args.corpus or [DEFAULT_CORPUS]
    return args


async def amain(args, holder: dict) -> None:
    # SIGINT/SIGTERM/SIGHUP cancel the run: servers are stopped in `finally`
    # blocks and the partial results are still printed and written.
    me = asyncio.current_task()
    loop = asyncio.get_running_loop()

    def _interrupt(sig: int) -> None:
        log(f"signal {sig}: stopping")
        holder["interrupted"] = True
        me.cancel()

    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        loop.add_signal_handler(sig, _interrupt, sig)
    recs = load_corpus(args.corpus, args.limit, args.trailing_silence)
    total_audio = sum(r.seconds for r in recs)
    log(f"{len(recs)} recordings, {total_audio:.1f} s of audio; servers: {', '.join(n for n, _ in args.servers)}")
    result = {
        "meta": {
            "started_at": _dt.datetime.now().isoformat(timespec="seconds"),
            "host": platform.node(), "cpus": os.cpu_count(), "python": platform.python_version(),
            "loadavg_start": list(os.getloadavg()),
            "pace": args.pace, "trailing_silence_s": args.trailing_silence,
            "language": args.language, "chunk_ms": int(CHUNK_SECONDS * 1000),
            "concurrency": args.concurrency, "passes": args.passes, "rounds": args.rounds,
            "warmup": args.warmup, "rt_latency_s": args.rt_latency,
            "latency_definition": "audio-stop written -> transcript received",
            "recordings": len(recs), "audio_s": round(total_audio, 3),
            "corpus": [{"id": r.rec_id, "path": r.path, "audio_s": round(r.seconds, 3),
                        "reference": r.reference} for r in recs],
            "servers": {n: c for n, c in args.servers},
        },
        "servers": {n: {"runs": []} for n, _ in args.servers},
    }
    holder["result"] = result  # partial results survive --max-seconds / Ctrl-C
    try:
        for rnd_no in range(1, args.rounds + 1):
            order = args.servers if rnd_no % 2 == 1 else list(reversed(args.servers))
            for name, template in order:
                await run_server(name, template, recs, args, rnd_no, result["servers"][name]["runs"])
    finally:
        for name, srv in result["servers"].items():
            srv["summary"] = pool_rounds(srv["runs"], args.concurrency, args.rt_latency)
            srv["describe"] = next((r.get("describe") for r in srv["runs"] if r.get("describe")), None)
        result["meta"]["loadavg_end"] = list(os.getloadavg())
        result["meta"]["finished_at"] = _dt.datetime.now().isoformat(timespec="seconds")


def main(argv=None) -> int:
    args = parse_args(argv)
    holder: dict = {}

    try:
        asyncio.run(asyncio.wait_for(amain(args, holder), args.max_seconds))
    except asyncio.TimeoutError:
        log(f"--max-seconds {args.max_seconds} reached; stopping")
        holder["interrupted"] = True
    except (KeyboardInterrupt, asyncio.CancelledError):
        log("interrupted; writing partial results")
        holder["interrupted"] = True
    finally:
        _cleanup()
    result = holder.get("result")
    if result is None:
        return 2
    md = markdown(result)
    print(md)
    if args.show_transcripts:
        for name, srv in result["servers"].items():
            lv = next((l for r in srv["runs"][:1] for l in r["levels"] if l["concurrency"] == 1), None)
            if lv:
                print(f"\n#### {name} transcripts (concurrency 1, round 1)\n")
                for q in lv["requests"]:
                    print(f"- {q['rec_id']}: {q.get('text', q.get('error'))!r} "
                          f"[{q.get('word_errors')}/{q.get('ref_words')} errors; events {q.get('events')}]")
    if args.markdown:
        Path(args.markdown).parent.mkdir(parents=True, exist_ok=True)
        Path(args.markdown).write_text(md + "\n")
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(result, indent=1))
        log(f"JSON written to {args.json}")
    ok = not holder.get("interrupted") and all(
        not r.get("error") for s in result["servers"].values() for r in s["runs"])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
