/// Spoken punctuation and layout: "comma" → `,`, "new paragraph" → a blank line.
///
/// The rules, so that ordinary sentences keep their words:
/// - a mark's words right after a determiner stay words ("put a comma here", "the period of",
///   "start a new line");
/// - "quote" alone opens a quotation only when the utterance closes it later ("unquote", "end
///   quote", "close quote"); "open quote" always opens one.
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
        while index < tokens.count {
            let previous = result.last?.spokenWord
            if previous.map(determiners.contains) != true, let entry = entry(at: index, in: tokens) {
                result.append(.mark(entry.text, entry.mark))
                index += entry.words.count
            } else {
                result.append(tokens[index])
                index += 1
            }
        }
        return result
    }

    /// The entry whose words start at `index`, if any.
    private static func entry(at index: Int, in tokens: [WrittenToken]) -> Entry? {
        if let entry = entries.first(where: { matches($0.words, at: index, in: tokens) }) { return entry }
        if matches(bareQuote.words, at: index, in: tokens), closesQuote(after: index, in: tokens) { return bareQuote }
        return nil
    }

    private static func closesQuote(after index: Int, in tokens: [WrittenToken]) -> Bool {
        let closers = entries.filter { $0.text == "\"" && $0.mark == .closing }
        return (index + 1..<tokens.count).contains { position in
            closers.contains { matches($0.words, at: position, in: tokens) }
        }
    }

    /// Whether the spoken words at `index` are `words`.
    static func matches(_ words: [String], at index: Int, in tokens: [WrittenToken]) -> Bool {
        guard index + words.count <= tokens.count else { return false }
        return words.indices.allSatisfy { tokens[index + $0].spokenWord == words[$0] }
    }
}
