extension WordErrorRate {
    /// Scores written text against a written reference, case- and punctuation-sensitive: "Go"
    /// and "go" differ, and each punctuation mark at a word's start or end ("Go forward 10
    /// meters." has five words: `Go`, `forward`, `10`, `meters`, `.`) is a word of its own, so a
    /// missing period or a wrong capital is an error as a wrong word is. Marks inside a word stay
    /// in it ("10:30", "well-known", "$25").
    /// - Parameters:
    ///   - reference: What a careful writer would type.
    ///   - hypothesis: What was written.
    /// - Returns: The score.
    public static func written(reference: String, hypothesis: String) -> WordErrorRate {
        let expected = writtenWords(reference)
        return WordErrorRate(errors: editDistance(expected, writtenWords(hypothesis)), referenceWords: expected.count)
    }

    static let marks: Set<Character> = [",", ".", "?", "!", ":", ";", "\"", "(", ")", "—"]

    static func writtenWords(_ text: String) -> [String] {
        text.split(whereSeparator: \.isWhitespace).flatMap { chunk -> [String] in
            var word = Substring(chunk)
            var leading: [String] = []
            var trailing: [String] = []
            while let first = word.first, marks.contains(first) {
                leading.append(String(first))
                word = word.dropFirst()
            }
            while let last = word.last, marks.contains(last) {
                trailing.insert(String(last), at: 0)
                word = word.dropLast()
            }
            return leading + (word.isEmpty ? [] : [String(word)]) + trailing
        }
    }
}
