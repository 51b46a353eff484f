import DictationKit
import Foundation
import Synchronization

/// The phones a model's pronunciations may use: those its dictionary uses, read once per
/// dictionary file and kept for the process (a given pronunciation with any other phone would
/// make PocketSphinx refuse the whole dictionary).
enum ModelPhones {
    /// The phones of a dictionary file; `nil` when it can't be read.
    static func phones(ofDictionary path: String) -> Set<String>? {
        if let known = cache.withLock({ $0[path] }) { return known }
        guard let phones = try? PronunciationDictionary(contentsOfFile: path).phones else { return nil }
        cache.withLock { $0[path] = phones }
        return phones
    }

    /// The error for a word whose pronunciation has phones the model lacks.
    static func unknownPhones(_ phones: Set<String>, of word: String) -> DictationError {
        let list = phones.sorted().joined(separator: ", ")
        return .unusableVocabularyEntry(
            word,
            reason: DictationError.Text(.vocabularyPhonesMissing, ["phones": "\(list)"]))
    }

    private static let cache = Mutex<[String: Set<String>]>([:])
}
