import Foundation
import Logging

/// Keeps every final of a session in a ``TranscriptStore`` before the consumer gets it: a process
/// killed at any moment has kept every final its consumer saw.
///
/// The event stage a session given a `transcriptStore` runs last, after the app's own stages, so
/// that the store keeps each final as the consumer gets it (its written text included). A store
/// that fails is reported once, as a non-fatal error event after the final it could not keep,
/// and never stops the session; every later call is still tried, so a store that recovers (space
/// freed) keeps the next finals.
///
/// The store hears of a run when its first final arrives, or at its end if it has none, so that
/// it is told the run's recording, which the run's first reads say
/// (``DictationEvent/recordingStarted(path:)``); a run that ends before it listens (a missing
/// model, a busy device) is not kept.
struct TranscriptHistoryStage: DictationEventStage {
    private let store: any TranscriptStore
    private let logger: Logger

    /// Creates the stage.
    /// - Parameters:
    ///   - store: Where finals are kept, e.g. `DictationHistory`'s `SQLiteTranscriptStore`.
    ///   - logger: Where store failures are noted, at debug level.
    init(store: any TranscriptStore, logger: Logger) {
        self.store = store
        self.logger = logger
    }

    /// Makes the processor that keeps one run's finals.
    /// - Parameter run: The run.
    /// - Returns: Its processor.
    func makeProcessor(for run: DictationRunInfo) -> any DictationEventProcessor {
        TranscriptHistoryProcessor(store: store, run: run, logger: logger)
    }
}

/// One run's history: the run's description, and whether the store is failing.
final class TranscriptHistoryProcessor: DictationEventProcessor {
    private let store: any TranscriptStore
    private let logger: Logger
    private var info: TranscriptSessionInfo
    private var started = false
    /// A failure was reported and no call has succeeded since.
    private var failing = false

    init(store: any TranscriptStore, run: DictationRunInfo, logger: Logger) {
        self.store = store
        self.logger = logger
        info = TranscriptSessionInfo(
            id: run.id, startedAt: run.startedAt, locale: run.locale, requestedLocale: run.requestedLocale)
    }

    func process(_ event: DictationEvent) -> [DictationEvent] {
        switch event {
        case .recordingStarted(let path):
            info.recordingPath = path
        case .final(let transcript):
            // Durable first: a process killed once the consumer has the final has kept it.
            var failures = startIfNeeded()
            let info = self.info
            let store = self.store
            failures += attempt("save") { () throws(DictationError) in try store.save(transcript, session: info) }
            return [event] + failures.map(DictationEvent.error)
        default:
            break
        }
        return [event]
    }

    func finish() -> [DictationEvent] {
        var failures = startIfNeeded()
        let info = self.info
        let store = self.store
        failures += attempt("end") { () throws(DictationError) in try store.sessionEnded(info, at: Date()) }
        return failures.map(DictationEvent.error)
    }

    private func startIfNeeded() -> [DictationError] {
        guard !started else { return [] }
        started = true
        let info = self.info
        let store = self.store
        return attempt("start") { () throws(DictationError) in try store.sessionStarted(info) }
    }

    /// Runs a store call; a failure is returned only when the store was not already known to fail.
    private func attempt(_ what: String, _ call: () throws(DictationError) -> Void) -> [DictationError] {
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
