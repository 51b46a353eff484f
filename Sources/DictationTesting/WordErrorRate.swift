/// Word error rate: substitutions, deletions and insertions over the words of a reference.
///
/// Words are compared case-insensitively with punctuation other than apostrophes removed,
/// the usual normalisation for scoring dictation.
public struct WordErrorRate: Sendable, Hashable, CustomStringConvertible {
    /// Word edits (substitutions + deletions + insertions) needed to turn the hypothesis into the reference.
    public var errors: Int
    /// Words in the reference.
    public var referenceWords: Int

    /// Scores a hypothesis against a reference.
    /// - Parameters:
    ///   - reference: What was said.
    ///   - hypothesis: What was recognized.
    public init(reference: String, hypothesis: String) {
        let expected = Self.normalizedWords(reference)
        let recognized = Self.normalizedWords(hypothesis)
        errors = Self.editDistance(expected, recognized)
        referenceWords = expected.count
    }

    /// Creates a score from counts, e.g. to add up several recordings.
    /// - Parameters:
    ///   - errors: Word edits.
    ///   - referenceWords: Words in the references.
    public init(errors: Int, referenceWords: Int) {
        self.errors = errors
        self.referenceWords = referenceWords
    }

    /// The rate, errors / reference words (0 for an empty reference with no insertions).
    public var rate: Double {
        referenceWords == 0 ? (errors == 0 ? 0 : 1) : Double(errors) / Double(referenceWords)
    }

    /// The sum of two scores, as over a set of recordings.
    /// - Parameters:
    ///   - lhs: One score.
    ///   - rhs: Another score.
    /// - Returns: Errors and reference words added up.
    public static func + (lhs: WordErrorRate, rhs: WordErrorRate) -> WordErrorRate {
        WordErrorRate(errors: lhs.errors + rhs.errors, referenceWords: lhs.referenceWords + rhs.referenceWords)
    }

    /// E.g. `"12.5% (3/24)"`.
    public var description: String {
        "\(Double(Int(rate * 1000)) / 10)% (\(errors)/\(referenceWords))"
    }

    static func normalizedWords(_ text: String) -> [String] {
        let kept = text.lowercased().map { (character: Character) -> Character in
            character.isLetter || character.isNumber || character == "'" ? character : " "
        }
        return String(kept).split(separator: " ").map(String.init)
    }

    static func editDistance(_ a: [String], _ b: [String]) -> Int {
        editDistances(a, toPrefixesOf: b)[b.count]
    }

    /// The edit distance from `a` to each prefix of `b`, the empty one first: the last row of
    /// the Levenshtein table.
    static func editDistances(_ a: [String], toPrefixesOf b: [String]) -> [Int] {
        var previous = Array(0...b.count)
        guard !a.isEmpty else { return previous }
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous
    }
}
