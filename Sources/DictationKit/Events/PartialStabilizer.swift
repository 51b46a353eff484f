/// Marks which leading words of an utterance's partials will not change any more, the way Apple's
/// SpeechAnalyzer separates finalized from volatile text. How depends on where the partials and
/// their stable words come from (``Stability``).
struct PartialStabilizer {
    /// Where stable words come from.
    enum Stability: Sendable {
        /// A streaming search's partials, one pass: a word is stable once it and every word
        /// before it have stood unchanged for ``holdTime`` of audio with a later word after it;
        /// later partials keep it even if the search changes its mind.
        case held
        /// A streaming search's partials, confirmed by the whole-utterance search of the utterance
        /// so far (two passes and ``DictationOptions/confirmsStableWords``, ``RedecodingPass``): a
        /// partial shows the confirmed words, then the streaming search's words that come after
        /// them in time. Each confirmation only adds words after those already stable, so every
        /// later partial of the utterance starts with them, and the final, made by the same kind
        /// of search, almost always has them too.
        ///
        /// `sureWordConfidence`: the confirming decoder's (``UtteranceDecoder/sureWordConfidence``);
        /// a confirmation stops at the first word it heard less surely.
        case confirmed(sureWordConfidence: Double?)
        /// Partials that are whole-utterance searches of the utterance so far (Whisper's, shown by
        /// a ``RedecodingPass``): a word is stable once at least ``agreeingSearches`` searches in
        /// a row, spanning at least ``agreementSpan`` of audio, agree on it and on every word
        /// before it (local agreement, as whisper_streaming has it), each heard it with at least
        /// ``agreementConfidence``, the newest heard at least ``agreementRightContext`` of audio
        /// after it and ``leastUtteranceHeard`` of the utterance, and it is not the newest search's
        /// last word (which may still grow: "ill" into "illness").
        case agreed
    }

    /// How long, in seconds of audio, a prefix of words must stand unchanged to be stable
    /// (``Stability/held``).
    static let holdTime = 0.5
    /// How much audio must follow a word before the whole-utterance search's verdict on it
    /// confirms it (``Stability/confirmed``): the words after it change how it is heard.
    static let confirmationRightContext = 0.7
    /// How many searches in a row must agree on a word for it to be stable (``Stability/agreed``):
    /// two, as whisper_streaming has it, as long as they span ``agreementSpan``.
    static let agreeingSearches = 2
    /// How much audio the agreeing searches must span, in seconds (``Stability/agreed``): every
    /// search heard within this before the newest agrees, and so does the last one before them.
    /// Searches close together hear nearly the same audio and so make the same mistakes: at a
    /// search every 0.2 s, three in a row (0.4 s) let the final contradict 13-14 % of the stable
    /// words, as two in a row did at 0.4 s. A span rather than a count holds whatever the cadence:
    /// on a busy machine, where searches come a second or more apart, three in a row settled no
    /// word of a LibriVox sentence until it was nearly over (none at all in one CI run), and two
    /// spanning 0.6 s settle as many words as soon as at 0.2 s, contradicted no more often
    /// (docs/benchmarks.md).
    static let agreementSpan = 0.6
    /// The least confidence (``Word/confidence``, Whisper's mean token probability) each agreeing
    /// search must have heard a word with (``Stability/agreed``). The mishearings searches agree
    /// on are mostly unsure ones ("How" 0.42 for "Had"): replaying logged searches, the final
    /// contradicted 2.7 % of the stable words with this and 12.3 % without (docs/benchmarks.md).
    static let agreementConfidence = 0.5
    /// How much audio the newest search must have heard after a word for its agreement to count
    /// (``Stability/agreed``), in seconds: Whisper hears a word again once it hears what follows.
    static let agreementRightContext = 0.6
    /// How much of the utterance, in seconds from its start (the partial's
    /// ``Transcript/startTime``), the newest search must have heard before any word is stable
    /// (``Stability/agreed``). Whisper hears the first words of an utterance wrong until it has
    /// heard more of it, and the searches of its first second or two agree on the mishearing:
    /// "How do you marry" for "Had he married" until 1.8-2.0 s, "How" heard with 0.5-0.6 in
    /// searches 0.6 s apart, so a CI run's final contradicted three stable words of five
    /// sentences. Replaying the searches of 44 live utterances, the final contradicted 2.6 % of
    /// the stable words without this and 0.5 % with it, about 0.3 s later (docs/benchmarks.md).
    static let leastUtteranceHeard = 2.0
    /// Where stability comes from.
    let stability: Stability
    /// The stable words, with their times when they were confirmed.
    private var stable: [Word] = []
    /// The words of the last partial, and since when (audio time) each and all before it stood
    /// unchanged (``Stability/held``).
    private var words: [Substring] = []
    private var unchangedSince: [Double] = []
    /// The last partial as the search made it, to show again when a confirmation comes.
    private(set) var lastHeard: Transcript?
    /// The searches the next must agree with, oldest first (``Stability/agreed``): at least those
    /// within ``agreementSpan`` before the newest and the last one before them.
    private var earlierHeard: [Transcript] = []

