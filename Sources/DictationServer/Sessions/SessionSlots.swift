import Synchronization

/// Counts the sessions the server runs at once, of every kind (streams, vosk, uploads), against
/// its limit.
final class SessionSlots: Sendable {
    let limit: Int
    private let taken = Mutex(0)

    init(limit: Int) {
        self.limit = max(limit, 1)
    }

    /// Takes a slot.
    /// - Returns: `false` when all are taken.
    func take() -> Bool {
        taken.withLock { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
    }

    /// Gives a slot back.
    func release() {
        taken.withLock { $0 = max($0 - 1, 0) }
    }

    /// Slots taken now.
    var inUse: Int { taken.withLock { $0 } }
}
