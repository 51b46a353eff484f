import DictationKit

/// Turns a recognizer's words into written text: what a person would type for what they said.
///
/// A formatter is a value that knows one language's conventions; ``FormattingStage`` runs one on
/// every partial and final of a session. It is given the utterance's words and where the
/// utterance stands in the text so far (``FormattingContext``), and says what to write, whether
/// the utterance ended in a spoken command, and whether the next utterance starts a sentence.
public protocol TextFormatter: Sendable {
    /// Writes one utterance.
    /// - Parameters:
    ///   - spoken: The recognizer's words, separated by spaces (`Transcript.text`): spoken words
    ///     (PocketSphinx), or text the recognizer wrote itself (Whisper), which a formatter reads
    ///     from the words themselves and must not write twice.
    ///   - context: Where the utterance stands: whether it starts a sentence, whether it is final.
    /// - Returns: The written text, a spoken command if there was one, and the sentence state.
    func format(_ spoken: String, in context: FormattingContext) -> FormattedText
}

/// Where an utterance stands in the text being written.
public struct FormattingContext: Sendable, Hashable {
    /// Whether the utterance starts a sentence: true unless the utterance before it was left open
    /// (it ended without a sentence-ending mark, e.g. with a spoken "comma").
    public var startsSentence: Bool
    /// Whether this is a final; a partial gets no sentence-final mark and no commands, since the
    /// utterance may go on.
    public var isFinal: Bool

    /// Creates a context.
    /// - Parameters:
    ///   - startsSentence: Whether the utterance starts a sentence.
    ///   - isFinal: Whether it is a final rather than a partial.
    public init(startsSentence: Bool = true, isFinal: Bool = true) {
        self.startsSentence = startsSentence
        self.isFinal = isFinal
    }
}

/// What a ``TextFormatter`` wrote for one utterance.
public struct FormattedText: Sendable, Hashable {
    /// The written text; empty when the utterance was only a command.
    public var text: String
    /// The command spoken as the whole utterance or at its end, whose words are not in ``text``.
    public var command: DictationCommand.Kind?
    /// Whether the next utterance starts a sentence: false when this one was left open.
    public var nextStartsSentence: Bool

    /// Creates a result.
    /// - Parameters:
    ///   - text: The written text.
    ///   - command: The command spoken at the end, if any.
    ///   - nextStartsSentence: Whether the next utterance starts a sentence.
    public init(text: String, command: DictationCommand.Kind? = nil, nextStartsSentence: Bool = true) {
        self.text = text
        self.command = command
        self.nextStartsSentence = nextStartsSentence
    }
}
