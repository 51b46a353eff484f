import DictationKit
import Foundation

/// A PocketSphinx pronunciation dictionary read from its file (`word PH O N ES` a line, further
/// pronunciations as `word(2)`), for looking words up and finding words that sound alike without
/// loading a decoder.
struct PronunciationDictionary {
    /// Each word's pronunciations, in the file's order.
    private(set) var pronunciations: [String: [String]] = [:]
    /// The words of each pronunciation.
    private(set) var words: [String: [String]] = [:]

    /// Reads a dictionary file.
    /// - Parameter path: The `*.dict` file.
    /// - Throws: ``DictationError`` (`modelNotFound`) when it can't be read.
    init(contentsOfFile path: String) throws(DictationError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ModelProblem.dictionaryUnreadable(path).error
        }
        self.init(text: String(decoding: data, as: UTF8.self))
    }

    /// Reads a dictionary's text.
    init(text: String) {
        for line in text.split(separator: "\n") {
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard fields.count > 1 else { continue }
            var word = String(fields[0]).lowercased()
            if word.hasSuffix(")"), let open = word.lastIndex(of: "(") { word = String(word[..<open]) }
            let phones = fields.dropFirst().joined(separator: " ")
            pronunciations[word, default: []].append(phones)
            words[phones, default: []].append(word)
        }
    }

    /// The phones the dictionary's pronunciations use: the model's phone set.
    var phones: Set<String> { Set(words.keys.flatMap { $0.split(separator: " ").map(String.init) }) }

    /// The first pronunciation of a word, `nil` when the dictionary lacks it.
    func pronunciation(of word: String) -> String? { pronunciations[word]?.first }
}
