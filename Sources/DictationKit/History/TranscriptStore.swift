import Foundation

/// Where a session keeps what it recognized, so that no final it delivered is ever lost.
///
/// The session calls a store on a thread of the run's own, one call at a time, in the order of
/// the run: ``sessionStarted(_:)`` with the run's first final (or at its end when it has none),
/// ``save(_:session:)`` for each final, in utterance order, *before* the final event is
/// delivered, and ``sessionEnded(_:at:)`` when the run ends. ``save(_:session:)`` must not return
/// until the final is durable (committed to disk), so a process killed at any moment has kept
/// every final its consumer saw. The final waits for it, and so do the events the contract puts
/// after the final; partials, levels and speech activity do not, so a slow store delays finals,
/// never what the audio thread shows.
///
/// `DictationHistory`'s `SQLiteTranscriptStore` is the store DictationKit ships; apps may bring
/// their own.
public protocol TranscriptStore: Sendable {
    /// A run started.
    /// - Parameter session: What is known of the run at its start.
    /// - Throws: ``DictationError`` when the store can't record it; the session goes on without
    ///   history and reports the error as a non-fatal event.
    func sessionStarted(_ session: TranscriptSessionInfo) throws(DictationError)

    /// Makes a final durable.
    /// - Parameters:
    ///   - final: The final transcript, numbered as the consumer will see it.
    ///   - session: The run it belongs to.
    /// - Throws: ``DictationError`` when it could not be stored; the final is still delivered.
    func save(_ final: Transcript, session: TranscriptSessionInfo) throws(DictationError)

    /// A run ended, normally or not.
    /// - Parameters:
    ///   - session: The run that ended.
    ///   - date: When it ended.
    /// - Throws: ``DictationError`` when the store can't record it.
    func sessionEnded(_ session: TranscriptSessionInfo, at date: Date) throws(DictationError)
}

/// What a ``TranscriptStore`` is told about a run.
public struct TranscriptSessionInfo: Sendable, Hashable {
    /// The run's identifier, unique across runs.
    public var id: UUID
    /// When the run started.
    public var startedAt: Date
    /// The locale whose model the run really uses (after any fallback).
    public var locale: String
    /// The locale that was asked for.
    public var requestedLocale: String
    /// The WAV file the run's audio is written to, when recordings are on.
    public var recordingPath: String?

    /// Creates the description of a run.
    /// - Parameters:
    ///   - id: The run's identifier.
    ///   - startedAt: When the run started.
    ///   - locale: The locale really used.
    ///   - requestedLocale: The locale asked for.
    ///   - recordingPath: The run's recording, if any.
    public init(id: UUID, startedAt: Date, locale: String, requestedLocale: String, recordingPath: String? = nil) {
        self.id = id
        self.startedAt = startedAt
        self.locale = locale
        self.requestedLocale = requestedLocale
        self.recordingPath = recordingPath
    }
}