    init(_ stability: Stability) {
        self.stability = stability
    }

    /// Starts a new utterance.
    mutating func reset() {
        stable = []
        words = []
        unchangedSince = []
        lastHeard = nil
        earlierHeard = []
    }

    /// Takes the whole-utterance search's words of the utterance so far (``Stability/confirmed``):
    /// those after the stable ones (as ``stabilize(_:)`` takes a search's words after them) that
    /// end by `cutoff`, up to the first it heard less surely than the confirming decoder's sure
    /// words (``Stability/confirmed(sureWordConfidence:)``), none when the search heard less than
    /// ``leastUtteranceHeard`` of the utterance. Whisper, confirming PocketSphinx's partials,
    /// heard "How do you marry" for "Had he married" in its first 1.5 s, and later too with a low
    /// probability, as its own searches do (docs/benchmarks.md).
    /// - Parameters:
    ///   - confirmed: The words it found, in order, with their times.
    ///   - cutoff: Words ending after this audio time are not confirmed yet.
    ///   - heard: How much of the utterance the search heard, in seconds from its start.
    /// - Returns: Whether stable words were added.
    mutating func confirm(_ confirmed: [Word], upTo cutoff: Double, heard: Double) -> Bool {
        guard heard >= Self.leastUtteranceHeard else { return false }
        let sure = if case .confirmed(let confidence) = stability { confidence ?? 0 } else { 0.0 }
        let new = wordsAfterStable(among: confirmed).prefix { $0.end <= cutoff && $0.confidence >= sure }
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
        switch stability {
        case .held:
            let (text, count) = holding(partial)
            shown.text = text
            shown.stableWordCount = count
        case .confirmed:
            guard !stable.isEmpty else { return shown }
            shown.text = (stable.map(\.text) + wordsAfterStable(in: partial).map(\.text)).joined(separator: " ")
            shown.stableWordCount = stable.count
        case .agreed:
            let tail = wordsAfterStable(in: partial)
            let earlier = Self.searches(among: earlierHeard, agreeingWith: partial)
            let agreed = agreement(of: tail, with: earlier, heard: partial.words.isEmpty ? nil : partial.audioTimeRange)
            earlierHeard = earlier + [partial]
            stable += tail.prefix(agreed)
            shown.text = (stable + tail.dropFirst(agreed)).map(\.text).joined(separator: " ")
            shown.stableWordCount = stable.count
        }
        return shown
    }

