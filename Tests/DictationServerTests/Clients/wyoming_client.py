"""Drives `dictate serve --wyoming-port` with the Wyoming protocol's own client library.

The client is PyPI's `wyoming` package (1.10.2), unmodified: `AsyncTcpClient` and the event
classes Home Assistant's voice pipeline and wyoming-satellite are built on. If it works against
DictationKit, they do.

Usage:
  wyoming_client.py transcribe PORT AUDIO [LANGUAGE]
      describe, then one transcription of the WAV file AUDIO (any rate, width and channels the
      file has, in 100 ms chunks as fast as the server takes them), then a second transcription
      of the same file on the same connection. Prints {"info": ..., "requests": [[events], ...]}.
  wyoming_client.py bad PORT AUDIO
      on one connection: audio-start with a width of 7, a chunk that is not whole frames, a
      transcription interrupted by a second audio-start, then a good transcription; on a second
      connection a line that is not an event. Prints what each step got back.
  wyoming_client.py busy PORT AUDIO
      for a server of one session: a transcription holds it while a second connection asks for
      one, then ends; the second asks again. Prints what each step got back.
  wyoming_client.py shutdown PORT AUDIO SERVER_PID
      sends a transcription's audio without audio-stop and a ping, and once the pong says the
      server has every chunk, stops it with SIGTERM (as a service manager would) and reads on. Prints the answer and whether the server then closed.
Every event is printed as {"type": ..., "data": ...}; a read that takes 300 s fails the run.
"""

import asyncio
import json
import os
import signal
import sys
import wave

try:
    from wyoming.asr import Transcribe
    from wyoming.audio import AudioChunk, AudioStart, AudioStop, wav_to_chunks
    from wyoming.client import AsyncTcpClient
    from wyoming.event import Event
    from wyoming.info import Describe, Info
    from wyoming.ping import Ping
except ImportError as error:
    sys.exit(f"{error}: pip install wyoming==1.10.2")

READ_TIMEOUT = 300


async def read(client):
    event = await asyncio.wait_for(client.read_event(), timeout=READ_TIMEOUT)
    return None if event is None else {"type": event.type, "data": event.data}


async def read_answer(client):
    """The events of one transcription's answer: up to transcript-stop, an error without
    transcript-start, or the end of the connection."""
    events = []
    while True:
        event = await read(client)
        if event is None:
            events.append({"type": "closed", "data": {}})
            return events
        events.append(event)
        started = any(e["type"] == "transcript-start" for e in events)
        if event["type"] == "transcript-stop" or (event["type"] == "error" and not started):
            return events


async def send_wav(client, path, language=None):
    if language:
        await client.write_event(Transcribe(language=language).event())
    with wave.open(path, "rb") as audio:
        for item in wav_to_chunks(audio, audio.getframerate() // 10, start_event=True, stop_event=True):
            await client.write_event(item.event())


async def transcribe(port, path, language=None):
    async with AsyncTcpClient("127.0.0.1", port) as client:
        await client.write_event(Describe().event())
        described = await read(client)
        info = Info.from_event(Event(type=described["type"], data=described["data"]))
        requests = []
        for _ in range(2):
            await send_wav(client, path, language)
            requests.append(await read_answer(client))
        return {"info": info.to_dict(), "requests": requests}


async def bad(port, path):
    steps = {}
    async with AsyncTcpClient("127.0.0.1", port) as client:
        await client.write_event(AudioStart(rate=16000, width=7, channels=1).event())
        steps["width 7"] = await read_answer(client)
        await client.write_event(AudioStop().event())
        await client.write_event(AudioStart(rate=16000, width=2, channels=1).event())
        await client.write_event(AudioChunk(rate=16000, width=2, channels=1, audio=b"\x01\x02\x03").event())
        steps["3 bytes of 16-bit"] = await read_answer(client)
        await client.write_event(AudioStop().event())
        await client.write_event(AudioStart(rate=16000, width=2, channels=1).event())
        await client.write_event(AudioChunk(rate=16000, width=2, channels=1, audio=bytes(3200)).event())
        await client.write_event(AudioStart(rate=16000, width=2, channels=1).event())
        steps["audio-start twice"] = await read_answer(client)
        await client.write_event(AudioStop().event())
        await send_wav(client, path, "en")
        steps["then a good one"] = await read_answer(client)
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"this is not json\n")
    await writer.drain()
    line = await asyncio.wait_for(reader.readline(), timeout=READ_TIMEOUT)
    closed = await asyncio.wait_for(reader.read(), timeout=READ_TIMEOUT) == b""
    header = json.loads(line)
    steps["not an event"] = {"header": header, "closed": closed}
    writer.close()
    return steps


async def busy(port, path):
    steps = {}
    async with AsyncTcpClient("127.0.0.1", port) as holder, AsyncTcpClient("127.0.0.1", port) as other:
        await holder.write_event(AudioStart(rate=16000, width=2, channels=1).event())
        await holder.write_event(AudioChunk(rate=16000, width=2, channels=1, audio=bytes(3200)).event())
        # transcript-start says the holder has its session.
        steps["holder started"] = await read(holder)
        await other.write_event(AudioStart(rate=16000, width=2, channels=1).event())
        steps["while held"] = await read_answer(other)
        await other.write_event(AudioStop().event())
        await holder.write_event(AudioStop().event())
        steps["holder"] = await read_answer(holder)
        await send_wav(other, path, "en")
        steps["once free"] = await read_answer(other)
    return steps


async def shutdown(port, path, server_pid):
    client = AsyncTcpClient("127.0.0.1", port)
    await client.connect()
    await client.write_event(Transcribe(language="en").event())
    with wave.open(path, "rb") as audio:
        for item in wav_to_chunks(audio, audio.getframerate() // 10, start_event=True):
            await client.write_event(item.event())
    # The server handles events in order: its pong says every chunk before the ping is in the
    # session, which transcript-start said runs.
    await client.write_event(Ping(text="sent").event())
    early = []
    while not early or early[-1]["type"] != "pong":
        early.append(await read(client))
    os.kill(server_pid, signal.SIGTERM)
    answer = [event for event in early if event["type"] != "pong"] + await read_answer(client)
    closed = answer[-1]["type"] == "closed" or await read(client) is None
    try:
        await client.disconnect()
    except ConnectionResetError as error:
        # The server closed its end first; say so rather than fail here.
        answer.append({"type": "reset on disconnect", "data": {"text": str(error)}})
    return {"answer": answer, "closed": closed}


if __name__ == "__main__":
    if len(sys.argv) < 4 or sys.argv[1] not in ("transcribe", "bad", "busy", "shutdown"):
        sys.exit(__doc__)
    mode, port, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    if mode == "transcribe":
        result = asyncio.run(transcribe(port, path, sys.argv[4] if len(sys.argv) > 4 else None))
    elif mode == "bad":
        result = asyncio.run(bad(port, path))
    elif mode == "busy":
        result = asyncio.run(busy(port, path))
    else:
        result = asyncio.run(shutdown(port, path, int(sys.argv[4])))
    print(json.dumps(result))
