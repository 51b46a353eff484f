/// A loaded recognizer, made by ``SpeechRecognizer/makeDecoder(_:)`` for one
/// ``DecoderConfiguration`` and used by one session on one thread at a time.
///
/// A decoder has one of two capabilities, each a protocol of its own:
/// - ``StreamDecoder``: it is given the whole stream and finds utterances itself, as
///   `pocketsphinx_continuous` does;
/// - ``UtteranceDecoder``: the session's endpointer gives it one utterance at a time, and it
///   decodes each, as it arrives (partials) or whole at its end.
public protocol SpeechDecoder: AnyObject {
    /// The locale whose model is loaded, as the recognizer spells it (`"en-US"`).
    var locale: String { get }

    /// Problems the decoder met and got over, or is getting over, which the session reports as
    /// non-fatal errors while it goes on: what it could not honour of its configuration, asked
    /// once it is made (``DictationError/Code/invalidVocabulary`` for an entry it can't
    /// pronounce; ``DictationError/Code/vocabularyUnsupported`` from a backend that takes no
    /// vocabulary at all, which must say so), or a remote decoder that lost its server
    /// (``DictationError/Code/networkUnavailable``) and keeps the audio for when it is back.
    /// - Returns: The problems since the last call, oldest first; empty by default.
    func takeNotices() -> [DictationError]
}

extension SpeechDecoder {
    /// None: a decoder that fails says so by throwing.
    /// - Returns: An empty list.
    public func takeNotices() -> [DictationError] { [] }
}

/// A decoder that is given a whole stream and finds the utterances in it itself.
///
/// Times are seconds from the first sample it was given.
public protocol StreamDecoder: SpeechDecoder {
    /// Decodes more audio.
    /// - Parameters:
    ///   - samples: Mono samples at ``SpeechRecognizer/sampleRate``, in -1...1.
    ///   - reportPartials: Whether to compute partial hypotheses.
    /// - Returns: What changed: speech start and end, partials, and finals of utterances that ended.
    /// - Throws: ``DictationError`` when decoding fails.
    func process(_ samples: [Float], reportPartials: Bool) throws(DictationError) -> [RecognitionUpdate]

    /// Ends the stream, and with it the open utterance, if any.
    /// - Returns: The remaining updates, ending with the final of the open utterance when there was one.
    /// - Throws: ``DictationError`` when decoding fails.
    func finish() throws(DictationError) -> [RecognitionUpdate]
}

/// A decoder that is given one utterance at a time, as the session's endpointer cuts them:
/// ``beginUtterance(at:)``, the utterance's audio through ``process(_:reportPartials:)``, and
/// ``endUtterance()`` for its final.
public protocol UtteranceDecoder: SpeechDecoder {
    /// Opens an utterance whose audio starts at a given time; an utterance still open is ended
    /// first.
    /// - Parameter time: Seconds of session audio where the utterance's first sample lies.
    /// - Throws: ``DictationError`` when the decoder can't start.
    func beginUtterance(at time: Double) throws(DictationError)

    /// Decodes more of the open utterance's audio.
    /// - Parameters:
    ///   - samples: Mono samples at ``SpeechRecognizer/sampleRate``, in -1...1.
    ///   - reportPartials: Whether to compute partial hypotheses.
    /// - Returns: Partials of the open utterance, if any.
    /// - Throws: ``DictationError`` when decoding fails.
    func process(_ samples: [Float], reportPartials: Bool) throws(DictationError) -> [RecognitionUpdate]

    /// Ends the utterance opened by ``beginUtterance(at:)``.
    /// - Returns: Its final, possibly with empty text; nothing when no utterance was open, or from
    ///   a decoder that only shows partials.
    /// - Throws: ``DictationError`` when decoding fails.
    func endUtterance() throws(DictationError) -> [RecognitionUpdate]

    /// Searches the open utterance as if it ended with the audio given so far, without ending it:
    /// a decoder that searches utterances whole keeps the result, so that ``endUtterance()``
    /// returns it at once when no more audio came.
    ///
    /// The session calls it in a pause of the speech, while it waits to see whether the pause ends
    /// the utterance, and abandons the search when the speaker goes on: a search of audio that
    /// more audio follows would be thrown away, and the utterance's final would wait for it.
    /// - Parameter abandons: Asked while the search runs, from its threads; once it says so, the
    ///   search stops where it is and returns `nil`. A decoder that can't stop a search part-way
    ///   finishes it.
    /// - Returns: The final the utterance would get if it ended now; `nil` when the search was
    ///   abandoned, or from a decoder that can't tell before the utterance ends.
    /// - Throws: ``DictationError`` when decoding fails.
    func prepareFinal(abandoningWhen abandons: @escaping @Sendable () -> Bool) throws(DictationError) -> Transcript?