    /// How many of the newest search's words after the stable ones the searches before it agree
    /// on (``Stability/agreed``): none before it heard ``leastUtteranceHeard`` of the utterance,
    /// never its last word, nor one with less than ``agreementRightContext`` of audio after it
    /// (for a search without word times, `heard` is `nil`: its words are judged by place alone,
    /// with no span or confidence to check).
    private func agreement(of tail: [Word], with earlierSearches: [Transcript], heard: ClosedRange<Double>?) -> Int {
        guard earlierSearches.count >= Self.agreeingSearches - 1 else { return 0 }
        let audioEnd = heard?.upperBound
        if let heard, heard.upperBound - heard.lowerBound < Self.leastUtteranceHeard { return 0 }
        if let audioEnd, let oldest = earlierSearches.first, audioEnd - oldest.endTime < Self.agreementSpan { return 0 }
        let earlier = earlierSearches.map { wordsAfterStable(in: $0) }
        let heardAfter = audioEnd.map { $0 - Self.agreementRightContext } ?? .infinity
        let sureEnough = { (word: Word) in audioEnd == nil || word.confidence >= Self.agreementConfidence }
        return tail.dropLast().indices.prefix { place in
            let word = tail[place]
            return word.end <= heardAfter && sureEnough(word)
                && earlier.allSatisfy { place < $0.count && $0[place].text == word.text && sureEnough($0[place]) }
        }.count
    }

    /// Of the earlier searches (oldest first), the ones `newest` must agree with: the last
    /// ``agreeingSearches`` - 1, or, when more came within ``agreementSpan`` before it, those and
    /// the last one before them. A search without word times is judged by count alone.
    private static func searches(among earlier: [Transcript], agreeingWith newest: Transcript) -> [Transcript] {
        guard !newest.words.isEmpty else { return Array(earlier.suffix(agreeingSearches - 1)) }
        let within = earlier.reversed().prefix { newest.endTime - $0.endTime < agreementSpan }.count
        return Array(earlier.suffix(max(agreeingSearches - 1, within + 1)))
    }

    /// A hypothesis's words after the stable ones: by position when it starts with them (case and
    /// punctuation aside), by time when it heard them otherwise (a whole-utterance search may
    /// change its mind about a stable word; the stable word stays, and the search's words after
    /// its time follow it). A hypothesis without word times (a streaming search's) is taken by
    /// position.
    private func wordsAfterStable(in hypothesis: Transcript) -> [Word] {
        guard hypothesis.words.isEmpty else { return wordsAfterStable(among: hypothesis.words) }
        return Array(
            hypothesis.text.split(separator: " ").map { Word(text: String($0), start: 0, end: 0, confidence: 0) }
                .dropFirst(stable.count))
    }

    /// Of a search's timed words, those after the stable ones, as ``wordsAfterStable(in:)`` says.
    private func wordsAfterStable(among words: [Word]) -> [Word] {
        guard let last = stable.last else { return words }
        if words.starts(with: stable, by: Self.sameWord) {
            return Array(words.dropFirst(stable.count))
        }
        // After its own hearing of the last stable words (the last two), when it heard them within
        // ``anchorDistance`` of where they were said: a word's times move from search to search,
        // and by time alone a stable word could follow the stable words again ("leisure to to
        // consider", "amiable woman woman, he", seen live, when a search heard a word more at
        // the utterance's start).
        let lastStable = stable.suffix(2)
        let distance = { (place: Int) in abs(words[place].end - last.end) }
        let heardAgain = words.indices.lazy.filter { place in
            place + 1 >= lastStable.count && distance(place) < Self.anchorDistance
                && zip(words[(place + 1 - lastStable.count)...place], lastStable).allSatisfy(Self.sameWord)
        }
        if let anchor = heardAgain.min(by: { distance($0) < distance($1) }) {
            return Array(words[(anchor + 1)...])
        }
        return words.filter { ($0.start + $0.end) / 2 > last.end }
    }

    /// How far, in seconds, a search may have placed the end of the last stable words from where
    /// the searches that settled them did, and still be taken as hearing the same words there.
    static let anchorDistance = 1.0

    /// Whether two hypotheses have the same word, case and punctuation aside: Whisper writes
    /// "woman," in one search and "woman" in the next.
    private static func sameWord(_ one: Word, _ other: Word) -> Bool {
        let letters = { (word: Word) in word.text.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "'" } }
        return letters(one) == letters(other)
    }

    /// ``Stability/held``: the partial's text with the words stable so far kept, and how many are stable.
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
