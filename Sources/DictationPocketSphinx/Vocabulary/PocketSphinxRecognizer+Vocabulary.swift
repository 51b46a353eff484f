import DictationKit

extension PocketSphinxRecognizer {
    /// What the model of a locale makes of a vocabulary, without loading a decoder: whether its
    /// dictionary knows each entry's words, the pronunciation each word gets (the dictionary's,
    /// the one given, or one derived from the spelling), and which words would sound alike.
    ///
    /// Two of the vocabulary's words sound alike when their pronunciations are the same, or, with
    /// four phones or more, one phone apart (one substituted, added or left out); a word and a
    /// dictionary word when their pronunciations are the same. A session can still tell them
    /// apart only by the words around them.
    /// - Parameters:
    ///   - vocabulary: The vocabulary to check.
    ///   - locale: The locale whose model to use, as in `makeDecoder(_:)`.
    /// - Returns: The report, entries in the vocabulary's order.
    /// - Throws: `DictationError` as ``model(for:)`` does, and `DictationError.Code.modelNotFound`
    ///   when the model's dictionary can't be read.
    public func checkVocabulary(_ vocabulary: Vocabulary, locale: String) throws(DictationError) -> VocabularyReport {
        let model = try model(for: locale)
        let dictionary = try PronunciationDictionary(contentsOfFile: model.dictionary)
        let resolved = VocabularyPronunciations(vocabulary, locale: model.locale, lookUp: dictionary.pronunciation(of:))
        // A decoder would refuse a given pronunciation with a phone its model lacks; say so now.
        let phoneSet = dictionary.phones
        let entries = resolved.entries.map { entry in
            var entry = entry
            for word in entry.words where word.source == .given {
                let unknown = Set(word.pronunciations.flatMap { $0.split(separator: " ").map(String.init) })
                    .subtracting(phoneSet)
                guard !unknown.isEmpty else { continue }
                entry.problems.append(ModelPhones.unknownPhones(unknown, of: entry.entry.phrase))
            }
            return entry
        }
        return VocabularyReport(entries: entries, soundAlikes: Self.soundAlikes(in: entries, dictionary: dictionary))
    }

    /// Pairs of words that would sound alike, each pair once, in the vocabulary's order.
    static func soundAlikes(in entries: [VocabularyReport.Entry], dictionary: PronunciationDictionary)
        -> [VocabularyReport.SoundAlike]
    {
        var words: [VocabularyReport.Word] = []
        var seen = Set<String>()
        for word in entries.flatMap(\.words) where word.source != .none && seen.insert(word.text).inserted {
            words.append(word)
        }
        var found: [VocabularyReport.SoundAlike] = []
        for (index, word) in words.enumerated() {
            let phones = word.pronunciations.map { $0.split(separator: " ").map(String.init) }
            for other in words[(index + 1)...] {
                let otherPhones = other.pronunciations.map { $0.split(separator: " ").map(String.init) }
                let distances = phones.flatMap { a in otherPhones.map { b in (a, b, PhoneDistance.between(a, b)) } }
                if distances.contains(where: { $0.2 == 0 }) {
                    found.append(.init(word: word.text, other: other.text, otherIsInDictionary: false, isExact: true))
                } else if distances.contains(where: { $0.2 == 1 && min($0.0.count, $0.1.count) >= 4 }) {
                    found.append(.init(word: word.text, other: other.text, otherIsInDictionary: false, isExact: false))
                }
            }
            let homophones = Set(word.pronunciations.flatMap { dictionary.words[$0] ?? [] }).subtracting([word.text])
            for other in homophones.sorted() {
                found.append(.init(word: word.text, other: other, otherIsInDictionary: true, isExact: true))
            }
        }
        return found
    }
}

/// The edit distance between two phone strings: phones substituted, added or left out.
enum PhoneDistance {
    static func between(_ a: [String], _ b: [String]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1), previous[j] + 1, current[j - 1] + 1)
            }
            previous = current
        }
        return previous[b.count]
    }
}
