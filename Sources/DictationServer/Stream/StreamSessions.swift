import Foundation
import Logging
import Synchronization

/// The server's stream sessions by token, and their end: a session no connection has resumed
/// within the grace period is cancelled (when it was still going) and forgotten.
final class StreamSessions: Sendable {
    private let sessions = Mutex<[String: StreamSession]>([:])
    let resumeGrace: Duration
    /// Where the sessions' event forwarding and the waits for their resumes run.
    let tasks: ServerTasks
    private let logger: Logger

    init(resumeGrace: Duration, tasks: ServerTasks, logger: Logger) {
        self.resumeGrace = resumeGrace
        self.tasks = tasks
        self.logger = logger
    }

    /// A new, unguessable token: 128 random bits in hex.
    static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let value = generator.next() as UInt64
            let hex = String(value, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    func add(_ session: StreamSession) {
        sessions.withLock { $0[session.token] = session }
    }

    func session(for token: String) -> StreamSession? {
        sessions.withLock { $0[token] }
    }

    /// Sessions kept now, going or waiting for a client.
    var count: Int { sessions.withLock { $0.count } }

    /// Checks a session once the grace period after its connection let go has passed.
    func watch(_ session: StreamSession) {
        let grace = resumeGrace
        tasks.add { [weak self] in
            do {
                try await Task.sleep(for: grace)
            } catch {
                return  // The server ended.
            }
            await self?.expireIfAbandoned(session)
        }
    }

    private func expireIfAbandoned(_ session: StreamSession) async {
        guard session.isAbandoned(for: resumeGrace) else { return }
        sessions.withLock { sessions in
            if sessions[session.token] === session { sessions[session.token] = nil }
        }
        if !session.isFinished {
            logger.info("stream session not resumed in time; cancelled", metadata: ["session": "\(session.token.prefix(8))"])
            await session.cancel()
        }
    }
}
