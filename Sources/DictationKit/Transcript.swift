/// The text of one utterance: the whole current hypothesis (for a partial) or the final result.
public struct Transcript: Sendable, Hashable, Codable {
    /// The utterance text, words separated by single spaces.
    public var text: String
    /// The words with times and confidences. Partials may carry none.
    public var words: [Word]
    /// The index of the utterance in the session, from 0.
    public var utteranceIndex: Int
    /// Where the utterance starts, in seconds from the start of the session's audio.
    public var startTime: Double
    /// Where the utterance ends, in seconds from the start of the session's audio.
    public var endTime: Double

    /// Creates a transcript.
    /// - Parameters:
    ///   - text: The utterance text.
    ///   - words: The words with their times and confidences.
    ///   - utteranceIndex: The index of the utterance in the session.
    ///   - startTime: Start of the utterance, in seconds.
    ///   - endTime: End of the utterance, in seconds.
    public init(text: String, words: [Word] = [], utteranceIndex: Int, startTime: Double, endTime: Double) {
        self.text = text
        self.words = words
        self.utteranceIndex = utteranceIndex
        self.startTime = startTime
        self.endTime = endTime
    }

    /// The audio time range of the utterance, in seconds.
    public var audioTimeRange: ClosedRange<Double> { startTime...max(startTime, endTime) }
}
