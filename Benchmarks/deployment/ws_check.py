#!/usr/bin/env python3
"""WebSocket checks of a running `dictate serve`, directly or through a proxy.

    ws_check.py vosk   URL PCM            # vosk protocol: config, PCM in chunks, eof; prints the text
    ws_check.py hold   URL SECONDS        # /v1/stream: start a session and keep its connection open
    ws_check.py resume URL PCM [--drop-after N] [--cafile CRT] [--session-in-resume-url]
                                          # /v1/stream: start, N segments, drop the connection,
                                          # resume on a NEW connection to the same URL, send the
                                          # rest, end; prints "resumed" and the finals' text

PCM is raw 16 kHz mono s16le, e.g. `sox FILE -t raw -r 16000 -c 1 -b 16 -e signed - > FILE.pcm`.
URL is ws:// or wss://, with whatever query string the proxy routes on (e.g. `?affinity=KEY`);
`--token T` sends `Authorization: Bearer T`. Exits non-zero when a check fails.
Needs the `websockets` package (Debian: python3-websockets). Only for loopback tests.
"""
import argparse
import asyncio
import json
import ssl
import sys

import websockets


def connect(url, args):
    kwargs = {"max_size": 2**20, "open_timeout": 10}
    if url.startswith("wss://"):
        kwargs["ssl"] = ssl.create_default_context(cafile=args.cafile)
    if args.token:
        # websockets 14 and later call it additional_headers; Debian 12's 10.4 extra_headers.
        major = int(websockets.version.version.split(".")[0])
        kwargs["additional_headers" if major >= 14 else "extra_headers"] = {"Authorization": f"Bearer {args.token}"}
    return websockets.connect(url, **kwargs)


async def vosk(args, pcm):
    async with connect(args.url, args) as ws:
        await ws.send(json.dumps({"config": {"sample_rate": 16000}}))
        replies = 0
        for offset in range(0, len(pcm), 8000):  # 0.25 s per message
            await ws.send(pcm[offset:offset + 8000])
            json.loads(await ws.recv())  # one reply (partial or result) per message
            replies += 1
        await ws.send('{"eof" : 1}')
        final = json.loads(await ws.recv())
    texts = [r.get("text", "") for r in final.get("result", [])] if "result" in final else []
    text = final.get("text") or " ".join(texts)
    print(f"vosk: {replies} replies, final text: {text!r}")
    return bool(text)


SEGMENT = 16000  # samples per segment: 1 s


async def send_segments(ws, pcm, first, last, frame_bytes):
    """Sends segments first..last-1 and waits for their acks."""
    for seq in range(first, last):
        start, end = seq * SEGMENT, min((seq + 1) * SEGMENT, len(pcm) // 2)
        await ws.send(json.dumps({"type": "segment", "sequenceId": seq, "startSampleIndex": start, "endSampleIndex": end}))
        data = pcm[start * 2:end * 2]
        for offset in range(0, len(data), frame_bytes):
            await ws.send(data[offset:offset + frame_bytes])
    acked, events = -1, []
    while acked < last - 1:
        message = json.loads(await ws.recv())
        if message.get("type") == "ack":
            acked = message["sequenceId"]
        elif message.get("type") == "error" and "eventId" not in message:
            raise RuntimeError(f"protocol error: {message}")
        else:
            events.append(message)
    return events


async def resume(args, pcm):
    segments = (len(pcm) // 2 + SEGMENT - 1) // SEGMENT
    drop_after = min(args.drop_after, segments - 1)
    events = []
    async with connect(args.url, args) as ws:
        await ws.send(json.dumps({"type": "start", "locale": "en-US", "sampleRate": 16000, "channels": 1,
                                  "encoding": "s16le", "frameMilliseconds": 20}))
        started = json.loads(await ws.recv())
        if started.get("type") != "started":
            print(f"stream: no started: {started}")
            return False
        token, frame_bytes = started["session"], started["frameBytes"]
        events += await send_segments(ws, pcm, 0, drop_after, frame_bytes)
        # Drop the connection without `end`, as a client whose network went away would (the
        # close handshake only makes the test quick; the server treats any lost connection alike).
    last_event = max([e["eventId"] for e in events if "eventId" in e], default=-1)
    resume_url = args.url
    if args.session_in_resume_url:  # the session token on the resume's URL only (no key on start)
        resume_url += ("&" if "?" in resume_url else "?") + "session=" + token
    async with connect(resume_url, args) as ws:
        await ws.send(json.dumps({"type": "resume", "session": token, "lastEventId": last_event}))
        answer = json.loads(await ws.recv())
        if answer.get("type") != "resumed":
            print(f"stream: resume of {token[:8]}… failed: {answer}")
            return False
        print(f"stream: session {token[:8]}… resumed at segment {answer['nextSequenceId']} on a new connection")
        events += await send_segments(ws, pcm, answer["nextSequenceId"], segments, frame_bytes)
        await ws.send(json.dumps({"type": "end", "lastSequenceId": segments - 1}))
        async for raw in ws:
            message = json.loads(raw)
            events.append(message)
            if message.get("type") == "ended":
                break
    text = " ".join(e["text"] for e in events if e.get("type") == "final" and e.get("text"))
    print(f"stream: final text: {text!r}")
    return bool(text)


async def hold(args, seconds):
    async with connect(args.url, args) as ws:
        await ws.send(json.dumps({"type": "start"}))
        started = json.loads(await ws.recv())
        print(f"hold: session {started.get('session', '?')[:8]}… open for {seconds} s", flush=True)
        await asyncio.sleep(float(seconds))
        await ws.send(json.dumps({"type": "cancel"}))
    return started.get("type") == "started"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("check", choices=["vosk", "resume", "hold"])
    parser.add_argument("url")
    parser.add_argument("pcm", help="the raw PCM file (for hold: seconds to hold the connection)")
    parser.add_argument("--drop-after", type=int, default=3, help="segments sent before the connection is dropped")
    parser.add_argument("--session-in-resume-url", action="store_true",
                        help="resume at URL?session=TOKEN (and start at URL): the scheme nginx_check.sh shows to fail")
    parser.add_argument("--token", help="a bearer token, sent in the Authorization header")
    parser.add_argument("--cafile", help="the CA (or self-signed certificate) for wss://")
    args = parser.parse_args()
    if args.check == "hold":
        work = hold(args, args.pcm)
    else:
        with open(args.pcm, "rb") as f:
            pcm = f.read()
        work = (vosk if args.check == "vosk" else resume)(args, pcm)
    try:
        ok = asyncio.run(asyncio.wait_for(work, timeout=120))
    except Exception as error:  # a refused upgrade, a closed connection, a timeout
        print(f"{args.check}: failed: {type(error).__name__}: {error}")
        ok = False
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
