import DictationKit
import Foundation

/// One final kept in the history, with what the store recorded beside it.
public struct HistoryUtterance: Sendable, Hashable {
    /// The ``HistorySession/id`` of its session.
    public var sessionID: Int64
    /// The final as it was delivered: text, words, utterance index and audio times.
    public var transcript: Transcript
    /// The mean confidence of its words; `nil` when it has none.
    public var meanConfidence: Double?
    /// The locale whose model recognized it.
    public var locale: String
    /// When it was saved.
    public var createdAt: Date

    /// Creates a kept utterance.
    /// - Parameters:
    ///   - sessionID: Its session's number.
    ///   - transcript: The final.
    ///   - meanConfidence: The mean confidence of its words.
    ///   - locale: The locale used.
    ///   - createdAt: When it was saved.
    public init(sessionID: Int64, transcript: Transcript, meanConfidence: Double?, locale: String, createdAt: Date) {
        self.sessionID = sessionID
        self.transcript = transcript
        self.meanConfidence = meanConfidence
        self.locale = locale
        self.createdAt = createdAt
    }

    /// The utterance's text: the recognizer's words.
    public var text: String { transcript.text }

    /// The utterance as written (capitals, punctuation, digits) when a formatting stage wrote it,
    /// else its words: what `dictate transcribe` prints.
    public var shownText: String { transcript.writtenText ?? transcript.text }

    /// Its index in its session, from 0, as the session's events numbered it.
    public var index: Int { transcript.utteranceIndex }

    /// Seconds of audio it spans.
    public var duration: Double { max(0, transcript.endTime - transcript.startTime) }
}

/// An utterance that matched a search, with its session.
public struct HistorySearchResult: Sendable, Hashable {
    /// The session it belongs to.
    public var session: HistorySession
    /// The utterance that matched.
    public var utterance: HistoryUtterance

    /// Creates a search result.
    /// - Parameters:
    ///   - session: The session.
    ///   - utterance: The utterance that matched.
    public init(session: HistorySession, utterance: HistoryUtterance) {
        self.session = session
        self.utterance = utterance
    }
}
