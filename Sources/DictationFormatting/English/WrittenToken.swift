/// One piece of an utterance on its way to written text: a word, a number already written, or a
/// mark (punctuation, layout).
///
/// A recognizer that writes (Whisper) gives marks and numerals of its own: those tokens are
/// ``writtenByRecognizer``, and the rules keep them as written (see ``RecognizedText``).
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
    /// A mark or a numeral the recognizer wrote itself ("meters**.**", "**10**"), not one the
    /// speaker said: kept as written, and its marks are its reading of the pauses, which a
    /// spoken mark beside them replaces.
    var writtenByRecognizer = false
    /// A number word the recognizer joined to the word before with a hyphen ("twenty-**five**"):
    /// read as a word of its own, written with the hyphen if no rule rewrites it.
    var isHyphenated = false

    static func word(_ text: String) -> WrittenToken { WrittenToken(text: text, kind: .word) }
    static func written(_ text: String) -> WrittenToken { WrittenToken(text: text, kind: .written, isFixed: true) }
    static func mark(_ text: String, _ mark: Mark) -> WrittenToken {
        WrittenToken(text: text, kind: .mark(mark), isFixed: true)
    }

    /// A word the rules may still read (a number word, a command word): spoken, not yet rewritten.
    /// Lowercase, whatever capitals the recognizer wrote.
    var spokenWord: String? { kind == .word && !isFixed ? text.lowercased() : nil }

    var isMark: Bool { if case .mark = kind { true } else { false } }

    /// The sentence marks a recognizer writes: `.`, `?`, `!` (and runs of them, "?!").
    static let sentenceMarkCharacters: Set<Character> = [".", "?", "!"]
    /// The marks a recognizer writes at a pause inside a sentence: `,`, `;`, `:`, an ellipsis.
    static let pauseMarkCharacters: Set<Character> = [",", ";", ":", "…"]

    /// A mark the recognizer wrote where it heard a pause or a sentence end (`,` `;` `:` `.` `?`
    /// `!` `…`), not a quote or a bracket.
    var isRecognizerPause: Bool {
        guard writtenByRecognizer, kind == .mark(.closing) || kind == .mark(.opening) else { return false }
        return !text.isEmpty
            && text.allSatisfy { Self.sentenceMarkCharacters.contains($0) || Self.pauseMarkCharacters.contains($0) }
    }

    /// A comma the recognizer wrote.
    var isRecognizerComma: Bool { writtenByRecognizer && kind == .mark(.closing) && text == "," }

    /// A number the recognizer wrote in digits ("10", "$25", "3.5%", "5th", "9am").
    var isRecognizerNumeral: Bool { writtenByRecognizer && kind == .written && text.contains(where: \.isNumber) }

    /// Whether the mark ends a sentence: what follows starts with a capital.
    var endsSentence: Bool {
        switch kind {
        // ".", "?", "!" and a recognizer's "?!"; not an ellipsis, which trails off.
        case .mark(.closing): !text.isEmpty && text.allSatisfy(Self.sentenceMarkCharacters.contains) && !text.hasPrefix("..")
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
            if token.isHyphenated, previous != nil {
                text += "-"
            } else if let previous, !previous.attachesToNext, !token.attachesToPrevious {
                text += " "
            }
            text += token.text
            previous = token
        }
        return text
    }

    /// The end of the spoken words `words` starting at `index` (the index after the last), if
    /// they are there. A comma the recognizer wrote between them is passed over ("question,
    /// mark?") when `acrossPauses` is set; a sentence mark is not ("What's new? Line two").
    func end(of words: [String], at index: Int, acrossPauses: Bool = true) -> Int? {
        var position = index
        for (offset, word) in words.enumerated() {
            if offset > 0, acrossPauses {
                while position < count, self[position].isRecognizerComma { position += 1 }
            }
            guard position < count, self[position].spokenWord == word else { return nil }
            position += 1
        }
        return position
    }

    /// The start of the spoken words `words` ending just before `end`, if they are there, with
    /// a comma the recognizer wrote between them passed over.
    func start(of words: [String], endingAt end: Int) -> Int? {
        var position = end
        for (offset, word) in words.reversed().enumerated() {
            if offset > 0 {
                while position > 0, self[position - 1].isRecognizerComma { position -= 1 }
            }
            guard position > 0, self[position - 1].spokenWord == word else { return nil }
            position -= 1
        }
        return position
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
