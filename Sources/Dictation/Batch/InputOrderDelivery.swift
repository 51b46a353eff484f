import Synchronization

/// Hands a batch's updates to its stream in input order: everything of the first file (started,
/// its events, finished), then everything of the second, and so on, while the files after the one
/// being shown are decoded already and their updates wait here. Progress goes out at once.
final class InputOrderDelivery: Sendable {
    private struct State {
        /// The file whose updates go out as they come.
        var head = 0
        /// Updates of files after the head, in the order they came.
        var waiting: [Int: [BatchTranscription.Update]] = [:]
        /// Files after the head that have finished.
        var finished: Set<Int> = []
    }

    private let continuation: AsyncStream<BatchTranscription.Update>.Continuation
    private let state = Mutex(State())

    /// - Parameter continuation: The batch's stream.
    init(continuation: AsyncStream<BatchTranscription.Update>.Continuation) {
        self.continuation = continuation
    }

    /// Delivers an update of a file (started, an event), now if the file is the head, else later.
    /// - Parameters:
    ///   - update: The update.
    ///   - file: The file's index in the batch.
    func deliver(_ update: BatchTranscription.Update, of file: Int) {
        state.withLock { state in
            // Yielded under the lock, so that two files' updates can't overtake each other.
            if file == state.head { continuation.yield(update) } else { state.waiting[file, default: []].append(update) }
        }
    }

    /// Delivers a file's last update; when it is the head, the next file becomes the head and
    /// what it has waiting goes out.
    /// - Parameters:
    ///   - update: The file's `finished` update.
    ///   - file: The file's index in the batch.
    func finish(_ update: BatchTranscription.Update, of file: Int) {
        state.withLock { state in
            guard file == state.head else {
                state.waiting[file, default: []].append(update)
                state.finished.insert(file)
                return
            }
            continuation.yield(update)
            state.head += 1
            while true {
                for waiting in state.waiting.removeValue(forKey: state.head) ?? [] { continuation.yield(waiting) }
                guard state.finished.remove(state.head) != nil else { break }
                state.head += 1
            }
        }
    }

    /// Delivers an update that belongs to no file, now.
    /// - Parameter update: A progress report.
    func deliverNow(_ update: BatchTranscription.Update) {
        state.withLock { _ in _ = continuation.yield(update) }
    }

    /// Ends the stream; updates of files that never became the head (after a file that was never
    /// started because the batch stopped) are dropped.
    func end() {
        state.withLock { _ in continuation.finish() }
    }
}
