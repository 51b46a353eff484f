"""Sends a recording to `dictate serve`'s /vosk endpoint as a vosk client does, then stops the
server with SIGTERM (as a service manager would) before sending eof, and keeps reading.

A server that shuts down gracefully decodes what the client sent and sends its last result before
it closes; one that doesn't closes at once and the words after the last reply are lost.

Usage: vosk_shutdown.py SERVER_URL AUDIO SERVER_PID
Prints one JSON object: {"texts": the text of every result, "code": the close code,
"reason": its reason}.
"""

import asyncio
import json
import os
import signal
import sys

try:
    import websockets
except ImportError as error:
    sys.exit(f"{error}: pip install websockets")

CHUNK = 8000  # bytes: 0.25 s of 16 kHz 16-bit mono


async def run(server_url, audio_path, server_pid):
    sox = await asyncio.create_subprocess_exec(
        "sox", audio_path, "-t", "raw", "-r", "16000", "-c", "1", "-b", "16", "-e", "signed", "-",
        stdout=asyncio.subprocess.PIPE)
    audio, _ = await sox.communicate()
    texts = []

    def keep(reply):
        text = json.loads(reply).get("text")
        if text:
            texts.append(text)

    async with websockets.connect(server_url, max_queue=None) as websocket:
        await websocket.send('{ "config" : { "sample_rate" : 16000 } }')
        for start in range(0, len(audio), CHUNK):
            # As vosk-server's clients do: one message, one reply.
            await websocket.send(audio[start:start + CHUNK])
            keep(await websocket.recv())
        os.kill(server_pid, signal.SIGTERM)
        try:
            async for reply in websocket:
                keep(reply)
        except websockets.exceptions.ConnectionClosed:
            pass
        return {"texts": texts, "code": websocket.close_code, "reason": websocket.close_reason}


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    # A server that never closes would leave the client waiting for ever.
    print(json.dumps(asyncio.run(asyncio.wait_for(run(sys.argv[1], sys.argv[2], int(sys.argv[3])), timeout=600))))
