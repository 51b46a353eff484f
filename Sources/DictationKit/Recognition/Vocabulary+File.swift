import Foundation

extension Vocabulary {
    /// Reads a vocabulary file: JSON (the ``Vocabulary`` encoding, or just an array of entries)
    /// when it starts with `{` or `[`, else the line format of ``init(parsing:)``.
    /// - Parameter path: The file's path.
    /// - Throws: ``DictationError`` with ``DictationError/Code/invalidVocabulary`` when the file
    ///   can't be read or a line or the JSON is malformed.
    public init(contentsOfFile path: String) throws(DictationError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw VocabularyProblem.unreadable(path: path).error
        }
        guard let text = String(data: data, encoding: .utf8) else { throw VocabularyProblem.notText(path: path).error }
        let opening = text.first { !$0.isWhitespace }
        if opening == "{" || opening == "[" {
            self = try Self.decodingJSON(data, path: path)
        } else {
            self = try Self(parsing: text, source: path)
        }
    }

    /// Reads the line format: one entry a line, fields separated by `|`:
    ///
    /// ```
    /// # names and jargon of the team
    /// Siobhan
    /// Kubernetes rollout
    /// postgres q l | PostgreSQL
    /// Dagny | | D AE G N IY ; D AA G N IY
    /// ```
    ///
    /// The first field is the word or phrase as it is said; the second, optional, how it is
    /// written; the third, optional, its pronunciations in the model's phone set, separated by
    /// `;` (one-word entries only). `#` starts a comment; blank lines are skipped.
    /// - Parameters:
    ///   - text: The file's text.
    ///   - source: What to call the text in messages, such as its path.
    /// - Throws: ``DictationError`` with ``DictationError/Code/invalidVocabulary`` for a line with
    ///   no phrase, more than three fields, or pronunciations on a phrase of several words.
    public init(parsing text: String, source: String = "the vocabulary") throws(DictationError) {
        var entries: [Entry] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            if fields.allSatisfy(\.isEmpty) { continue }
            let lineNumber = index + 1
            guard fields.count <= 3 else {
                throw VocabularyProblem.tooManyFields(.init(source: source, line: lineNumber)).error
            }
            guard !fields[0].isEmpty else { throw VocabularyProblem.emptyEntry(.init(source: source, line: lineNumber)).error }
            let spelling = fields.count > 1 && !fields[1].isEmpty ? fields[1] : nil
            let pronunciations =
                fields.count > 2
                ? fields[2].split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                : []
            let entry = Entry(fields[0], spelling: spelling, pronunciations: pronunciations)
            try entry.validate(source: source, line: lineNumber)
            entries.append(entry)
        }
        self.init(entries)
    }

    private static func decodingJSON(_ data: Data, path: String) throws(DictationError) -> Vocabulary {
        let decoder = JSONDecoder()
        let vocabulary: Vocabulary
        do {
            if let whole = try? decoder.decode(Vocabulary.self, from: data) {
                vocabulary = whole
            } else {
                vocabulary = Vocabulary(try decoder.decode([Entry].self, from: data))
            }
        } catch {
            throw VocabularyProblem.malformedJSON(path: path).error
        }
        for (index, entry) in vocabulary.entries.enumerated() {
            try entry.validate(source: path, line: nil, entryNumber: index + 1)
        }
        guard (0...1).contains(vocabulary.boost) else { throw VocabularyProblem.boostOutOfRange(path: path).error }
        return vocabulary
    }
}

extension Vocabulary.Entry {
    /// Throws when the entry can't be used by any recognizer: no words, or pronunciations on a
    /// phrase of several words (whose phones could not be shared out among its words).
    package func validate(source: String, line: Int?, entryNumber: Int? = nil) throws(DictationError) {
        let place = VocabularyProblem.Place(source: source, line: line, entry: entryNumber)
        guard !words.isEmpty else { throw VocabularyProblem.emptyEntry(place).error }
        guard pronunciations.isEmpty || words.count == 1 else {
            throw VocabularyProblem.pronunciationOfPhrase(place, phrase: phrase).error
        }
    }
}
