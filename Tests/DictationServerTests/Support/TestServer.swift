import Dictation
import DictationServer
import Foundation
import Synchronization
import Testing

/// A `DictationServer` in this process on a port of its own, with PocketSphinx (the protocol's
/// tests were measured with it) unless a test gives another recognizer.
final class TestServer: Sendable {
    let port: Int
    private let task: Task<Void, any Error>

    private init(port: Int, task: Task<Void, any Error>) {
        self.port = port
        self.task = task
    }

    /// Starts a server and waits until it listens.
    /// - Parameters:
    ///   - configuration: Its configuration; port 0 picks a free port.
    ///   - recognizer: Its recognizer.
    static func start(
        _ configuration: ServerConfiguration = ServerConfiguration(port: 0),
        recognizer: any SpeechRecognizer = PocketSphinxRecognizer()
    ) async throws -> TestServer {
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let server = DictationServer(configuration: configuration, recognizer: recognizer)
        let task = Task {
            defer { portContinuation.finish() }
            try await server.run { port in portContinuation.yield(port) }
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            let failure = await task.result
            Issue.record("the server did not start: \(failure)")
            throw CancellationError()
        }
        return TestServer(port: port, task: task)
    }

    var streamURL: String { "ws://127.0.0.1:\(port)/v1/stream" }

    /// Shuts the server down (its connections are closed with 1001) and waits until it has.
    func stop() async {
        task.cancel()
        _ = await task.result
    }
}
