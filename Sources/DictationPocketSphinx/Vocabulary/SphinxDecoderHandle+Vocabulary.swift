import CPocketSphinx
import DictationKit
import Foundation

extension SphinxDecoderHandle {
    /// The pronunciation the decoder's dictionary has for a word (its first, when it has
    /// several), phones separated by spaces; `nil` when the dictionary lacks the word.
    func pronunciation(of word: String) -> String? {
        guard let phones = ps_lookup_word(decoder, word) else { return nil }
        defer { free(phones) }
        return String(cString: phones).trimmingCharacters(in: .whitespaces)
    }

    /// The word itself when the dictionary lacks it and `taken` doesn't hold it, else the first
    /// free name for one more pronunciation of it: PocketSphinx names them word(2), word(3)...
    func freeName(for word: String, taken: Set<String>) -> String {
        guard pronunciation(of: word) != nil || taken.contains(word) else { return word }
        var number = 2
        while pronunciation(of: "\(word)(\(number))") != nil || taken.contains("\(word)(\(number))") { number += 1 }
        return "\(word)(\(number))"
    }

    /// Interpolates a language model of the vocabulary's phrases into the search, which must be
    /// rebuilt before it searches (``loadDictionary(_:)`` does that).
    /// - Parameters:
    ///   - arpa: The model in ARPA text form.
    ///   - weight: Its share of each word's probability, 0 to 1.
    /// - Returns: Whether it is in.
    func interpolate(phraseModel arpa: String, weight: Double) -> Bool {
        let path = FileManager.default.temporaryDirectory.path + "/dictationkit-phrases-\(UUID().uuidString).lm"
        guard FileManager.default.createFile(atPath: path, contents: Data(arpa.utf8)) else { return false }
        defer { try? FileManager.default.removeItem(atPath: path) }
        return dk_interpolate_lm(decoder, path, "vocabulary", Float(weight)) != 0
    }

    /// Loads a dictionary in place of the decoder's, which rebuilds the search: the words it
    /// searches for become the dictionary's that some model of the language model set knows.
    /// - Parameter path: The dictionary file.
    /// - Returns: Whether it loaded.
    func loadDictionary(_ path: String) -> Bool {
        ps_load_dict(decoder, path, nil, nil) == 0
    }

    /// Up to `count` transcripts of the ended utterance other than its best, likeliest first,
    /// from PocketSphinx's n-best search of the word lattice: fillers are dropped, and a text
    /// that comes again (the lattice holds the same words with other silences) counts once.
    /// - Parameters:
    ///   - count: The most alternatives.
    ///   - best: The final's text, which is not an alternative.
    /// - Returns: The alternatives with their scores (natural logarithms).
    func alternatives(count: Int, excluding best: String) -> [Transcript.Alternative] {
        guard count > 0, var iterator = ps_nbest(decoder) else { return [] }
        var seen: Set<String> = [best]
        var found: [Transcript.Alternative] = []
        // The lattice yields many paths that differ only in fillers and silences; looking
        // through this many is enough for a handful of distinct texts.
        var budget = max(50, count * 20)
        while found.count < count, budget > 0 {
            budget -= 1
            var score: Int32 = 0
            if let hypothesis = ps_nbest_hyp(iterator, &score) {
                let text = RecognizedSegment.cleanText(String(cString: hypothesis))
                if !text.isEmpty, seen.insert(text).inserted {
                    found.append(Transcript.Alternative(text: text, score: dk_score_to_ln(decoder, score)))
                }
            }
            // ps_nbest_next frees the iterator when it returns NULL.
            guard let next = ps_nbest_next(iterator) else { return found.sorted { $0.score > $1.score } }
            iterator = next
        }
        ps_nbest_free(iterator)
        return found.sorted { $0.score > $1.score }
    }
}

extension SphinxDecoderHandle {
    /// The least weight of the phrase model: with a boost of 0 the added words are still in a
    /// language model (or the search would leave them out), just barely.
    static let leastPhraseWeight = 0.001

    /// Puts a vocabulary into the decoder, which must hold none yet and not be searching.
    ///
    /// The entries' phrase model is interpolated with the model's language model at the
    /// vocabulary's boost; then the model's dictionary, with the words it lacks (and further
    /// pronunciations given for words it has) appended, is loaded in place of the decoder's,
    /// which rebuilds the search over both models. (PocketSphinx's `ps_add_word` would add each
    /// word to the language model set as well, where this sphinxbase adds the wrong words and a
    /// later search can read past the large model's tables; loading a dictionary adds nothing to
    /// any language model: the phrase model is where the new words are known.)
    /// - Parameters:
    ///   - vocabulary: The vocabulary; nothing happens when it is empty.
    ///   - model: The decoder's model (its locale and dictionary).
    /// - Returns: What could not be used, as non-fatal errors.
    /// - Throws: ``DictationError`` when the search could not be rebuilt: the decoder is unusable.
    func install(_ vocabulary: Vocabulary, model: PocketSphinxModel) throws(DictationError) -> [DictationError] {
        guard !vocabulary.isEmpty else { return [] }
        let resolved = VocabularyPronunciations(vocabulary, locale: model.locale, lookUp: pronunciation(of:))
        var problems = resolved.problems
        // A phone the model lacks would make the whole dictionary fail to load: leave such words out.
        let phones = ModelPhones.phones(ofDictionary: model.dictionary)
        var lines: [String] = []
        var taken = Set<String>()
        for addition in resolved.additions {
            let unknown = Set(addition.phones.split(separator: " ").map(String.init)).subtracting(phones ?? [])
            guard phones != nil, unknown.isEmpty else {
                problems.append(ModelPhones.unknownPhones(unknown, of: addition.word))
                continue
            }
            let name = freeName(for: addition.word, taken: taken)
            taken.insert(name)
            lines.append("\(name) \(addition.phones)")
        }
        guard let arpa = resolved.phraseModel.arpa else { return problems }
        // Reading a model and loading a dictionary touch sphinxbase's process-wide state.
        sphinxLoadLock.lock()
        defer { sphinxLoadLock.unlock() }
        do {
            // Even a failed interpolation may have changed the model set: the dictionary is
            // loaded (the search rebuilt) in any case.
            let weight = max(Self.leastPhraseWeight, min(1, vocabulary.boost))
            if !interpolate(phraseModel: arpa, weight: weight) {
                problems.append(
                    .unusableVocabularyEntry(
                        vocabulary.entries.map(\.phrase).joined(separator: ", "),
                        reason: DictationError.Text(.vocabularyLanguageModelRefused)))
            }
            try loadDictionary(model.dictionary, adding: lines)
        }
        return problems
    }

    /// Loads the model's dictionary with lines appended, through a temporary file.
    private func loadDictionary(_ dictionary: String, adding lines: [String]) throws(DictationError) {
        let path = FileManager.default.temporaryDirectory.path + "/dictationkit-vocabulary-\(UUID().uuidString).dict"
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard var contents = FileManager.default.contents(atPath: dictionary) else {
            throw ModelProblem.vocabularyNotInstalled(dictionary: dictionary).error
        }
        if contents.last.map({ $0 != UInt8(ascii: "\n") }) == true { contents.append(UInt8(ascii: "\n")) }
        contents.append(Data((lines.map { $0 + "\n" }.joined()).utf8))
        guard FileManager.default.createFile(atPath: path, contents: contents), loadDictionary(path) else {
            throw ModelProblem.vocabularyNotInstalled(dictionary: dictionary).error
        }
    }
}
