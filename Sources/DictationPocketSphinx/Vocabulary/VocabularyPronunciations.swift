import DictationKit
import DictationSpeech

/// The pronunciations a model gives a vocabulary's words: the dictionary's, those the entries
/// give, or for a word the dictionary lacks, one derived from its spelling.
///
/// A word is derived only for models whose phones are ARPAbet (the English ones), from
/// espeak-ng's phonemes in the model's locale (DictationSpeech's `Espeak`, ``ARPAbetPhones``); for
/// others, a word the dictionary lacks needs a given pronunciation.
struct VocabularyPronunciations {
    /// The resolved entries, in order.
    let entries: [VocabularyReport.Entry]

    /// Resolves a vocabulary.
    /// - Parameters:
    ///   - vocabulary: The vocabulary.
    ///   - locale: The model's locale, for the espeak-ng voice (`"en-US"` → `en-us`).
    ///   - lookUp: The model dictionary's pronunciation of a word, `nil` when it lacks it.
    init(_ vocabulary: Vocabulary, locale: String, lookUp: (String) -> String?) {
        var derived: [String: VocabularyReport.Word] = [:]
        entries = vocabulary.entries.map { entry in
            var problems: [DictationError] = []
            do throws(DictationError) {
                try entry.validate(source: "the vocabulary", line: nil)
            } catch {
                problems.append(error)
                return VocabularyReport.Entry(entry: entry, words: [], problems: problems)
            }
            let words = entry.words.map { text -> VocabularyReport.Word in
                let given = entry.pronunciations.map(Self.normalized).filter { !$0.isEmpty }
                if !given.isEmpty {
                    return VocabularyReport.Word(text: text, source: .given, pronunciations: given, isApproximate: false)
                }
                if let known = lookUp(text) {
                    return VocabularyReport.Word(text: text, source: .dictionary, pronunciations: [known], isApproximate: false)
                }
                if let word = derived[text] { return word }
                let word = Self.derive(text, locale: locale)
                derived[text] = word
                return word
            }
            for word in words where word.source == .none {
                problems.append(
                    .unusableVocabularyEntry(
                        entry.phrase,
                        reason: DictationError.Text(.vocabularyWordUnpronounceable, ["word": "\(word.text)"])))
            }
            return VocabularyReport.Entry(entry: entry, words: words, problems: problems)
        }
    }

    /// The words to add to the decoder: those given or derived, each pronunciation once.
    var additions: [(word: String, phones: String)] {
        var seen = Set<String>()
        return entries.flatMap(\.words).filter { $0.source == .given || $0.source == .derived }
            .flatMap { word in word.pronunciations.map { (word: word.text, phones: $0) } }
            .filter { seen.insert($0.word + "\t" + $0.phones).inserted }
    }

    /// The phrase model of the usable entries.
    var phraseModel: PhraseLanguageModel {
        PhraseLanguageModel(
            sentences: entries.filter { $0.problems.isEmpty && !$0.words.isEmpty }.map { $0.words.map(\.text) })
    }

    /// Every entry's problems.
    var problems: [DictationError] { entries.flatMap(\.problems) }

    /// Upper-case phones separated by single spaces.
    static func normalized(_ pronunciation: String) -> String {
        pronunciation.uppercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// A pronunciation derived from the spelling, or none.
    private static func derive(_ word: String, locale: String) -> VocabularyReport.Word {
        let language = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() }
        guard language == "en", let ipa = Espeak.phonemes(of: word, voice: "en-us") else {
            return VocabularyReport.Word(text: word, source: .none, pronunciations: [], isApproximate: false)
        }
        let mapped = ARPAbetPhones.phones(ofIPA: ipa)
        guard !mapped.phones.isEmpty else {
            return VocabularyReport.Word(text: word, source: .none, pronunciations: [], isApproximate: false)
        }
        return VocabularyReport.Word(
            text: word, source: .derived, pronunciations: [mapped.phones.joined(separator: " ")],
            isApproximate: mapped.unmapped > 0)
    }
}
