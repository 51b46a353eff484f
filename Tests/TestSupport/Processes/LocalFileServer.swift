import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A real HTTP server on the loopback address, Python's `http.server` over a folder, for the
/// model download tests (the library's and `dictate models install --url`): it serves the folder's files (404 for the others), `/truncated/NAME` as a
/// transfer that announces NAME's whole length and breaks off after half of it, and ends itself
/// after `lifetime` seconds whatever happens to the test.
///
/// `@unchecked Sendable`: its properties are constants, and `Process` may be stopped from any
/// thread (it is made on a dedicated thread and stopped by the test).
package final class LocalFileServer: @unchecked Sendable {
    package let port: Int
    private let process: Process

    private static let script = #"""
        import http.server, os, signal, sys

        root = sys.argv[1]
        # The test process blocks signals, and a child inherits the mask: unblock the alarm.
        signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGALRM, signal.SIGTERM, signal.SIGINT])
        signal.alarm(int(sys.argv[2]))

        class Handler(http.server.SimpleHTTPRequestHandler):
            def __init__(self, *arguments, **keywords):
                super().__init__(*arguments, directory=root, **keywords)

            def log_message(self, *arguments):
                pass

            def do_GET(self):
                if self.path.startswith("/truncated/"):
                    path = os.path.join(root, os.path.basename(self.path))
                    size = os.path.getsize(path)
                    self.send_response(200)
                    self.send_header("Content-Length", str(size))
                    self.end_headers()
                    with open(path, "rb") as source:
                        self.wfile.write(source.read(size // 2))
                    self.wfile.flush()
                    self.close_connection = True
                    return
                super().do_GET()

        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """#

    /// Starts serving a folder; blocks until the server listens.
    /// - Parameters:
    ///   - folder: What to serve.
    ///   - lifetime: When the server ends by itself, in seconds.
    package init(serving folder: String, lifetime: Int = 900) throws {
        let python = try #require(
            ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "python3 is needed for the local HTTP server")
        process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-I", "-c", Self.script, folder, String(lifetime)]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // The first line is the port; end of file means the server did not start.
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") {
            line.append(first)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw ServerDidNotStart()
        }
        self.port = port
    }

    package struct ServerDidNotStart: Error {}

    /// The address of a path on the server.
    package func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)/\(path)") ?? URL(fileURLWithPath: "/")
    }

    /// Stops the server and waits for it: SIGKILL, which no inherited signal mask blocks.
    package func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit { stop() }
}
