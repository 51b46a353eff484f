import Foundation

/// One dictation run kept in the history.
public struct HistorySession: Sendable, Hashable, Identifiable {
    /// The session's number in this history database: small, stable, never reused; what people type.
    public var id: Int64
    /// The run's identifier (`TranscriptSessionInfo.id`).
    public var uuid: UUID
    /// When the run started.
    public var startedAt: Date
    /// When the run ended; `nil` while it runs, or when its process was killed before it could say.
    public var endedAt: Date?
    /// The locale whose model was really used.
    public var locale: String
    /// The locale that was asked for.
    public var requestedLocale: String
    /// The run's recording, if one was made.
    public var recordingPath: String?
    /// How many finals were kept.
    public var utteranceCount: Int
    /// The text of its first utterance that has words; empty when there is none.
    public var preview: String

    /// Creates a session description.
    /// - Parameters:
    ///   - id: The session's number in the database.
    ///   - uuid: The run's identifier.
    ///   - startedAt: When it started.
    ///   - endedAt: When it ended, if known.
    ///   - locale: The locale really used.
    ///   - requestedLocale: The locale asked for.
    ///   - recordingPath: The recording, if any.
    ///   - utteranceCount: How many finals were kept.
    ///   - preview: The text of the first utterance with words.
    public init(
        id: Int64, uuid: UUID, startedAt: Date, endedAt: Date?, locale: String, requestedLocale: String,
        recordingPath: String?, utteranceCount: Int, preview: String
    ) {
        self.id = id
        self.uuid = uuid
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.locale = locale
        self.requestedLocale = requestedLocale
        self.recordingPath = recordingPath
        self.utteranceCount = utteranceCount
        self.preview = preview
    }
}

/// The sessions that started on one calendar day.
public struct HistoryDay: Sendable, Hashable {
    /// The start of the day, in the calendar's time zone.
    public var day: Date
    /// Its sessions, newest first.
    public var sessions: [HistorySession]

    /// Creates a day of sessions.
    /// - Parameters:
    ///   - day: The start of the day.
    ///   - sessions: Its sessions, newest first.
    public init(day: Date, sessions: [HistorySession]) {
        self.day = day
        self.sessions = sessions
    }
}
