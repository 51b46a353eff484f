import DictationKit

/// What a PocketSphinx model makes of a ``Vocabulary``: for each entry, whether the model knew
/// its words and what pronunciation each got; and which entries would sound alike.
///
/// `dictate vocabulary check` prints it; ``PocketSphinxRecognizer/checkVocabulary(_:locale:)``
/// makes it.
public struct VocabularyReport: Sendable, Hashable {
    /// Where a word's pronunciation came from.
    public enum Source: String, Sendable, Hashable, Codable {
        /// The model's pronunciation dictionary had the word.
        case dictionary
        /// The vocabulary gave it.
        case given
        /// It was derived from the spelling (espeak-ng's phonemes mapped onto the model's phones).
        case derived
        /// None could be found: the word can't be recognized.
        case none
    }

    /// One word of an entry.
    public struct Word: Sendable, Hashable {
        /// The word as the recognizer writes it (lowercase).
        public var text: String
        /// Where its pronunciations came from.
        public var source: Source
        /// Its pronunciations, phones separated by spaces: the dictionary's first, or those given,
        /// or the one derived.
        public var pronunciations: [String]
        /// Whether a derived pronunciation left out sounds the model's phones lack.
        public var isApproximate: Bool
    }

    /// One entry and its words.
    public struct Entry: Sendable, Hashable {
        /// The entry as given.
        public var entry: Vocabulary.Entry
        /// Its words.
        public var words: [Word]
        /// Why the entry can't be used as given, if it can't: non-fatal
        /// `DictationError.Code.invalidVocabulary` errors.
        public var problems: [DictationError]

        /// Whether the model's dictionary had every word of the entry.
        public var isKnown: Bool { words.allSatisfy { $0.source == .dictionary } }
    }

    /// Two words, of entries or an entry and the dictionary, that would sound alike.
    public struct SoundAlike: Sendable, Hashable {
        /// A word of the vocabulary.
        public var word: String
        /// The word it could be taken for: of another entry, or of the dictionary.
        public var other: String
        /// Whether `other` is a word of the model's dictionary rather than of the vocabulary.
        public var otherIsInDictionary: Bool
        /// Whether their pronunciations are the same; else they differ by one phone.
        public var isExact: Bool
    }

    /// The entries, in the vocabulary's order.
    public var entries: [Entry]
    /// Pairs that would sound alike: the same pronunciation, or (among the vocabulary's own
    /// words, four phones or more) one phone apart.
    public var soundAlikes: [SoundAlike]
}
