/// A recognizer's text read into tokens, whether it gives spoken words or writes.
///
/// PocketSphinx gives lowercase words ("go forward ten meters"); Whisper writes ("Go forward 10
/// meters.", "Scratch that.", "New line."). There is no switch between the two: every text is
/// read the same way, and what the recognizer wrote shows in the tokens themselves.
/// - A word keeps the letters it was written with; the rules read it lowercase, so "Scratch",
///   "Comma" and "March" are the spoken words they spell.
/// - Marks at a word's start or end (`.` `,` `?` `!` `:` `;` `…`, quotes, brackets) are marks of
///   their own, ``WrittenToken/writtenByRecognizer``: "meters." is the word "meters" and the
///   recognizer's period. A period stays in an abbreviation ("a.m.", "U.S.", "Mr.", "etc.").
/// - Anything with a digit is a number the recognizer wrote ("10", "$25", "3.5%", "21st"):
///   written already, never read as words again.
/// - A tens and a unit joined by a hyphen ("twenty-five") are two number words, written with
///   their hyphen again if no rule rewrites them.
/// - A chunk of marks alone ("-", "&") stays as it is, between spaces; line breaks inside the
///   text stay line breaks.
///
/// Rendered with no rule applied, the tokens give the text back (spaces made single).
enum RecognizedText {
    /// Marks that open a quotation or a bracket, at a word's start.
    static let openingMarks: Set<Character> = ["\"", "(", "[", "“", "‘", "¿", "¡"]
    /// Marks at a word's end: sentence and pause marks, closing quotes and brackets.
    static let closingMarks: Set<Character> = [".", ",", "?", "!", ":", ";", "…", "\"", ")", "]", "”"]
    /// Abbreviations whose period is part of the word, not a sentence mark.
    static let abbreviations: Set<String> = [
        "mr", "mrs", "ms", "dr", "st", "jr", "sr", "vs", "etc", "inc", "ltd", "co", "corp", "prof", "approx", "dept",
        "est", "fig", "gen", "gov", "mt", "sgt", "capt", "col", "lt", "rev", "ave", "blvd", "rd",
    ]

    /// The tokens of a recognizer's text.
    static func tokens(_ text: String) -> [WrittenToken] {
        var tokens: [WrittenToken] = []
        var breaks = ""
        for chunk in text.split(separator: " ", omittingEmptySubsequences: true) {
            // Line breaks it wrote are layout of its own; other white space separates words.
            for (number, line) in chunk.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if number > 0 { breaks += "\n" }
                let words = line.split(whereSeparator: \.isWhitespace)
                guard !words.isEmpty else { continue }
                if !breaks.isEmpty, !tokens.isEmpty { tokens.append(recognizerMark(breaks, .lineBreak)) }
                breaks = ""
                tokens += words.flatMap { Self.tokens(ofChunk: $0) }
            }
        }
        return tokens
    }

    /// One whitespace-separated chunk: its leading marks, its word or number, its trailing marks.
    private static func tokens(ofChunk chunk: Substring) -> [WrittenToken] {
        guard chunk.contains(where: { $0.isLetter || $0.isNumber }) else {
            return [WrittenToken(text: String(chunk), kind: .written, isFixed: true, writtenByRecognizer: true)]
        }
        var core = chunk
        var leading: [WrittenToken] = []
        while let first = core.first, openingMarks.contains(first) || first == "…" || core.hasPrefix("..") {
            if first == "." {
                // A leading ellipsis: "...and then".
                let dots = core.prefix { $0 == "." }
                leading.append(recognizerMark(String(dots), .opening))
                core = core.dropFirst(dots.count)
            } else {
                leading.append(recognizerMark(String(first), .opening))
                core = core.dropFirst()
            }
        }
        var trailing: [Character] = []
        while let last = core.last, closingMarks.contains(last) {
            trailing.insert(last, at: 0)
            core = core.dropLast()
        }
        // An abbreviation keeps its period: "a.m.", "U.S.", "Mr."; a number does not ("3.5.").
        if trailing.first == ".", isAbbreviation(core) {
            core += "."
            trailing.removeFirst()
        }
        return leading + words(in: core) + marks(trailing)
    }

    /// Whether a word's period after it is its own: letters after an inner period ("a.m", "U.S",
    /// "10a.m") or a known abbreviation ("Mr", "etc").
    private static func isAbbreviation(_ core: Substring) -> Bool {
        if let dot = core.lastIndex(of: ".") {
            let after = core[core.index(after: dot)...]
            return !after.isEmpty && after.allSatisfy(\.isLetter)
        }
        return abbreviations.contains(core.lowercased())
    }

    /// The word or number of a chunk: a number if it has a digit, two number words if it is a
    /// hyphenated tens and unit, else one word.
    private static func words(in core: Substring) -> [WrittenToken] {
        if core.contains(where: \.isNumber) {
            return [WrittenToken(text: String(core), kind: .written, isFixed: true, writtenByRecognizer: true)]
        }
        let parts = core.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 2, NumberWords.tens[parts[0].lowercased()] != nil,
            NumberWords.units[parts[1].lowercased()] != nil || NumberWords.ordinalUnits[parts[1].lowercased()] != nil
        {
            var unit = WrittenToken.word(String(parts[1]))
            unit.isHyphenated = true
            return [.word(String(parts[0])), unit]
        }
        return [.word(String(core))]
    }

    /// Trailing marks as tokens: a run of dots is one ellipsis, every other mark one token.
    private static func marks(_ characters: [Character]) -> [WrittenToken] {
        var tokens: [WrittenToken] = []
        for character in characters {
            if character == ".", let last = tokens.last, last.text.allSatisfy({ $0 == "." }) {
                tokens[tokens.count - 1].text.append(character)
            } else {
                tokens.append(recognizerMark(String(character), .closing))
            }
        }
        return tokens
    }

    private static func recognizerMark(_ text: String, _ mark: WrittenToken.Mark) -> WrittenToken {
        WrittenToken(text: text, kind: .mark(mark), isFixed: true, writtenByRecognizer: true)
    }
}
