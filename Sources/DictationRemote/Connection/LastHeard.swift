import Synchronization

/// When a connection last heard from its server, for the keep-alive to tell a silent
/// connection from a quiet one.
final class LastHeard: Sendable {
    private let instant = Mutex(ContinuousClock.now)

    func now() { instant.withLock { $0 = .now } }

    /// How long ago the server was last heard.
    var silence: Duration { instant.withLock { ContinuousClock.now - $0 } }
}
