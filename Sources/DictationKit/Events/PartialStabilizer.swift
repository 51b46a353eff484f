/// Marks which leading words of an utterance's partials will not change any more, the way Apple's
/// SpeechAnalyzer separates finalized from volatile text.
///
/// With confirmations (two passes and ``DictationOptions/confirmsStableWords``), the stable words
/// are those the whole-utterance search confirmed (``ConfirmationPass``): a partial shows them,
/// then the streaming search's words that come after them in time. Each confirmation only adds
/// words after those already stable, so every later partial of the utterance starts with them,
/// and the final, made by the same kind of search, almost always has them too.
///
/// Without (one pass, or confirmations off), a word is stable once it and every word before it
/// have stood unchanged for ``holdTime`` of audio with a later word after it; later partials keep
/// it even if the search changes its mind.
struct PartialStabilizer {
    /// How long, in seconds of audio, a prefix of words must stand unchanged to be stable
    /// (without confirmations).
    static let holdTime = 0.5

    /// Whether stability comes from confirmations or from time.
    let confirms: Bool
    /// The stable words, with their times when they were confirmed.
    private var stable: [Word] = []
    /// The words of the last partial, and since when (audio time) each and all before it stood
    /// unchanged (one pass).
    private var words: [Substring] = []
    private var unchangedSince: [Double] = []
    /// The last partial as the search made it, to show again when a confirmation comes.
    private(set) var lastHeard: Transcript?

    init(confirms: Bool) {
        self.confirms = confirms
    }

    /// Starts a new utterance.
    mutating func reset() {
        stable = []
        words = []
        unchangedSince = []
        lastHeard = nil
    }

    /// Takes the whole-utterance search's words of the utterance so far.
    /// - Parameters:
    ///   - confirmed: The words it found, in order, with their times.
    ///   - cutoff: Words ending after this audio time are not confirmed yet.
    /// - Returns: Whether stable words were added.
    mutating func confirm(_ confirmed: [Word], upTo cutoff: Double) -> Bool {
        let after = stable.last?.end ?? -Double.infinity
        let new = confirmed.filter { ($0.start + $0.end) / 2 > after && $0.end <= cutoff }
        stable += new
        return !new.isEmpty
    }

    /// The partial as delivered: its stable words first, counted.
    /// - Parameter partial: The search's newest hypothesis; its ``Transcript/endTime`` is the
    ///   audio time it covers, and its words, when it has them, carry their times.
    mutating func stabilize(_ partial: Transcript) -> Transcript {
        lastHeard = partial
        var shown = partial
        shown.words = []
        guard confirms else {
            let (text, count) = holding(partial)
            shown.text = text
            shown.stableWordCount = count
            return shown
        }
        guard let last = stable.last else { return shown }
        // The streaming search's words after the confirmed ones; without times, after as many.
        let after =
            partial.words.isEmpty
            ? Array(partial.text.split(separator: " ").dropFirst(stable.count).map(String.init))
            : partial.words.filter { ($0.start + $0.end) / 2 > last.end }.map(\.text)
        shown.text = (stable.map(\.text) + after).joined(separator: " ")
        shown.stableWordCount = stable.count
        return shown
    }

    /// One pass: the partial's text with the words stable so far kept, and how many are stable.
    private mutating func holding(_ partial: Transcript) -> (String, Int) {
        let now = partial.endTime
        var heard = partial.text.split(separator: " ")
        let count = stable.count
        if count > 0, !heard.starts(with: stable.map { Substring($0.text) }) {
            // The search changed its mind about a stable word: the stable words stay, its new
            // words follow them.
            heard = stable.map { Substring($0.text) } + heard.dropFirst(min(count, heard.count))
        }
        let unchanged = zip(words, heard).prefix { $0 == $1 }.count
        unchangedSince = Array(unchangedSince.prefix(unchanged)) + [Double](repeating: now, count: heard.count - unchanged)
        words = heard
        // Since-times never decrease along the words, so the stable ones are a prefix; the last
        // word may still grow into another ("ill" into "illness").
        let settled = unchangedSince.prefix(max(0, heard.count - 1)).prefix { now - $0 >= Self.holdTime }.count
        if settled > count {
            stable += heard[count..<settled].map { Word(text: String($0), start: now, end: now, confidence: 0) }
        }
        return (heard.joined(separator: " "), stable.count)
    }
}
