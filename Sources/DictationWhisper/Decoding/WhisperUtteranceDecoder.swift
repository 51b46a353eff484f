import DictationKit

/// A Whisper decoder for the utterances a session's endpointer cuts: it holds each utterance's
/// audio and decodes it whole when it ends (or, in a pause where it may end, at
/// ``prepareFinal(abandoningWhen:)``), one final per utterance.
///
/// Whisper is an encoder-decoder over a 30-second window, not a streaming search: it has no
/// partial hypotheses of its own. A session shows its searches of the utterance so far as
/// partials instead (``showsPartialsByRedecoding``), with a decoder of its own made
/// `partialsOnly`. A final depends only on its utterance's audio (no context is carried over),
/// so a session may decode utterances side by side, each on a decoder of its own, sharing one
/// loaded ``WhisperModel``.
///
/// Used from one thread at a time (the session's final pass); not `Sendable`.
final class WhisperUtteranceDecoder: UtteranceDecoder {
    let locale: String
    private let transcriber: WhisperTranscriber

    /// Where the open utterance starts in the session, in seconds; `nil` when none is open.
    private var utteranceStart: Double?
    /// The open utterance's audio.
    private var held: [Float] = []
    /// The final of the first `heldCount` samples of ``held``, decoded before the utterance ended.
    private var prepared: (heldCount: Int, final: Transcript)?

    init(locale: String, transcriber: WhisperTranscriber) {
        self.locale = locale
        self.transcriber = transcriber
    }

    var decodesUtterancesIndependently: Bool { true }

    var decodesOnSeveralCores: Bool { transcriber.threadsPerDecoding > 1 }

    /// Whisper has no streaming search: a session shows its searches of the utterance so far
    /// (``hypothesis(givingWayWhen:)``) as partials.
    var showsPartialsByRedecoding: Bool { true }

    /// 0.5 of a word's mean token probability: the words of a search of an utterance's first
    /// seconds it got wrong ("How" for "Had", "I'd" for "Unless") were mostly under it.
    var sureWordConfidence: Double? { 0.5 }

    func beginUtterance(at time: Double) throws(DictationError) {
        utteranceStart = time
        held.removeAll(keepingCapacity: true)
        prepared = nil
    }

    func process(_ samples: [Float], reportPartials: Bool) throws(DictationError) -> [RecognitionUpdate] {
        guard utteranceStart != nil else { return [] }
        held += samples
        return []
    }

    func prepareFinal(abandoningWhen abandons: @escaping @Sendable () -> Bool) throws(DictationError) -> Transcript? {
        try searchHeld(stoppingWhen: abandons, onFreeCoresOnly: false)
    }

    func hypothesis(givingWayWhen givesWay: @escaping @Sendable () -> Bool) throws(DictationError) -> Transcript? {
        try searchHeld(stoppingWhen: givesWay, onFreeCoresOnly: true)
    }

    /// The open utterance so far, searched once for as much audio as is held: `nil` when the
    /// search stopped early.
    private func searchHeld(
        stoppingWhen stops: @escaping @Sendable () -> Bool, onFreeCoresOnly: Bool
    ) throws(DictationError) -> Transcript? {
        guard let start = utteranceStart else { return nil }
        if prepared?.heldCount != held.count {
            guard let heard = try decodeHeld(start: start, stoppingWhen: stops, onFreeCoresOnly: onFreeCoresOnly)
            else { return nil }
            prepared = (held.count, heard)
        }
        return prepared?.final
    }

    func discardUtterance() {
        utteranceStart = nil
        held.removeAll(keepingCapacity: true)
        prepared = nil
    }

    func endUtterance() throws(DictationError) -> [RecognitionUpdate] {
        guard let start = utteranceStart else { return [] }
        defer { discardUtterance() }
        if let prepared, prepared.heldCount == held.count { return [.final(prepared.final)] }
        return [.final(try decodeHeld(start: start))]
    }

    /// The held utterance's final, whatever whisper.cpp's segments: empty when Whisper heard no
    /// speech in it.
    private func decodeHeld(start: Double) throws(DictationError) -> Transcript {
        // With nothing to stop it, the search runs to its end.
        try decodeHeld(start: start, stoppingWhen: nil, onFreeCoresOnly: false)
            ?? Transcript(text: "", utteranceIndex: 0, startTime: start, endTime: start)
    }

    /// ``decodeHeld(start:)`` for a search that may stop early: `nil` when it did.
    private func decodeHeld(
        start: Double, stoppingWhen stops: (@Sendable () -> Bool)?, onFreeCoresOnly: Bool
    ) throws(DictationError) -> Transcript? {
        guard
            let transcripts = try transcriber.transcribe(
                held, start: start, stoppingWhen: stops, onFreeCoresOnly: onFreeCoresOnly)
        else { return nil }
        let words = transcripts.flatMap(\.words)
        guard let first = words.first, let last = words.last else {
            return Transcript(
                text: "", utteranceIndex: 0, startTime: start,
                endTime: start + Double(held.count) / Double(WhisperRecognizer.decoderSampleRate))
        }
        var capitalized = words
        capitalized[0].text = Self.sentenceStart(first.text)
        let text = capitalized.map(\.text).joined(separator: " ")
        return Transcript(text: text, words: capitalized, utteranceIndex: 0, startTime: first.start, endTime: last.end)
    }

    /// An utterance's first word as a sentence's: capitalised when Whisper wrote it all in
    /// lower case. Whisper capitalises an utterance it hears whole, but not always the start of
    /// one cut short, as the confirmation pass hears it ("he was not an" of "He was not an
    /// ill-disposed young man."): without this, the partials' stable words would be taken back
    /// by the final. A word with a capital of its own ("iPhone") is left as it is.
    static func sentenceStart(_ word: String) -> String {
        guard let first = word.first, first.isLowercase, !word.contains(where: \.isUppercase) else { return word }
        return first.uppercased() + word.dropFirst()
    }
}
