import DictationKit

/// Written English from a recognizer's words: "meet me at ten thirty on march fifth comma bring
/// twenty five dollars" → "Meet me at 10:30 on March 5, bring $25."
///
/// In order: a command at the end is taken off (finals only), the user's spellings are put in,
/// spoken punctuation becomes marks, numbers become digits, capitals are set, and a final gets
/// its sentence mark. Each step is a switch of ``FormattingOptions``; the rules of each, and
/// where they leave words alone rather than guess, are in the docs of its type and in
/// `docs/formatting.md`.
///
/// A recognizer that writes its text itself (Whisper: "Go forward 10 meters.", "Scratch that.")
/// is read the same way, case- and punctuation-insensitively: its capitals, marks and digits are
/// kept, its commands and spoken punctuation still work, and nothing it wrote is written twice
/// ("Hello, comma" is "Hello,"; "meters." gets no second period). The switches add what is
/// missing and take nothing the recognizer wrote away.
public struct EnglishTextFormatter: TextFormatter {
    /// What the formatter does.
    public let options: FormattingOptions
    private let spellings: UserSpellings

    /// Creates the formatter.
    /// - Parameter options: What it does.
    public init(options: FormattingOptions = FormattingOptions()) {
        self.options = options
        spellings = UserSpellings(options.spellings)
    }

    /// Writes one utterance.
    /// - Parameters:
    ///   - spoken: The recognizer's words, or the text it wrote.
    ///   - context: Whether the utterance starts a sentence and whether it is final.
    /// - Returns: The written text, the command at its end, and whether the next utterance
    ///   starts a sentence.
    public func format(_ spoken: String, in context: FormattingContext) -> FormattedText {
        var tokens = RecognizedText.tokens(spoken)
        var command: DictationCommand.Kind?
        if context.isFinal, options.commands {
            (tokens, command) = SpokenCommands.english.split(tokens)
        }
        tokens = spellings.apply(to: tokens)
        if options.spokenPunctuation { tokens = SpokenPunctuation.apply(to: tokens) }
        tokens = NumberRewriter(style: options.numbers).apply(to: tokens)
        if options.capitals { tokens = Capitalizer.apply(to: tokens, startsSentence: context.startsSentence) }

        guard let last = tokens.last else {
            return FormattedText(text: "", command: command, nextStartsSentence: context.startsSentence)
        }
        // A final the user ended on a spoken mark is punctuated by voice: no mark is added, and
        // one that ends on a comma, a colon or a dash leaves its sentence open. So is one the
        // recognizer ended on a mark of its own.
        if last.isMark && !Self.isClosingQuotation(last) {
            return FormattedText(text: tokens.rendered, command: command, nextStartsSentence: last.endsSentence)
        }
        // A quotation or bracket closed after its sentence's mark: `He said "hello."`.
        let beforeClosing = tokens.lastIndex { !Self.isClosingQuotation($0) }
        if last.isMark, let beforeClosing, tokens[beforeClosing].endsSentence {
            return FormattedText(text: tokens.rendered, command: command, nextStartsSentence: true)
        }
        guard context.isFinal, options.sentenceMarks else {
            return FormattedText(text: tokens.rendered, command: command, nextStartsSentence: true)
        }
        // A word that ends its sentence itself ("was." from a recognizer that writes, kept whole
        // when it is an abbreviation, "etc."): "was." is not a question because it starts "had
        // he". An abbreviation with inner periods ("10 a.m.") still takes its mark.
        if let end = last.text.last, "?!".contains(end) || (end == "." && last.text.filter { $0 == "." }.count == 1) {
            return FormattedText(text: tokens.rendered, command: command, nextStartsSentence: true)
        }
        let mark = readsAsQuestion(tokens) ? "?" : "."
        if mark == ".", last.text.hasSuffix(".") {
            // "10 a.m." ends with a period already.
        } else if mark == ".", last.text == "\"" || last.text == "”" {
            // American style: a period goes inside the closing quote.
            tokens.insert(.mark(mark, .closing), at: tokens.count - 1)
        } else {
            tokens.append(.mark(mark, .closing))
        }
        return FormattedText(text: tokens.rendered, command: command, nextStartsSentence: true)
    }

    /// A closing quote or bracket ends a quotation, not the sentence: the mark still comes after.
    private static func isClosingQuotation(_ token: WrittenToken) -> Bool {
        token.kind == .mark(.closing) && ["\"", ")", "”", "]"].contains(token.text)
    }

    /// Whether the first or the last clause reads as a question ("hello, how are you").
    private func readsAsQuestion(_ tokens: [WrittenToken]) -> Bool {
        let firstWord = tokens.firstIndex { !$0.isMark } ?? 0
        let lastClause = (tokens.lastIndex(where: \.isMark).map { $0 + 1 }) ?? firstWord
        return QuestionReading.isQuestion(tokens.clause(from: firstWord))
            || (lastClause < tokens.count && QuestionReading.isQuestion(tokens.clause(from: lastClause)))
    }
}
