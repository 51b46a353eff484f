extension WordErrorRate {
    /// How much of what partials showed as stable an utterance's final took back: the word edits
    /// (substitutions, deletions, insertions) that turn the stable words into the stretch of the
    /// final they stand for, over the stable words. Words are compared as ``init(reference:hypothesis:)``
    /// compares them (a comma or a capital is no change of word), except that a hyphen joins
    /// (Whisper writes "cold-hearted" or "coldhearted" as it likes: one word, either way), and
    /// the final's words after that stretch are what came later, not edits.
    ///
    /// One word the final has and the partials left out counts once, where it is: comparing
    /// stable words by their places would count every stable word after it as well.
    /// - Parameters:
    ///   - stable: The stable words of an utterance's last partial, in order.
    ///   - final: The utterance's final.
    /// - Returns: The edits, over the stable words.
    public static func stableWordsTakenBack(stable: String, final: String) -> WordErrorRate {
        let shown = normalizedWords(String(stable.filter { $0 != "-" }))
        let heard = normalizedWords(String(final.filter { $0 != "-" }))
        let fewestEdits = editDistances(shown, toPrefixesOf: heard).min() ?? shown.count
        return WordErrorRate(errors: fewestEdits, referenceWords: shown.count)
    }
}
