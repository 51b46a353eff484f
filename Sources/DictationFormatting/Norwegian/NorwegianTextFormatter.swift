import DictationKit

/// Norwegian (Bokmål) from a recognizer that writes, such as Whisper: its text as it wrote it,
/// and the spoken commands (``SpokenCommands/norwegian``) taken off a final's end: "stryk det"
/// (scratch that), "ny linje", "nytt avsnitt", "stopp diktering", "les det opp" (read that back).
///
/// Numbers, spoken punctuation and capitals are Whisper's own: no Norwegian rules of those are
/// written yet, so nothing is changed that a rule would have to get right.
public struct NorwegianTextFormatter: TextFormatter {
    /// Whether spoken commands are taken (``FormattingOptions/commands``).
    public let commands: Bool

    /// Creates the formatter.
    /// - Parameter options: Only ``FormattingOptions/commands`` applies.
    public init(options: FormattingOptions = FormattingOptions()) {
        commands = options.commands
    }

    /// Writes one utterance: the text as it came, with a command at the end of a final taken off.
    /// - Parameters:
    ///   - spoken: The recognizer's text.
    ///   - context: Whether the utterance is final.
    /// - Returns: The text, the command at its end, and the next utterance starting a sentence.
    public func format(_ spoken: String, in context: FormattingContext) -> FormattedText {
        guard context.isFinal, commands else { return FormattedText(text: spoken) }
        let tokens = RecognizedText.tokens(spoken)
        let (rest, command) = SpokenCommands.norwegian.split(tokens)
        guard let command else { return FormattedText(text: spoken) }
        return FormattedText(text: rest.rendered, command: command)
    }
}

extension SpokenCommands {
    /// Norwegian Bokmål commands, as Whisper writes them (case and marks aside).
    static let norwegian = SpokenCommands(
        phrases: [
            (["stryk", "det"], .scratchThat),
            (["nytt", "avsnitt"], .newParagraph),
            (["ny", "linje"], .newLine),
            (["stopp", "dikteringen"], .stopDictating),
            (["stopp", "diktering"], .stopDictating),
            (["les", "det", "opp", "igjen"], .readBack),
            (["les", "opp", "igjen"], .readBack),
            (["les", "det", "opp"], .readBack),
            (["les", "opp"], .readBack),
        ],
        sentenceWords: [
            "å", "jeg", "du", "han", "hun", "vi", "dere", "de", "den", "kan", "skal", "vil", "må", "bør", "kunne",
            "skulle", "ville", "ikke", "aldri", "og", "eller", "la", "så",
        ],
        determiners: ["en", "ei", "et", "den", "det", "denne", "dette", "hver"])
}
