"""Sends a recording to `dictate serve`'s /vosk endpoint with the Vosk project's own client.

The client is `Transcriber` from PyPI's `vosk` package (0.3.45), unmodified: its
`recognize_stream_server` speaks vosk-server's WebSocket protocol (a config message, then
4000-byte binary chunks each awaiting one reply, then {"eof" : 1}) and `format_result` turns the
replies into text and SRT the way `vosk-transcriber --server` does. If it works against
DictationKit, programs written for vosk-server do.

Usage: vosk_client.py SERVER_URL AUDIO [KEEPALIVE_SECONDS]
  SERVER_URL is e.g. ws://127.0.0.1:PORT/vosk (with ?token=TOKEN when the server wants one).
  KEEPALIVE_SECONDS shortens the websockets library's ping interval and pong timeout (20 s
  each by default), so a server that stops answering pings while it decodes fails the run.
Prints one JSON object: {"results": the non-partial replies, "txt": ..., "srt": ...,
"bytes_sent": ...}.
"""

import argparse
import asyncio
import functools
import json
import sys

try:
    from vosk.transcriber import transcriber as transcriber_module
    from vosk.transcriber.transcriber import Transcriber
except ImportError as error:
    # The Swift test shows standard error when this fails, so say how to fix it.
    sys.exit(f"{error}: pip install openai vosk websockets")


def make_transcriber(server_url, output_type):
    # Transcriber.__init__ loads a local Vosk model (downloading one when none is given), which
    # needs the network and is only used for recognizing locally. With a server the client
    # touches nothing but `self.args`, so skip __init__ and set what recognize_stream_server
    # (args.server) and format_result (args.output_type) read.
    transcriber = Transcriber.__new__(Transcriber)
    transcriber.args = argparse.Namespace(server=server_url, output_type=output_type, tasks=1)
    return transcriber


async def recognize(server_url, audio_path):
    # The 16 kHz mono s16le stream the transcriber's own ffmpeg helper would make, from sox
    # (which the project's tests already need) instead of ffmpeg.
    sox = await asyncio.create_subprocess_exec(
        "sox", audio_path, "-t", "raw", "-r", "16000", "-c", "1", "-b", "16", "-e", "signed", "-",
        stdout=asyncio.subprocess.PIPE)
    client = make_transcriber(server_url, "txt")
    # A server that stops answering would leave the client awaiting a reply forever.
    results, bytes_sent = await asyncio.wait_for(client.recognize_stream_server(sox), timeout=600)
    await sox.wait()
    return {
        "results": results,
        "txt": client.format_result(results),
        "srt": make_transcriber(server_url, "srt").format_result(results),
        "bytes_sent": bytes_sent,
    }


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    if len(sys.argv) == 4:
        # The transcriber calls `websockets.connect` with the library's defaults; the same call
        # with a shorter keepalive, the client otherwise unmodified.
        seconds = float(sys.argv[3])
        websockets = transcriber_module.websockets
        websockets.connect = functools.partial(websockets.connect, ping_interval=seconds, ping_timeout=seconds)
    print(json.dumps(asyncio.run(recognize(sys.argv[1], sys.argv[2]))))
