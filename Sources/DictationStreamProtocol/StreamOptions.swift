import DictationKit

/// What a stream's session reports and how it recognizes: the `options` of a `start` message.
public struct StreamOptions: Sendable, Hashable, Codable {
    /// Send partial hypotheses while someone speaks.
    public var partials: Bool
    /// Send speech start and end events.
    public var speechActivity: Bool
    /// Write finals and partials in written form, and send spoken commands as command events.
    public var formatting: Bool
    /// Alternative transcripts per final, 0-10.
    public var alternatives: Int
    /// Words and phrases to expect.
    public var vocabulary: Vocabulary
    /// The audio is 16 kHz mono and already preprocessed: the server only converts it.
    public var preprocessed: Bool

    /// Creates options; each defaults to what the protocol page gives.
    /// - Parameters:
    ///   - partials: Send partials, `true` by default.
    ///   - speechActivity: Send speech start and end, `false` by default.
    ///   - formatting: Written form and commands, `true` by default.
    ///   - alternatives: Alternatives per final, 0 by default.
    ///   - vocabulary: Words and phrases to expect, none by default.
    ///   - preprocessed: Whether the audio is already preprocessed, `false` by default.
    public init(
        partials: Bool = true, speechActivity: Bool = false, formatting: Bool = true, alternatives: Int = 0,
        vocabulary: Vocabulary = Vocabulary(), preprocessed: Bool = false
    ) {
        self.partials = partials
        self.speechActivity = speechActivity
        self.formatting = formatting
        self.alternatives = alternatives
        self.vocabulary = vocabulary
        self.preprocessed = preprocessed
    }

    private enum CodingKeys: String, CodingKey {
        case partials, speechActivity, formatting, alternatives, vocabulary, preprocessed
    }

    /// Decodes options; every field may be left out. `vocabulary` is a vocabulary file's JSON
    /// (`{"entries": [...]}`) or an array of entries (strings, or objects with `phrase`).
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` for a field of the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = StreamOptions()
        partials = try container.decodeIfPresent(Bool.self, forKey: .partials) ?? defaults.partials
        speechActivity = try container.decodeIfPresent(Bool.self, forKey: .speechActivity) ?? defaults.speechActivity
        formatting = try container.decodeIfPresent(Bool.self, forKey: .formatting) ?? defaults.formatting
        alternatives = try container.decodeIfPresent(Int.self, forKey: .alternatives) ?? defaults.alternatives
        preprocessed = try container.decodeIfPresent(Bool.self, forKey: .preprocessed) ?? defaults.preprocessed
        if let entries = try? container.decodeIfPresent([VocabularyItem].self, forKey: .vocabulary) {
            vocabulary = Vocabulary(entries.map(\.entry))
        } else {
            vocabulary = try container.decodeIfPresent(Vocabulary.self, forKey: .vocabulary) ?? Vocabulary()
        }
    }

    /// An entry as a bare string or as `Vocabulary.Entry`'s JSON.
    private struct VocabularyItem: Decodable {
        var entry: Vocabulary.Entry

        init(from decoder: any Decoder) throws {
            if let phrase = try? decoder.singleValueContainer().decode(String.self) {
                entry = Vocabulary.Entry(phrase)
            } else {
                entry = try Vocabulary.Entry(from: decoder)
            }
        }
    }
}
