import DictationKit
import DictationStreamProtocol

/// Counts the sessions the server runs at once, of every kind (streams, vosk, uploads), against
/// its limit; and, when the server shuts down, refuses new ones and tells each running one to end.
final class SessionSlots: Sendable {
    /// One session's place, given back with ``release(_:)``.
    struct Slot: Hashable, Sendable {
        fileprivate let id: UInt64
    }

    private struct State {
        /// The slots taken, each with how its session ends when the server shuts down.
        var taken: [UInt64: @Sendable () -> Void] = [:]
        var nextID: UInt64 = 0
        var shuttingDown = false
    }

    let limit: Int
    private let state = WaitableState(State())

    init(limit: Int) {
        self.limit = max(limit, 1)
    }

    /// Takes a slot.
    /// - Returns: `nil` when all are taken or the server is shutting down (``isShuttingDown``
    ///   says which).
    func take() -> Slot? {
        state.withLock { state in
            guard !state.shuttingDown, state.taken.count < limit else { return nil }
            defer { state.nextID += 1 }
            state.taken[state.nextID] = {}
            return Slot(id: state.nextID)
        }
    }

    /// Says how the session in `slot` ends when the server shuts down: it stops taking audio,
    /// decodes what it has and tells its client. Called at once when the server already is.
    func onShutdown(of slot: Slot, _ end: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            guard state.taken[slot.id] != nil else { return false }
            state.taken[slot.id] = end
            return state.shuttingDown
        }
        if now { end() }
    }

    /// Gives a slot back.
    func release(_ slot: Slot) {
        state.withLock { _ = $0.taken.removeValue(forKey: slot.id) }
    }

    /// Slots taken now.
    var inUse: Int { state.read { $0.taken.count } }

    /// Whether the server is shutting down and takes no new sessions.
    var isShuttingDown: Bool { state.read { $0.shuttingDown } }

    /// Refuses new sessions and tells every running one to end.
    func shutDown() {
        let ends = state.withLock { state -> [@Sendable () -> Void] in
            state.shuttingDown = true
            return Array(state.taken.values)
        }
        for end in ends { end() }
    }

    /// Waits until every slot is given back, or `timeout` has passed.
    /// - Returns: Whether every slot was given back.
    func waitUntilAllReleased(timeout: Duration) async -> Bool {
        (try? await state.waiting(until: { $0.taken.isEmpty }, timeout: timeout)) ?? false
    }

    /// The error that refuses a new session: the server is full, or shutting down.
    var refusal: DictationError {
        isShuttingDown ? StreamProblem.shuttingDown.error : StreamProblem.tooManySessions(limit).error
    }
}
