import Foundation
import Logging

/// One run's calls to its ``TranscriptStore``, made one at a time in the order of the run.
///
/// The store hears of the run with its first final, or at its end if it has none, so that it is
/// told the run's recording, which the run's first reads say
/// (``DictationEvent/recordingStarted(path:)``). A store that fails is reported once, as a
/// non-fatal error (the history's error event after the final it could not keep), and never stops
/// the session; every later call is still tried, so a store that recovers (space freed) keeps the
/// next finals, and fails again is reported again.
struct TranscriptStoreCalls {
    private let store: any TranscriptStore
    private let logger: Logger
    private var started = false
    /// A failure was reported and no call has succeeded since.
    private var failing = false

    /// - Parameters:
    ///   - store: The session's store.
    ///   - logger: Where every failure is noted, at debug level.
    init(store: any TranscriptStore, logger: Logger) {
        self.store = store
        self.logger = logger
    }

    /// Keeps a final, telling the store of the run first if it does not know it yet.
    /// - Parameters:
    ///   - final: The final, as the consumer will get it.
    ///   - info: The run.
    /// - Returns: The failures to report (none when the store was already known to fail).
    mutating func save(_ final: Transcript, session info: TranscriptSessionInfo) -> [DictationError] {
        let store = self.store
        return startIfNeeded(info)
            + attempt("save") { () throws(DictationError) in try store.save(final, session: info) }
    }

    /// Records the run's end, telling the store of the run first if it had no final.
    /// - Parameters:
    ///   - info: The run.
    ///   - date: When it ended.
    /// - Returns: The failures to report.
    mutating func end(_ info: TranscriptSessionInfo, at date: Date) -> [DictationError] {
        let store = self.store
        return startIfNeeded(info)
            + attempt("end") { () throws(DictationError) in try store.sessionEnded(info, at: date) }
    }

    private mutating func startIfNeeded(_ info: TranscriptSessionInfo) -> [DictationError] {
        guard !started else { return [] }
        started = true
        let store = self.store
        return attempt("start") { () throws(DictationError) in try store.sessionStarted(info) }
    }

    /// Runs a store call; a failure is returned only when the store was not already known to fail.
    private mutating func attempt(_ what: String, _ call: () throws(DictationError) -> Void) -> [DictationError] {
        do {
            try call()
            failing = false
            return []
        } catch {
            logger.debug("transcript store failed", metadata: ["call": "\(what)", "code": "\(error.code)"])
            defer { failing = true }
            guard !failing else { return [] }
            // The store's own error, but never fatal: the session goes on without history.
            var reported = error
            reported.isFatal = false
            return [reported]
        }
    }
}
