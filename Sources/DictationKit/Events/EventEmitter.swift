/// Turns decoders' updates into the session's events and keeps the per-utterance contract:
/// zero or more partials, each saying something new, then exactly one final, with utterances
/// numbered by the session.
///
/// Updates name the utterance they belong to (the session's count of the endpointer's
/// utterances), since with two passes the next utterance's partials may come before an
/// utterance's final. A decoder that segments the stream itself has no such count: its updates
/// belong to the utterance after its last final.
struct EventEmitter {
    /// Whether partials are shown at all: an utterance that showed one must get its final.
    private let showsPartials: Bool
    private var numbering = UtteranceNumbering()
    /// Finals delivered.
    private(set) var utteranceCount = 0
    /// The utterance of a self-segmenting decoder's updates: the one after its last final.
    private var streamUtterance = 0
    /// The last partial shown, and its utterance: the one place where partials that say nothing
    /// new are dropped, whichever decoder made them.
    private var lastPartial: (utterance: Int, text: String, stable: Int)?
    /// Marks the stable words of the open utterance's partials.
    private var stabilizer = PartialStabilizer(.held)

    init(options: DictationOptions) {
        showsPartials = options.reports.contains(.partials)
    }

    /// The events the updates call for.
    /// - Parameters:
    ///   - updates: A decoder's updates, in order.
    ///   - utterance: The session's count of the utterance they belong to; `nil` for a decoder
    ///     that segments the stream itself.
    /// - Returns: The events, finals numbered as the consumer will see them.
    mutating func events(for updates: [RecognitionUpdate], utterance: Int? = nil) -> [DictationEvent] {
        updates.compactMap { event(for: $0, utterance: utterance ?? streamUtterance) }
    }

    /// Where partials' stable words come from from now on: by default those that stood unchanged
    /// for a while (one streaming pass).
    mutating func stabilizePartials(_ stability: PartialStabilizer.Stability) {
        stabilizer = PartialStabilizer(stability)
    }

    /// Takes the words the whole-utterance search confirmed in an open utterance.
    /// - Returns: Its last partial again, when that adds stable words.
    mutating func confirm(_ words: [Word], upTo cutoff: Double, heard: Double, utterance: Int) -> DictationEvent? {
        guard lastPartial?.utterance == utterance, stabilizer.confirm(words, upTo: cutoff, heard: heard),
            let heard = stabilizer.lastHeard
        else { return nil }
        return event(for: .partial(heard), utterance: utterance)
    }

    private mutating func event(for update: RecognitionUpdate, utterance: Int) -> DictationEvent? {
        switch update {
        case .speechStarted(let time):
            return .speechStarted(at: time)
        case .speechEnded(let time):
            return .speechEnded(at: time)
        case .partial(let heard):
            // A search of the utterance so far may finish after the utterance's final: too late.
            guard showsPartials, !heard.text.isEmpty, !numbering.isSettled(utterance) else { return nil }
            if lastPartial?.utterance != utterance { stabilizer.reset() }
            var transcript = stabilizer.stabilize(heard)
            // A partial that says nothing new is noise for the consumer; more stable words are news.
            if let lastPartial, lastPartial.utterance == utterance, lastPartial.text == transcript.text,
                lastPartial.stable == transcript.stableWordCount
            {
                return nil
            }
            transcript.utteranceIndex = numbering.index(showing: utterance)
            lastPartial = (utterance, transcript.text, transcript.stableWordCount)
            return .partial(transcript)
        case .final(var transcript):
            streamUtterance = utterance + 1
            if lastPartial?.utterance == utterance { lastPartial = nil }
            // An utterance that produced no words and showed nothing is not an utterance;
            // one that showed a partial must still get its (possibly empty) final.
            guard let index = numbering.settle(utterance, isEmpty: transcript.text.isEmpty) else { return nil }
            transcript.utteranceIndex = index
            transcript.stableWordCount = transcript.text.split(separator: " ").count
            utteranceCount += 1
            return .final(transcript)
        }
    }
}
