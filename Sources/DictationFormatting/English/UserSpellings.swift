/// The user's own spellings of words and phrases ("dictation kit" → "DictationKit"), longest
/// phrase first; what they give is written as given and no other rule touches it. The spoken
/// words match whatever their capitals ("Dictation Kit" from a recognizer that writes), but
/// not across a mark.
struct UserSpellings {
    private let entries: [(words: [String], spelling: String)]

    init(_ spellings: [String: String]) {
        entries = spellings.compactMap { spoken, written in
            let words = spoken.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
            return words.isEmpty ? nil : (words, written)
        }.sorted {
            $0.words.count != $1.words.count ? $0.words.count > $1.words.count : $0.words.lexicographicallyPrecedes($1.words)
        }
    }

    func apply(to tokens: [WrittenToken]) -> [WrittenToken] {
        guard !entries.isEmpty else { return tokens }
        var result: [WrittenToken] = []
        var index = 0
        while index < tokens.count {
            if let (entry, end) = entries.lazy.compactMap({ entry in
                tokens.end(of: entry.words, at: index, acrossPauses: false).map { (entry, $0) }
            }).first {
                result.append(WrittenToken(text: entry.spelling, kind: .word, isFixed: true))
                index = end
            } else {
                result.append(tokens[index])
                index += 1
            }
        }
        return result
    }
}
