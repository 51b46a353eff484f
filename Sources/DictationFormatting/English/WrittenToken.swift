/// One piece of an utterance on its way to written text: a word, a number already written, or a
/// mark (punctuation, layout).
struct WrittenToken: Hashable {
    /// How a mark sits between its neighbours.
    enum Mark: Hashable {
        /// Sentence and clause marks: `,` `.` `?` `!` `:` `;`, and closing quotes and brackets:
        /// no space before.
        case closing
        /// Opening quotes and brackets: no space after.
        case opening
        /// A hyphen or dash: no space on either side.
        case joining
        /// A line or paragraph break: no space on either side; what follows starts a sentence.
        case lineBreak
    }

    enum Kind: Hashable {
        /// A spoken word, lowercase unless a rule gave it capitals.
        case word
        /// A number or a phrase rewritten with digits ("10:30 a.m.", "$25").
        case written
        case mark(Mark)
    }

    var text: String
    var kind: Kind
    /// Spelled by the user or rewritten: no rule changes its letters any more.
    var isFixed = false

    static func word(_ text: String) -> WrittenToken { WrittenToken(text: text, kind: .word) }
    static func written(_ text: String) -> WrittenToken { WrittenToken(text: text, kind: .written, isFixed: true) }
    static func mark(_ text: String, _ mark: Mark) -> WrittenToken {
        WrittenToken(text: text, kind: .mark(mark), isFixed: true)
    }

    /// A word the rules may still read (a number word, a command word): spoken, not yet rewritten.
    var spokenWord: String? { kind == .word && !isFixed ? text.lowercased() : nil }

    var isMark: Bool { if case .mark = kind { true } else { false } }

    /// Whether the mark ends a sentence: what follows starts with a capital.
    var endsSentence: Bool {
        switch kind {
        case .mark(.closing): [".", "?", "!"].contains(text)
        case .mark(.lineBreak): true
        default: false
        }
    }

    /// No space between this token and the one before.
    var attachesToPrevious: Bool {
        switch kind {
        case .mark(.closing), .mark(.joining), .mark(.lineBreak): true
        default: false
        }
    }

    /// No space between this token and the one after.
    var attachesToNext: Bool {
        switch kind {
        case .mark(.opening), .mark(.joining), .mark(.lineBreak): true
        default: false
        }
    }
}

extension [WrittenToken] {
    /// The tokens as text: words separated by single spaces, marks attached where they belong.
    var rendered: String {
        var text = ""
        var previous: WrittenToken?
        for token in self {
            if let previous, !previous.attachesToNext, !token.attachesToPrevious { text += " " }
            text += token.text
            previous = token
        }
        return text
    }

    /// The words of the tokens from `start`, up to the next mark.
    func clause(from start: Int) -> [String] {
        var words: [String] = []
        for token in self[start...] {
            if token.isMark { break }
            words.append(token.text.lowercased())
        }
        return words
    }
}
