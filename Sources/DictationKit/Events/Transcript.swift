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
    /// How many of the leading words will not change any more: a partial's stable words, which
    /// every later partial of the utterance starts with, so an app can commit them early without
    /// flicker (the rest is volatile: it may still change). A final's words are all stable.
    ///
    /// The final comes from a second, more accurate search (see ``DictationEvent/final(_:)``) and
    /// may, rarely, still differ from a partial's stable words; it replaces the partial, and is
    /// the text that stays.
    public var stableWordCount: Int
    /// The text as a person would write it (capitals, punctuation, numbers as digits), when a
    /// formatting stage (`DictationFormatting`'s `FormattingStage`) wrote it; `nil` without one.
    /// ``text`` and ``words`` stay the recognizer's. Empty when the utterance was only a spoken
    /// command (``DictationEvent/command(_:)``).
    public var writtenText: String?
    /// Other transcripts the recognizer found likely for a final, likeliest first, none the same
    /// as ``text``: at most ``DictationOptions/alternativeCount``, so none unless asked for.
    /// Partials carry none.
    public var alternatives: [Alternative] = []

    /// Creates a transcript.
    /// - Parameters:
    ///   - text: The utterance text.
    ///   - words: The words with their times and confidences.
    ///   - utteranceIndex: The index of the utterance in the session.
    ///   - startTime: Start of the utterance, in seconds.
    ///   - endTime: End of the utterance, in seconds.
    ///   - stableWordCount: How many leading words will not change any more.
    ///   - writtenText: The text as a person would write it, when a formatter wrote it.
    public init(
        text: String, words: [Word] = [], utteranceIndex: Int, startTime: Double, endTime: Double,
        stableWordCount: Int = 0, writtenText: String? = nil
    ) {
        self.text = text
        self.words = words
        self.utteranceIndex = utteranceIndex
        self.startTime = startTime
        self.endTime = endTime
        self.stableWordCount = stableWordCount
        self.writtenText = writtenText
    }

    /// Decodes a transcript; one written before ``stableWordCount`` existed has none stable, one
    /// written before ``writtenText`` and ``alternatives`` existed has no written text and no
    /// alternatives.
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a field is missing or malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        words = try container.decode([Word].self, forKey: .words)
        utteranceIndex = try container.decode(Int.self, forKey: .utteranceIndex)
        startTime = try container.decode(Double.self, forKey: .startTime)
        endTime = try container.decode(Double.self, forKey: .endTime)
        stableWordCount = try container.decodeIfPresent(Int.self, forKey: .stableWordCount) ?? 0
        writtenText = try container.decodeIfPresent(String.self, forKey: .writtenText)
        alternatives = try container.decodeIfPresent([Alternative].self, forKey: .alternatives) ?? []
    }

    /// The stable leading words (``stableWordCount``), separated by spaces.
    public var stableText: String {
        text.split(separator: " ").prefix(stableWordCount).joined(separator: " ")
    }

    /// The words after the stable ones, which may still change.
    public var volatileText: String {
        text.split(separator: " ").dropFirst(stableWordCount).joined(separator: " ")
    }

    /// The audio time range of the utterance, in seconds.
    public var audioTimeRange: ClosedRange<Double> { startTime...max(startTime, endTime) }
}
