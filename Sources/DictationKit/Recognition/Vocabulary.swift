/// Words and phrases a session should expect: names, places, jargon, product names.
///
/// A vocabulary belongs to no recognizer: each decoder is made with it
/// (``DecoderConfiguration/vocabulary``) and makes of it what it can. Whisper takes the entries
/// as its prompt. PocketSphinx adds the words its dictionary lacks, with a
/// pronunciation given here or derived from their spelling, and makes every entry likelier in its
/// language model, as much as ``boost`` says.
///
/// ```swift
/// var options = DictationOptions()
/// options.vocabulary = Vocabulary([
///     Vocabulary.Entry("Siobhan"),
///     Vocabulary.Entry("Kubernetes rollout"),
///     Vocabulary.Entry("postgres q l", spelling: "PostgreSQL"),
///     Vocabulary.Entry("Dagny", pronunciations: ["D AE G N IY"]),
/// ])
/// ```
///
/// A vocabulary can also be read from a file (``init(contentsOfFile:)``).
public struct Vocabulary: Sendable, Hashable, Codable {
    /// One word or phrase as it is said, with how it is written and pronounced when that is not
    /// what its words suggest.
    public struct Entry: Sendable, Hashable, Codable {
        /// The word or phrase as it is said, in words: `"Siobhan"`, `"Kubernetes rollout"`,
        /// `"postgres q l"`. Case does not matter to the recognizer.
        public var phrase: String
        /// How the entry is written when that is not ``phrase`` itself (`"PostgreSQL"` for
        /// `"postgres q l"`), for a formatter to use; `nil` to write the phrase as it is.
        public var spelling: String?
        /// Pronunciations of a one-word entry in the model's phone set, phones separated by spaces
        /// (ARPAbet for the English models: `"SH IH V AO N"`); empty to take the dictionary's, or
        /// one derived from the spelling.
        public var pronunciations: [String]

        /// Creates an entry.
        /// - Parameters:
        ///   - phrase: The word or phrase as it is said.
        ///   - spelling: How it is written, when not as ``phrase``.
        ///   - pronunciations: Pronunciations of a one-word entry in the model's phone set.
        public init(_ phrase: String, spelling: String? = nil, pronunciations: [String] = []) {
            self.phrase = phrase
            self.spelling = spelling
            self.pronunciations = pronunciations
        }

        /// The words a recognizer hears: the phrase in lowercase, split at white space.
        public var words: [String] {
            phrase.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        }

        /// How the entry is written: ``spelling``, else ``phrase`` with its spaces tidied.
        public var writtenForm: String {
            spelling ?? phrase.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }

        /// Decodes an entry; `spelling` and `pronunciations` may be left out.
        /// - Parameter decoder: The decoder to read from.
        /// - Throws: `DecodingError` when `phrase` is missing or a field has the wrong type.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            phrase = try container.decode(String.self, forKey: .phrase)
            spelling = try container.decodeIfPresent(String.self, forKey: .spelling)
            pronunciations = try container.decodeIfPresent([String].self, forKey: .pronunciations) ?? []
        }
    }

    /// The words and phrases.
    public var entries: [Entry]
    /// How much more the recognizer should favour the entries than it must to know them at all,
    /// from 0 to 1. At the default, ``standardBoost`` (0), the entries are already likely:
    /// PocketSphinx gives their language model the least weight (0.001), which on speech full of
    /// names and jargon cuts the errors on the entries' words from 84 % to 35 % and leaves the
    /// error rate of speech without them unchanged; more boost gains little there and starts to
    /// put the entries' words into speech that has none (see `docs/benchmarks.md`).
    public var boost: Double

    /// The ``boost`` a vocabulary has unless told otherwise: 0.
    public static let standardBoost = 0.0

    /// Creates a vocabulary.
    /// - Parameters:
    ///   - entries: The words and phrases.
    ///   - boost: How strongly to favour them, 0 to 1.
    public init(_ entries: [Entry] = [], boost: Double = Vocabulary.standardBoost) {
        self.entries = entries
        self.boost = boost
    }

    /// Whether there is no entry: a session with an empty vocabulary recognizes as without one.
    public var isEmpty: Bool { entries.isEmpty }

    /// The distinct words of all entries, in the order they first appear.
    public var words: [String] {
        var seen = Set<String>()
        return entries.flatMap(\.words).filter { seen.insert($0).inserted }
    }

    /// Decodes a vocabulary; `boost` may be left out.
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when `entries` is missing or malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        entries = try container.decode([Entry].self, forKey: .entries)
        boost = try container.decodeIfPresent(Double.self, forKey: .boost) ?? Self.standardBoost
    }
}
