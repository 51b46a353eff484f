/// Spoken punctuation and layout: "comma" → `,`, "new paragraph" → a blank line.
///
/// The rules, so that ordinary sentences keep their words:
/// - a mark's words right after a determiner stay words ("put a comma here", "the period of",
///   "start a new line");
/// - "quote" alone opens a quotation only when the utterance closes it later ("unquote", "end
///   quote", "close quote"); "open quote" always opens one.
///
/// A recognizer that writes (Whisper) may write the word ("Comma,", "period.", "question,
/// mark?") as well as a mark of its own beside it. The spoken mark wins, and the recognizer's
/// marks beside it, its reading of the pauses around the word, go: "Hello, comma, how are
/// you" → "Hello, how are you", never "Hello,,". Before a layout break only its pause marks go
/// (a sentence it ended stays ended: "Go. New line." → "Go.\n"); before an opening quote or
/// bracket, and before a closing one, its marks stay (`He said, "hi."`). Where the recognizer
/// ended a sentence that a spoken comma, colon, semicolon or dash now continues, the capital
/// it gave the next word goes too ("Dear Sir comma. Thank you" → "Dear Sir, thank you").
enum SpokenPunctuation {
    struct Entry {
        let words: [String]
        let text: String
        let mark: WrittenToken.Mark
    }

    /// The spoken forms, longest first where one starts another.
    static let entries: [Entry] = [
        Entry(words: ["exclamation", "mark"], text: "!", mark: .closing),
        Entry(words: ["exclamation", "point"], text: "!", mark: .closing),
        Entry(words: ["question", "mark"], text: "?", mark: .closing),
        Entry(words: ["full", "stop"], text: ".", mark: .closing),
        Entry(words: ["period"], text: ".", mark: .closing),
        Entry(words: ["comma"], text: ",", mark: .closing),
        Entry(words: ["semi", "colon"], text: ";", mark: .closing),
        Entry(words: ["semicolon"], text: ";", mark: .closing),
        Entry(words: ["colon"], text: ":", mark: .closing),
        Entry(words: ["dash"], text: "—", mark: .joining),
        Entry(words: ["hyphen"], text: "-", mark: .joining),
        Entry(words: ["open", "quote"], text: "\"", mark: .opening),
        Entry(words: ["close", "quote"], text: "\"", mark: .closing),
        Entry(words: ["end", "quote"], text: "\"", mark: .closing),
        Entry(words: ["unquote"], text: "\"", mark: .closing),
        Entry(words: ["open", "bracket"], text: "(", mark: .opening),
        Entry(words: ["open", "parenthesis"], text: "(", mark: .opening),
        Entry(words: ["open", "paren"], text: "(", mark: .opening),
        Entry(words: ["close", "bracket"], text: ")", mark: .closing),
        Entry(words: ["close", "parenthesis"], text: ")", mark: .closing),
        Entry(words: ["close", "paren"], text: ")", mark: .closing),
        Entry(words: ["new", "paragraph"], text: "\n\n", mark: .lineBreak),
        Entry(words: ["new", "line"], text: "\n", mark: .lineBreak),
    ]

    /// "quote" alone: opens a quotation the utterance closes later.
    static let bareQuote = Entry(words: ["quote"], text: "\"", mark: .opening)

    /// Words after which a mark's name is a noun, not punctuation.
    static let determiners: Set<String> = [
        "a", "an", "the", "this", "that", "these", "those", "every", "each", "no", "one", "another", "any", "some",
        "my", "your", "his", "her", "its", "our", "their", "which", "what", "whose",
    ]

    /// The tokens with spoken marks in place of their words.
    static func apply(to tokens: [WrittenToken]) -> [WrittenToken] {
        var result: [WrittenToken] = []
        var index = 0
        var continuesSentence = false
        while index < tokens.count {
            let previous = result.last?.spokenWord
            if previous.map(determiners.contains) != true, let (entry, end) = entry(at: index, in: tokens) {
                var droppedSentenceEnd = false
                while let last = result.last, last.isRecognizerPause, dropsBefore(last, for: entry) {
                    droppedSentenceEnd = droppedSentenceEnd || last.endsSentence
                    result.removeLast()
                }
                result.append(.mark(entry.text, entry.mark))
                index = end
                while index < tokens.count, tokens[index].isRecognizerPause {
                    droppedSentenceEnd = droppedSentenceEnd || tokens[index].endsSentence
                    index += 1
                }
                continuesSentence = droppedSentenceEnd && [",", ":", ";", "—", "-"].contains(entry.text)
            } else {
                var token = tokens[index]
                if continuesSentence, token.spokenWord != nil { token.text = Capitalizer.continuing(token.text) }
                if !token.isMark { continuesSentence = false }
                result.append(token)
                index += 1
            }
        }
        return result
    }

    /// Whether a recognizer's mark just before a spoken mark goes: its pause marks before a
    /// closing, joining or layout mark; its sentence marks before a sentence or clause mark or a
    /// dash.
    private static func dropsBefore(_ mark: WrittenToken, for entry: Entry) -> Bool {
        switch entry.mark {
        case .opening: return false
        case .lineBreak: return !mark.endsSentence
        case .joining: return true
        case .closing: return !mark.endsSentence || !["\"", ")"].contains(entry.text)
        }
    }

    /// The entry whose words start at `index`, if any, and the index after its words.
    private static func entry(at index: Int, in tokens: [WrittenToken]) -> (Entry, Int)? {
        for entry in entries {
            if let end = tokens.end(of: entry.words, at: index) { return (entry, end) }
        }
        if let end = tokens.end(of: bareQuote.words, at: index), closesQuote(after: index, in: tokens) { return (bareQuote, end) }
        return nil
    }

    private static func closesQuote(after index: Int, in tokens: [WrittenToken]) -> Bool {
        let closers = entries.filter { $0.text == "\"" && $0.mark == .closing }
        return (index + 1..<tokens.count).contains { position in
            closers.contains { tokens.end(of: $0.words, at: position) != nil }
        }
    }
}
