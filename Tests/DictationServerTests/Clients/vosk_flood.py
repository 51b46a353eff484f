"""Floods `dictate serve`'s /vosk endpoint: audio sent far ahead of the replies.

A vosk client sends a message and waits for its reply; this one sends silence without reading
any reply, as a broken or hostile client would, until the server closes the connection. After
every 8 s of audio it pings, as vosk's own client does every 20 s (closing when a pong is 20 s
late): a session full of audio must still answer.

Usage: vosk_flood.py SERVER_URL MEGABYTES
Prints one JSON object: {"code": the close code, "reason": its reason, "sent": bytes sent,
"pongs": [[bytes sent when pinged, seconds until the pong], ...], "unanswered": pings without
a pong when the connection closed}.
"""

import asyncio
import json
import sys

try:
    import websockets
except ImportError as error:
    sys.exit(f"{error}: pip install websockets")

CHUNK = 8000  # bytes: 0.25 s of 16 kHz 16-bit mono


async def flood(server_url, megabytes):
    sent = 0
    pings = []  # [bytes sent when pinged, when, the pong's waiter]
    pongs = []
    loop = asyncio.get_running_loop()

    def answered(sent_then, started):
        def record(waiter):
            if not waiter.cancelled() and waiter.exception() is None:
                pongs.append([sent_then, round(loop.time() - started, 3)])
        return record

    async with websockets.connect(server_url, ping_interval=None, max_queue=None) as websocket:
        await websocket.send('{ "config" : { "sample_rate" : 16000 } }')
        try:
            while sent < megabytes * 1_000_000:
                await websocket.send(bytes(CHUNK))
                sent += CHUNK
                if sent % (32 * CHUNK) == 0:
                    waiter = await websocket.ping()
                    waiter.add_done_callback(answered(sent, loop.time()))
                    pings.append(waiter)
            # Everything went out: the server may still be reading it.
            await asyncio.wait_for(websocket.wait_closed(), timeout=300)
        except websockets.exceptions.ConnectionClosed:
            pass
        except AttributeError:
            # websockets (17.x) can fail inside its own transport.abort() when the server closed
            # the connection while a send waited: the close frame, and its code, came before.
            pass
        # Pongs of the last pings may still be on their way when the server closed.
        await asyncio.sleep(0.2)
        return {
            "code": websocket.close_code,
            "reason": websocket.close_reason,
            "sent": sent,
            "pongs": pongs,
            "unanswered": len(pings) - len(pongs),
        }


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    # A server that reads only as fast as it decodes would stall the sends (TCP backpressure)
    # for ever instead of closing: fail after five minutes.
    print(json.dumps(asyncio.run(asyncio.wait_for(flood(sys.argv[1], float(sys.argv[2])), timeout=300))))
