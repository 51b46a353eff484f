import Synchronization

/// The bytes a connection's reader task has read from its client and its handler has not yet
/// handled: a client that sends audio faster than its session takes it is refused once this
/// passes a limit, instead of the server queueing without bound.
final class ByteBacklog: Sendable {
    private let bytes = Mutex(0)

    /// Adds `count` (negative once handled) and returns the new total.
    func add(_ count: Int) -> Int {
        bytes.withLock { bytes in
            bytes += count
            return bytes
        }
    }

    /// Reads a connection's messages until they end, handing each on once its bytes are counted,
    /// or until more than `limit` bytes wait: then `tooFarAhead` is called and reading stops.
    /// - Throws: What reading the messages throws.
    func read<Messages: AsyncSequence>(
        _ messages: Messages, limit: Int, size: (Messages.Element) -> Int, handOn: (Messages.Element) -> Void,
        tooFarAhead: () -> Void
    ) async throws {
        for try await message in messages {
            guard add(size(message)) <= limit else { return tooFarAhead() }
            handOn(message)
        }
    }
}
