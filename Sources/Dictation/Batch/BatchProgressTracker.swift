import Synchronization

/// Adds up a batch's progress from its sessions' progress events and finished files.
final class BatchProgressTracker: Sendable {
    private struct State {
        var finished = 0
        var failed = 0
        /// Seconds of audio of the finished files.
        var finishedAudio = 0.0
        /// The lengths of the finished files that had audio, for the mean length of a file.
        var finishedLengths: [Double] = []
        /// What each running file has read, and its length when its reader knows it.
        var running: [Int: (processed: Double, total: Double?)] = [:]
    }

    private let fileCount: Int
    private let startedAt = ContinuousClock.now
    private let state = Mutex(State())

    /// - Parameter fileCount: The files in the batch.
    init(fileCount: Int) {
        self.fileCount = fileCount
    }

    /// Notes how far a running file has come.
    /// - Parameters:
    ///   - file: The file's index.
    ///   - processed: Seconds of its audio read.
    ///   - total: Its length, when known.
    /// - Returns: The batch's progress now.
    func update(file: Int, processed: Double, total: Double?) -> BatchProgress {
        state.withLock { state in
            state.running[file] = (processed, total)
            return snapshot(state)
        }
    }

    /// Notes a finished file.
    /// - Parameters:
    ///   - file: The file's index.
    ///   - audio: Seconds of its audio that were read.
    ///   - failed: Whether it ended with a fatal error.
    /// - Returns: The batch's progress now.
    func finish(file: Int, audio: Double, failed: Bool) -> BatchProgress {
        state.withLock { state in
            state.running[file] = nil
            state.finished += 1
            if failed { state.failed += 1 }
            state.finishedAudio += audio
            if audio > 0 { state.finishedLengths.append(audio) }
            return snapshot(state)
        }
    }

    private func snapshot(_ state: State) -> BatchProgress {
        let elapsed = (ContinuousClock.now - startedAt).inSeconds
        let processed = state.finishedAudio + state.running.values.reduce(0) { $0 + $1.processed }
        let lengths = state.finishedLengths + state.running.values.compactMap(\.total)
        var remaining: Double?
        if processed >= 1, !lengths.isEmpty {
            let meanLength = lengths.reduce(0, +) / Double(lengths.count)
            let unstarted = max(0, fileCount - state.finished - state.running.count)
            let leftAudio =
                state.running.values.reduce(0) { $0 + max(0, ($1.total ?? meanLength) - $1.processed) }
                + Double(unstarted) * meanLength
            remaining = leftAudio * elapsed / processed
        }
        return BatchProgress(
            fileCount: fileCount, filesFinished: state.finished, filesFailed: state.failed,
            audioProcessed: processed, elapsed: elapsed, estimatedTimeRemaining: remaining)
    }
}
