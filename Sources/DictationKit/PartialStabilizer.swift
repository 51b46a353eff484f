/// Marks which leading words of an utterance's partials will not change any more, the way Apple's
/// SpeechAnalyzer separates finalized from volatile text.
///
/// A streaming search revises its hypothesis as the audio goes on, mostly at its end ("an
/// illness" becomes "an ill disposed" once the next word arrives). A word is stable once it and
/// every word before it have stood unchanged in the partials for ``holdTime`` of audio, and a
/// later word follows it. Stable words stay: every later partial of the utterance starts with
/// them, even if the search changes its mind about them (its new words then follow them), so an
/// app can commit them without flicker. The final, from the whole-utterance search, replaces
/// the partials.
struct PartialStabilizer {
    /// How long, in seconds of audio, a prefix of words must stand unchanged to be stable.
    static let holdTime = 0.5

    /// The words of the last partial.
    private var words: [Substring] = []
    /// For each word of the last partial, since when (audio time) it and all words before it
    /// stood unchanged.
    private var unchangedSince: [Double] = []
    private var stableCount = 0

    /// Starts a new utterance.
    mutating func reset() {
        words = []
        unchangedSince = []
        stableCount = 0
    }

    /// The partial as delivered: its stable words kept and counted.
    /// - Parameter partial: The search's newest hypothesis; its ``Transcript/endTime`` is the
    ///   audio time it covers.
    mutating func stabilize(_ partial: Transcript) -> Transcript {
        let now = partial.endTime
        var heard = partial.text.split(separator: " ")
        if stableCount > 0, !heard.starts(with: words.prefix(stableCount)) {
            // The search changed its mind about a stable word: the stable words stay, its new
            // words follow them.
            heard = Array(words.prefix(stableCount)) + heard.dropFirst(min(stableCount, heard.count))
        }
        let unchanged = zip(words, heard).prefix { $0 == $1 }.count
        unchangedSince = Array(unchangedSince.prefix(unchanged))
            + [Double](repeating: now, count: heard.count - unchanged)
        words = heard
        // Since-times never decrease along the words, so the stable ones are a prefix; the last
        // word may still grow into another ("ill" into "illness").
        let settled = unchangedSince.prefix(max(0, heard.count - 1)).prefix { now - $0 >= Self.holdTime }.count
        stableCount = max(stableCount, settled)
        var stabilized = partial
        stabilized.text = heard.joined(separator: " ")
        stabilized.stableWordCount = stableCount
        return stabilized
    }
}
