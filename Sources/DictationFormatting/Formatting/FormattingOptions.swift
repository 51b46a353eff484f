import DictationKit

/// What a ``TextFormatter`` does, one switch per feature; all on by default.
///
/// The switches say what the formatter adds. Text a recognizer writes itself (Whisper's
/// capitals, marks and digits) is kept whatever they say: off, a switch adds nothing, and takes
/// nothing away either.
///
/// Codable, so an app can keep a user's choices; a switch missing from stored JSON (one added
/// later) takes its default.
public struct FormattingOptions: Sendable, Hashable, Codable {
    /// How numbers are written.
    public enum NumberStyle: String, Sendable, Hashable, Codable, CaseIterable {
        /// As the recognizer gave them: words from one that spells them out (PocketSphinx), its
        /// own digits from one that writes (Whisper), untouched.
        case words
        /// Digits, but zero to nine as words where they stand alone in prose ("three people",
        /// "10 people"), as most style guides have it. Money, percentages, times, dates,
        /// measurements, decimals and digit runs are digits whatever their size. Digits a recognizer
        /// wrote stay digits ("Chapter 3"); only its times, dates and percentages take this
        /// style ("9am" → "9 a.m.", "March 5th" → "March 5", "3.5 percent" → "3.5%").
        case prose
        /// Digits everywhere a number is certain to be a number ("3 people"); "one" on its own
        /// stays a word ("one of them", "the one"), and so do ordinals below ten. A recognizer's
        /// own digits are treated as with ``prose``.
        case digits
    }

    /// Capitals at sentence starts, "I" and its contractions, days and months; and a sentence that
    /// goes on from the utterance before starts lowercase, though a recognizer that writes gave
    /// it a capital.
    public var capitals: Bool
    /// A sentence-final mark on each final (a question mark when it reads as a question), unless
    /// the user ended it with spoken punctuation or spoke sentence marks in it, or the recognizer
    /// wrote one.
    public var sentenceMarks: Bool
    /// Spoken punctuation and layout ("comma", "new line"...) written as marks; off, the words stay.
    /// A mark the recognizer wrote beside the word ("Comma,") gives way to the spoken one.
    public var spokenPunctuation: Bool
    /// Spoken commands ("scratch that", "new line" as a whole utterance...) taken as commands,
    /// however the recognizer wrote them ("Scratch that."); off, they are words (or layout, with
    /// ``spokenPunctuation``).
    public var commands: Bool
    /// How numbers are written.
    public var numbers: NumberStyle
    /// The user's own spellings: a spoken word or phrase (lowercase words, as the recognizer
    /// says it; matched whatever capitals a recognizer writes) and how to write it, e.g.
    /// `"dictation kit": "DictationKit"`. Applied whatever the other switches say, and never
    /// changed by them (no capital at a sentence start).
    public var spellings: [String: String]

    /// Creates options.
    /// - Parameters:
    ///   - capitals: Capitals at sentence starts, for "I", days and months.
    ///   - sentenceMarks: A sentence-final mark on each final.
    ///   - spokenPunctuation: Spoken punctuation and layout as marks.
    ///   - commands: Spoken commands as commands.
    ///   - numbers: How numbers are written.
    ///   - spellings: The user's own spellings of words and phrases.
    public init(
        capitals: Bool = true, sentenceMarks: Bool = true, spokenPunctuation: Bool = true, commands: Bool = true,
        numbers: NumberStyle = .prose, spellings: [String: String] = [:]
    ) {
        self.capitals = capitals
        self.sentenceMarks = sentenceMarks
        self.spokenPunctuation = spokenPunctuation
        self.commands = commands
        self.numbers = numbers
        self.spellings = spellings
    }

    /// Decodes options; a switch that is missing takes its default.
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a field is malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = FormattingOptions()
        capitals = try container.decodeIfPresent(Bool.self, forKey: .capitals) ?? defaults.capitals
        sentenceMarks = try container.decodeIfPresent(Bool.self, forKey: .sentenceMarks) ?? defaults.sentenceMarks
        spokenPunctuation =
            try container.decodeIfPresent(Bool.self, forKey: .spokenPunctuation) ?? defaults.spokenPunctuation
        commands = try container.decodeIfPresent(Bool.self, forKey: .commands) ?? defaults.commands
        numbers = try container.decodeIfPresent(NumberStyle.self, forKey: .numbers) ?? defaults.numbers
        spellings = try container.decodeIfPresent([String: String].self, forKey: .spellings) ?? defaults.spellings
    }

    /// Nothing changed: the recognizer's words as they are (what `--raw` prints).
    public static let off = FormattingOptions(
        capitals: false, sentenceMarks: false, spokenPunctuation: false, commands: false, numbers: .words)
}

extension FormattingOptions {
    /// Adds to ``spellings`` how a custom vocabulary's entries are written: the recognizer says
    /// "trondheim", and the entry `Trondheim` (or `postgres q l` with the spelling `PostgreSQL`)
    /// says how it is written. Entries written as they are said (lowercase) add nothing, so that
    /// they still get a capital at a sentence start; spellings already given win.
    /// - Parameter vocabulary: The session's vocabulary (`DictationOptions.vocabulary`).
    public mutating func addSpellings(of vocabulary: Vocabulary) {
        for entry in vocabulary.entries {
            let spoken = entry.phrase.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
            let written = entry.writtenForm
            guard !spoken.isEmpty, written != spoken, spellings[spoken] == nil else { continue }
            spellings[spoken] = written
        }
    }
}
