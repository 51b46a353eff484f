"""A TCP proxy whose first connection goes silent: a server that vanished without closing.

Forwards 127.0.0.1:LISTEN (0 = any free port) to 127.0.0.1:TARGET. The first connection is
forwarded for FREEZE seconds, then nothing more passes either way and the connection stays
open, as when the server's machine lost power or a NAT forgot the connection. Later
connections are forwarded as they come.

Usage: freezing_proxy.py TARGET_PORT FREEZE_SECONDS
Prints the port it listens on, then one line per connection ("connection N").
"""

import asyncio
import sys


async def pipe(reader, writer, frozen):
    while True:
        data = await reader.read(65536)
        if not data:
            break
        if frozen.is_set():
            # Nothing passes any more, and nothing is closed: silence.
            await asyncio.Event().wait()
        writer.write(data)
        await writer.drain()
    writer.close()


async def main(target_port, freeze_seconds):
    count = 0

    async def handle(client_reader, client_writer):
        nonlocal count
        count += 1
        print(f"connection {count}", flush=True)
        server_reader, server_writer = await asyncio.open_connection("127.0.0.1", target_port)
        frozen = asyncio.Event()
        if count == 1:
            asyncio.get_running_loop().call_later(freeze_seconds, frozen.set)
        await asyncio.gather(
            pipe(client_reader, server_writer, frozen),
            pipe(server_reader, client_writer, frozen),
            return_exceptions=True,
        )

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    print(server.sockets[0].getsockname()[1], flush=True)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    asyncio.run(main(int(sys.argv[1]), float(sys.argv[2])))
