import Foundation
import Logging

/// A run's use of its ``TranscriptStore``: the run's description, and whether the store is failing,
/// so that a broken store is reported once, not for every final, and never stops the session.
///
/// Used on the audio thread only. Each method returns the error to deliver as a non-fatal event.
struct SessionHistory {
    private let store: any TranscriptStore
    private let info: TranscriptSessionInfo
    private let logger: Logger
    /// A failure was reported and no call has succeeded since.
    private var failing = false

    /// Tells the store a run started.
    /// - Returns: The history and, when the store refused, the error to report.
    static func start(
        store: any TranscriptStore, info: TranscriptSessionInfo, logger: Logger
    ) -> (SessionHistory, DictationError?) {
        var history = SessionHistory(store: store, info: info, logger: logger)
        let error = history.attempt("start") { () throws(DictationError) in try store.sessionStarted(info) }
        return (history, error)
    }

    private init(store: any TranscriptStore, info: TranscriptSessionInfo, logger: Logger) {
        self.store = store
        self.info = info
        self.logger = logger
    }

    /// Makes a final durable before it is delivered.
    /// - Returns: The error to report after the final, when the store failed and had not already said so.
    mutating func save(_ final: Transcript) -> DictationError? {
        let info = self.info
        let store = self.store
        return attempt("save") { () throws(DictationError) in try store.save(final, session: info) }
    }

    /// Tells the store the run ended.
    /// - Returns: The error to report, when the store failed and had not already said so.
    mutating func end() -> DictationError? {
        let info = self.info
        let store = self.store
        return attempt("end") { () throws(DictationError) in try store.sessionEnded(info, at: Date()) }
    }

    /// Runs a store call; a failure is returned only when the store was not already known to fail.
    /// Every call is still attempted: a store that recovers (space freed) keeps the next finals.
    private mutating func attempt(_ what: String, _ call: () throws(DictationError) -> Void) -> DictationError? {
        do {
            try call()
            failing = false
            return nil
        } catch {
            logger.debug("transcript store failed", metadata: ["call": "\(what)", "code": "\(error.code)"])
            defer { failing = true }
            guard !failing else { return nil }
            // The store's own error, but never fatal: the session goes on without history.
            var reported = error
            reported.isFatal = false
            return reported
        }
    }
}
