/// The user's own spellings of words and phrases ("dictation kit" → "DictationKit"), longest
/// phrase first; what they give is written as given and no other rule touches it.
struct UserSpellings {
    private let entries: [(words: [String], spelling: String)]

    init(_ spellings: [String: String]) {
        entries = spellings.compactMap { spoken, written in
            let words = spoken.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
            return words.isEmpty ? nil : (words, written)
        }.sorted { $0.words.count != $1.words.count ? $0.words.count > $1.words.count : $0.words.lexicographicallyPrecedes($1.words) }
    }

    func apply(to tokens: [WrittenToken]) -> [WrittenToken] {
        guard !entries.isEmpty else { return tokens }
        var result: [WrittenToken] = []
        var index = 0
        while index < tokens.count {
            if let entry = entries.first(where: { SpokenPunctuation.matches($0.words, at: index, in: tokens) }) {
                result.append(WrittenToken(text: entry.spelling, kind: .word, isFixed: true))
                index += entry.words.count
            } else {
                result.append(tokens[index])
                index += 1
            }
        }
        return result
    }
}
