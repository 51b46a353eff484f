import Dictation
import DictationServer
import Foundation
import Logging
import ServiceLifecycle
import Synchronization
import Testing

/// A `DictationServer` in this process on a port of its own, with PocketSphinx (the protocol's
/// tests were measured with it) unless a test gives another recognizer.
final class TestServer: Sendable {
    let port: Int
    private let task: Task<Void, any Error>
    private let group: ServiceGroup

    private init(port: Int, task: Task<Void, any Error>, group: ServiceGroup) {
        self.port = port
        self.task = task
        self.group = group
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
        let server = DictationServer(configuration: configuration, recognizer: recognizer) { port in
            portContinuation.yield(port)
        }
        let group = ServiceGroup(
            services: [server], logger: Logger(label: "TestServer", factory: { _ in SwiftLogNoOpLogHandler() }))
        let task = Task {
            defer { portContinuation.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            let failure = await task.result
            Issue.record("the server did not start: \(failure)")
            throw CancellationError()
        }
        return TestServer(port: port, task: task, group: group)
    }

    var streamURL: String { "ws://127.0.0.1:\(port)/v1/stream" }

    /// Shuts the server down at once (its connections are closed with 1001) and waits until it has.
    func stop() async {
        task.cancel()
        _ = await task.result
    }

    /// Shuts the server down gracefully, as SIGTERM does `dictate serve`: its sessions end first.
    /// - Returns: How the server's run ended.
    func shutDown() async -> Result<Void, any Error> {
        await group.triggerGracefulShutdown()
        return await task.result
    }
}
