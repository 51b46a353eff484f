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

    /// Adds words to the dictionary (and, unknown, to the language model), and rebuilds the
    /// search, which must not be searching.
    /// - Parameters:
    ///   - words: Words with their pronunciations in the model's phones; a word may come several
    ///     times, once per pronunciation, and may be one the dictionary has (the pronunciation is
    ///     then one more of its own).
    ///   - dictionary: The model's dictionary, loaded again should the search have to be rebuilt
    ///     without the words PocketSphinx refused.
    /// - Returns: The words PocketSphinx refused (a phone its model lacks).
    /// - Throws: ``DictationError`` when the search could not be rebuilt.
    func addWords(_ words: [(word: String, phones: String)], dictionary: String) throws(DictationError) -> [String] {
        let refused = add(words)
        guard !refused.isEmpty else { return [] }
        // The search is rebuilt with the last word; when PocketSphinx refused that one, it was
        // not: start again from the model's dictionary with only the words it took.
        guard reloadDictionary(dictionary) else { throw ModelProblem.vocabularyNotInstalled(dictionary: dictionary).error }
        let taken = words.filter { !refused.contains($0.word) }
        return refused + add(taken)
    }

    /// Adds words, rebuilding the search with the last; returns those refused.
    private func add(_ words: [(word: String, phones: String)]) -> [String] {
        var refused: [String] = []
        for (index, entry) in words.enumerated() {
            let update: Int32 = index == words.count - 1 ? 1 : 0
            if ps_add_word(decoder, freeName(for: entry.word), entry.phones, update) < 0 { refused.append(entry.word) }
        }
        return refused
    }

    /// The word itself when the dictionary lacks it, else the first free name for one more
    /// pronunciation of it: PocketSphinx names them word(2), word(3)...
    private func freeName(for word: String) -> String {
        guard pronunciation(of: word) != nil else { return word }
        var number = 2
        while pronunciation(of: "\(word)(\(number))") != nil { number += 1 }
        return "\(word)(\(number))"
    }

    /// Interpolates a language model of the vocabulary's phrases into the search, which must be
    /// rebuilt before it searches (``addWords(_:)`` or ``reloadDictionary(_:)`` does that).
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

    /// Loads the model's dictionary again, which rebuilds the search (after
    /// ``interpolate(phraseModel:weight:)`` when no word was added).
    /// - Parameter path: The model's dictionary.
    /// - Returns: Whether it loaded.
    func reloadDictionary(_ path: String) -> Bool {
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
    /// Puts a vocabulary into the decoder: the words its dictionary lacks (or with pronunciations
    /// of their own) are added, and the entries' phrase model is interpolated with the model's
    /// language model at the vocabulary's boost. The decoder must hold no vocabulary yet.
    /// - Parameters:
    ///   - vocabulary: The vocabulary; nothing happens when it is empty.
    ///   - model: The decoder's model (its locale and dictionary).
    /// - Returns: What could not be used, as non-fatal errors.
    /// - Throws: ``DictationError`` when the search could not be rebuilt: the decoder is unusable.
    func install(_ vocabulary: Vocabulary, model: PocketSphinxModel) throws(DictationError) -> [DictationError] {
        guard !vocabulary.isEmpty else { return [] }
        let resolved = VocabularyPronunciations(vocabulary, locale: model.locale, lookUp: pronunciation(of:))
        var problems = resolved.problems
        let boost = min(1, max(0, vocabulary.boost))
        if boost > 0, let arpa = resolved.phraseModel.arpa {
            // Even a failed interpolation may have changed the model set, so the search is rebuilt
            // in any case. It is rebuilt by loading the dictionary again before the words are
            // added: PocketSphinx adds a word to the language model set too, and refuses one the
            // set has, which after the interpolation every phrase word is, until the search
            // maps the set onto the dictionary again.
            if !interpolate(phraseModel: arpa, weight: boost) {
                problems.append(
                    .unusableVocabularyEntry(
                        vocabulary.entries.map(\.phrase).joined(separator: ", "),
                        reason: DictationError.Text(
                            english: "PocketSphinx would not take the phrase model made of it, so the phrases are not "
                                + "favoured (the words the model lacks are still added)",
                            norwegianBokmal: "PocketSphinx tok ikke imot uttrykksmodellen laget av det, så uttrykkene "
                                + "favoriseres ikke (ordene modellen mangler, legges likevel til)")))
            }
            guard reloadDictionary(model.dictionary) else {
                throw ModelProblem.vocabularyNotInstalled(dictionary: model.dictionary).error
            }
        }
        for word in Set(try addWords(resolved.additions, dictionary: model.dictionary)).sorted() {
            problems.append(
                .unusableVocabularyEntry(
                    word,
                    reason: DictationError.Text(
                        english: "its pronunciation has phones the model doesn't have",
                        norwegianBokmal: "uttalen har fonemer modellen ikke har")))
        }
        return problems
    }
}
