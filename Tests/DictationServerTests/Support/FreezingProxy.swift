import DictationTestSupport
import Foundation
import Testing

/// `Clients/freezing_proxy.py` in front of a server: its first connection goes silent after a
/// while without closing, as a server that lost power would; later ones pass.
final class FreezingProxy: Sendable {
    let port: Int
    private let process: Process
    private let output: FileHandle

    /// Starts the proxy and waits until it listens, off the cooperative pool (a pipe is read).
    static func start(target: Int, freezeAfter seconds: Double) async throws -> FreezingProxy {
        try await offThePool { try FreezingProxy(target: target, freezeAfter: seconds) }
    }

    private init(target: Int, freezeAfter seconds: Double) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Clients/freezing_proxy.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script, String(target), String(seconds)]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        self.process = process
        output = pipe.fileHandleForReading
        // The first line is the port; read byte by byte so that nothing after it is taken.
        var line: [UInt8] = []
        while let byte = try output.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") { line.append(byte) }
        port = try #require(Int(String(decoding: line, as: UTF8.self)), "freezing_proxy.py printed no port")
    }

    /// Stops the proxy, off the cooperative pool (the process is waited for).
    /// - Returns: How many connections it took.
    func stop() async throws -> Int {
        try await offThePool { [process, output] in
            // SIGKILL: a test process may pass SIGTERM on ignored.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let lines = String(decoding: output.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
            return lines.filter { $0.hasPrefix("connection ") }.count
        }
    }
}