    /// Searches the open utterance so far as ``prepareFinal(abandoningWhen:)`` does, for a
    /// hypothesis that may be dropped (a ``RedecodingPass``'s: partials, or the confirmation of
    /// their words), giving way as soon as `givesWay` says so (a final needs the cores): the
    /// search then stops where it is and returns `nil`. Unlike a final's, it takes only the cores
    /// nothing else of the process uses.
    /// - Parameter givesWay: Asked while the search runs, from its threads.
    /// - Returns: The utterance so far as it would end now; `nil` when the search gave way, or
    ///   from a decoder that can't tell before the utterance ends.
    /// - Throws: ``DictationError`` when decoding fails.
    func hypothesis(givingWayWhen givesWay: @escaping @Sendable () -> Bool) throws(DictationError) -> Transcript?
    /// Drops the open utterance without decoding it.
    func discardUtterance()

    /// Whether each utterance's final depends only on that utterance's audio, not on the
    /// utterances the decoder was given before: a decoder that normalises each utterance by
    /// itself, say, rather than by a running estimate.
    ///
    /// A session then may decode utterances side by side, each with a decoder of its own
    /// (``DictationOptions/finalDecoderLimit``); its finals are the same either way.
    var decodesUtterancesIndependently: Bool { get }

    /// Whether a session shows this decoder's partials by searching the open utterance again,
    /// whole, on a cadence (``hypothesis(givingWayWhen:)`` of the audio so far, on a thread of its
    /// own): a decoder with no streaming search of its own, whose search of part of an utterance is
    /// still worth showing, as Whisper's is. The decoder for such partials is made
    /// ``DecoderConfiguration/partialsOnly``, and may search faster than for a final, which
    /// replaces its hypotheses anyway.
    var showsPartialsByRedecoding: Bool { get }
    /// The least confidence (``Word/confidence``) of a word this decoder heard surely, where its
    /// confidences can be read that way: a session then takes no word it heard less surely as
    /// confirming a streaming decoder's partials. `nil` where they can't, as PocketSphinx's
    /// posterior probabilities can't (mostly under 0.5 for words it got right).
    var sureWordConfidence: Double? { get }
    /// Whether one decoding already runs on several cores (whisper.cpp's threads). A session then
    /// decodes its utterances one at a time even where it could decode them side by side: a
    /// second decoder would add its memory, and little speed, since the cores are busy already.
    var decodesOnSeveralCores: Bool { get }
}

extension UtteranceDecoder {
    /// Nothing: a decoder that searches as the audio arrives has no final before the end.
    /// - Parameter abandons: Not used.
    /// - Returns: `nil`.
    public func prepareFinal(abandoningWhen abandons: @escaping @Sendable () -> Bool) throws(DictationError) -> Transcript? {
        nil
    }

    /// ``prepareFinal(abandoningWhen:)``, stopping when `givesWay` says so.
    /// - Parameter givesWay: Asked while the search runs.
    /// - Returns: What ``prepareFinal(abandoningWhen:)`` returns.
    public func hypothesis(givingWayWhen givesWay: @escaping @Sendable () -> Bool) throws(DictationError) -> Transcript? {
        try prepareFinal(abandoningWhen: givesWay)
    }
    /// Ends the open utterance and ignores its final.
    public func discardUtterance() { _ = try? endUtterance() }

    /// `false`: a decoder may carry what it learnt from one utterance into the next unless it
    /// says otherwise.
    public var decodesUtterancesIndependently: Bool { false }

    /// `false`: a decoder decodes on the thread it is called on unless it says otherwise.
    public var decodesOnSeveralCores: Bool { false }
    /// `false`: a decoder shows its own partials, or none, unless it says otherwise.
    public var showsPartialsByRedecoding: Bool { false }
    /// `nil`: a decoder's confidences say nothing of how sure it was unless it says otherwise.
    public var sureWordConfidence: Double? { nil }
}
