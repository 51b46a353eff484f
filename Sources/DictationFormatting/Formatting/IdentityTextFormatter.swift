/// The formatter for languages without one of their own: the recognizer's words as they are, no
/// commands. Every utterance starts a sentence, since nothing is known of sentences.
public struct IdentityTextFormatter: TextFormatter {
    /// Creates the formatter.
    public init() {}

    /// The words unchanged.
    /// - Parameters:
    ///   - spoken: The recognizer's words.
    ///   - context: Not used.
    /// - Returns: The words, no command.
    public func format(_ spoken: String, in context: FormattingContext) -> FormattedText {
        FormattedText(text: spoken)
    }
}
