/// What a session asks of its decoders beside the audio: the words to expect, and how many
/// alternatives each final should carry. A session gives them to every decoder it uses through
/// ``SpeechDecoder/configure(_:)``.
public struct RecognitionSettings: Sendable, Hashable {
    /// The words and phrases to expect (``DictationOptions/vocabulary``).
    public var vocabulary: Vocabulary
    /// How many alternative transcripts a final should carry at most
    /// (``DictationOptions/alternativeCount``); 0 for none.
    public var alternativeCount: Int

    /// Creates settings.
    /// - Parameters:
    ///   - vocabulary: The words and phrases to expect; empty by default.
    ///   - alternativeCount: The most alternatives per final; none by default.
    public init(vocabulary: Vocabulary = Vocabulary(), alternativeCount: Int = 0) {
        self.vocabulary = vocabulary
        self.alternativeCount = max(0, alternativeCount)
    }

    /// Whether these are the settings of a session that asks for nothing special.
    public var isStandard: Bool { vocabulary.isEmpty && alternativeCount == 0 }
}

extension SpeechDecoder {
    /// Takes no vocabulary and gives no alternatives: a decoder that can do neither needs no
    /// change. A vocabulary is then reported as unsupported.
    /// - Parameter settings: The session's settings.
    /// - Returns: A ``DictationError/Code/vocabularyUnsupported`` note when the vocabulary is not empty.
    public func configure(_ settings: RecognitionSettings) throws(DictationError) -> [DictationError] {
        settings.vocabulary.isEmpty ? [] : [.vocabularyUnsupported()]
    }
}
