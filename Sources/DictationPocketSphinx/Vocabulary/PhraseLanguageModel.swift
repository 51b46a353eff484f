import Foundation

/// A small bigram language model of a vocabulary's entries, in ARPA form, that the decoder
/// interpolates with its own model: each entry is a sentence of its own, so its words become
/// likely anywhere (its unigrams), likelier still in the entry's order (its bigrams) and at the
/// start of an utterance. It has no end of sentence (`</s>`): that stays the model's own.
///
/// Bigrams are discounted absolutely (by ``discount``) and interpolated with the unigrams: the
/// mass taken from a history's seen bigrams is shared out by unigram probability, which for a
/// word unseen after it is its backoff weight.
struct PhraseLanguageModel {
    /// The words of each entry, in order.
    let sentences: [[String]]

    /// What each seen bigram gives up to the unigrams.
    static let discount = 0.5

    /// The model in ARPA text form; `nil` when there are no words.
    var arpa: String? {
        let sentences = sentences.filter { !$0.isEmpty }
        guard !sentences.isEmpty else { return nil }
        var unigramCounts: [String: Int] = [:]
        var bigramCounts: [String: [String: Int]] = [:]
        for sentence in sentences {
            // No </s>: the entries end where they end, not the utterance; with it, the model would
            // make every utterance likelier to end after any word (measured: "do for them" lost
            // its last word on LibriVox at any weight).
            let tokens = ["<s>"] + sentence
            for token in tokens.dropFirst() { unigramCounts[token, default: 0] += 1 }
            for (history, word) in zip(tokens, tokens.dropFirst()) { bigramCounts[history, default: [:]][word, default: 0] += 1 }
        }
        let total = Double(unigramCounts.values.reduce(0, +))
        let unigram = unigramCounts.mapValues { Double($0) / total }
        let words = unigramCounts.keys.sorted()
        var lines = ["\\data\\", "ngram 1=\(words.count + 1)", "ngram 2=\(bigramCounts.values.map(\.count).reduce(0, +))", ""]
        lines.append("\\1-grams:")
        lines.append("-99.0000 <s> \(Self.log10(backoff(of: "<s>", bigramCounts: bigramCounts)))")
        for word in words {
            let backoffText =
                bigramCounts[word].map { _ in " " + Self.log10(backoff(of: word, bigramCounts: bigramCounts)) } ?? ""
            lines.append("\(Self.log10(unigram[word] ?? 0)) \(word)\(backoffText)")
        }
        lines.append("")
        lines.append("\\2-grams:")
        for history in bigramCounts.keys.sorted() {
            let followers = bigramCounts[history] ?? [:]
            let count = Double(followers.values.reduce(0, +))
            for word in followers.keys.sorted() {
                let seen = Double(followers[word] ?? 0)
                let probability = (seen - Self.discount) / count + reserved(followers, count: count) * (unigram[word] ?? 0)
                lines.append("\(Self.log10(probability)) \(history) \(word)")
            }
        }
        lines += ["", "\\end\\", ""]
        return lines.joined(separator: "\n")
    }

    /// The share of a history's mass its seen bigrams give up.
    private func reserved(_ followers: [String: Int], count: Double) -> Double {
        Self.discount * Double(followers.count) / count
    }

    /// The backoff weight of a history: with interpolated discounting, a word unseen after it
    /// gets the reserved mass times its unigram probability, as the seen ones get on top of theirs.
    private func backoff(of history: String, bigramCounts: [String: [String: Int]]) -> Double {
        guard let followers = bigramCounts[history] else { return 1 }
        return reserved(followers, count: Double(followers.values.reduce(0, +)))
    }

    private static func log10(_ value: Double) -> String {
        String(format: "%.4f", value > 0 ? Foundation.log10(value) : -99)
    }
}
