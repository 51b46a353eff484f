import DictationKit
import Logging

/// A PocketSphinx decoder that is handed one utterance at a time by the session's endpointer.
///
/// PocketSphinx's own voice activity detector is off (`-remove_silence no`): every sample of an
/// utterance is searched, from the pre-roll to the trailing silence. The live cepstral mean that
/// PocketSphinx updates as it hears speech stays warm: the decoder lives for the whole session, so
/// it carries over from one utterance to the next (pauses are not fed to it, so silence does not
/// dilute it), and a new decoder starts from the mean its recognizer's last session ended with
/// rather than from the model's generic initial estimate.
///
/// When nobody waits for partials, each utterance is held and searched whole at its end instead
/// (`full_utt`): PocketSphinx then normalises it with its own cepstral mean, as its batch tool
/// does, which is markedly more accurate than the running estimate a streaming search must use.
/// Such a decoder makes the finals of every session; in a pause where the utterance may end
/// (``prepareFinal(abandoningWhen:)``) it searches what it holds at once, and keeps the result for
/// ``endUtterance()`` should no more audio come.
///
/// A streaming decoder that only shows partials, beside a whole-utterance one making the finals,
/// ends its utterances without computing a final (``init(model:options:mode:configuration:cepstralMeans:logger:)``).
///
/// Used from the session's audio thread only; not `Sendable`.
final class PocketSphinxUtteranceDecoder: UtteranceDecoder {
    let locale: String
    private var handle: SphinxDecoderHandle
    private let settings: SphinxSessionSettings
    /// What the decoder could not use of its vocabulary, until the session asks.
    private var notices: [DictationError]
    private let sampleRate = Double(PocketSphinxRecognizer.decoderSampleRate)
    private let logger: Logger
    private let cepstralMeans: CepstralMeanMemory?
    private let acousticModel: String

    /// Where the open utterance's audio starts in the session, in seconds; `nil` when none is open.
    private var utteranceStart: Double?
    /// Samples fed to PocketSphinx in the open utterance.
    private var samplesInUtterance = 0
    private let mode: Mode
    /// The open utterance's audio, in ``Mode/wholeUtterance``.
    private var held: [Float] = []
    /// The final of the first `heldCount` samples of ``held``, searched before the utterance ended.
    private var prepared: (heldCount: Int, updates: [RecognitionUpdate])?

    enum Mode {
        /// Searched as it arrives, so that partials can be shown; the cepstral mean is estimated
        /// live. Makes finals too.
        case streaming
        /// Searched as it arrives, for partials only: a whole-utterance decoder makes the finals,
        /// so an utterance ends without one.
        case partialsOnly
        /// Held and searched at its end in one go, with the mean of the whole utterance: nobody
        /// waits for partials, and PocketSphinx's batch normalisation is more accurate.
        case wholeUtterance
    }

    /// Loads a model into a new decoder with PocketSphinx's speech detection off.
    /// - Parameters:
    ///   - model: The model to load.
    ///   - options: Extra PocketSphinx options.
    ///   - mode: Whether to search each utterance whole at its end (no partials) or as its audio
    ///     arrives, with or without finals.
    ///   - configuration: The vocabulary and alternatives (the locale is the model's).
    ///   - cepstralMeans: Where the cepstral mean is taken from at the start and left after each
    ///     utterance; `nil` to start from the model's estimate.
    ///   - logger: Where to log utterance ends, at debug level.
    /// - Throws: ``DictationError`` when the model can't be loaded or the vocabulary put in.
    init(
        model: PocketSphinxModel, options: [String: String], mode: Mode = .streaming,
        configuration: DecoderConfiguration, cepstralMeans: CepstralMeanMemory?, logger: Logger
    ) throws(DictationError) {
        self.mode = mode
        var options = options
        options["-remove_silence"] = "no"
        var handle = try SphinxDecoderHandle(model: model, options: options)
        (settings, notices) = try SphinxSessionSettings.apply(configuration, to: &handle, model: model)
        self.handle = handle
        locale = model.locale
        acousticModel = model.acousticModel
        self.cepstralMeans = cepstralMeans
        self.logger = logger
        if let mean = cepstralMeans?.mean(for: acousticModel) {
            handle.setCepstralMean(mean)
        }
    }

    /// Whether each utterance's final depends on its own audio only: so when each is searched
    /// whole, with a front end that normalises each utterance by itself (the models' `-cmn batch`).
    var decodesUtterancesIndependently: Bool {
        mode == .wholeUtterance && handle.normalisesEachUtteranceAlone
    }

    func takeNotices() -> [DictationError] {
        defer { notices = [] }
        return notices
    }

    /// The cepstral mean the front end will subtract next.
    var cepstralMean: [Float]? { handle.cepstralMean }

    func beginUtterance(at time: Double) throws(DictationError) {
        if utteranceStart != nil { _ = try endUtterance() }
        utteranceStart = time
        samplesInUtterance = 0
        held.removeAll(keepingCapacity: true)
        prepared = nil
        if mode != .wholeUtterance { try handle.startUtterance() }
    }

    func process(_ samples: [Float], reportPartials: Bool) throws(DictationError) -> [RecognitionUpdate] {
        guard let utteranceStart, !samples.isEmpty else { return [] }
        samplesInUtterance += samples.count
        guard mode != .wholeUtterance else {
            held += samples
            return []
        }
        try handle.process(samples[...])
        guard reportPartials else { return [] }
        let text = RecognizedSegment.cleanText(handle.hypothesis())
        // A partial that says nothing new is dropped by the session, which keeps the event contract.
        guard !text.isEmpty else { return [] }
        let now = utteranceStart + Double(samplesInUtterance) / sampleRate
        // The partial's words with their times, so the session can place them against the words
        // the whole-utterance search confirms; they have no confidence yet.
        let segments = handle.segments(confidences: false)
        let base = segments.first?.startFrame ?? 0
        let words = segments.words(frameOffset: -base, frameRate: handle.frameRate).map { word in
            Word(text: word.text, start: utteranceStart + word.start, end: utteranceStart + word.end, confidence: 0)
        }
        return [.partial(Transcript(text: text, words: words, utteranceIndex: 0, startTime: utteranceStart, endTime: now))]
    }

    /// The whole-utterance search of the audio so far, run to its end (PocketSphinx's search
    /// can't stop part-way; it takes a few tenths of a second).
    func prepareFinal(abandoningWhen abandons: @escaping @Sendable () -> Bool) throws(DictationError) -> Transcript? {
        guard mode == .wholeUtterance, let start = utteranceStart else { return nil }
        if prepared?.heldCount != held.count { prepared = (held.count, try searchHeld(start: start)) }
        guard case .final(let transcript)? = prepared?.updates.last else { return nil }
        return transcript
    }

    func discardUtterance() {
        guard mode == .wholeUtterance else {
            _ = try? endUtterance()
            return
        }
        utteranceStart = nil
        held.removeAll(keepingCapacity: true)
        prepared = nil
    }

    func endUtterance() throws(DictationError) -> [RecognitionUpdate] {
        guard let start = utteranceStart else { return [] }
        utteranceStart = nil
        switch mode {
        case .streaming:
            try handle.endUtterance()
            return final(start: start)
        case .partialsOnly:
            try handle.endUtterance()
            return []
        case .wholeUtterance:
            defer {
                held.removeAll(keepingCapacity: true)
                prepared = nil
            }
            if let prepared, prepared.heldCount == held.count { return prepared.updates }
            return try searchHeld(start: start)
        }
    }

    /// Searches the held audio as one utterance.
    private func searchHeld(start: Double) throws(DictationError) -> [RecognitionUpdate] {
        try handle.startUtterance()
        if !held.isEmpty { try handle.process(held[...], wholeUtterance: true) }
        try handle.endUtterance()
        return final(start: start)
    }

    /// The final of the utterance PocketSphinx just ended, which started at `start`.
    private func final(start: Double) -> [RecognitionUpdate] {
        if let mean = handle.cepstralMean { cepstralMeans?.store(mean, for: acousticModel) }
        let segments = handle.segments()
        // The best path covers the utterance from its first frame, so its first segment (`<s>`)
        // starts at the utterance's time 0. Builds number those frames differently (Debian's from
        // a running count of its own, others from the utterance's start): counting from the first
        // segment works for all of them.
        let base = segments.first?.startFrame ?? 0
        let words = segments.words(frameOffset: -base, frameRate: handle.frameRate).map { word in
            Word(text: word.text, start: start + word.start, end: start + word.end, confidence: word.confidence)
        }
        let audioEnd = start + Double(samplesInUtterance) / sampleRate
        let text = segments.isEmpty ? RecognizedSegment.cleanText(handle.hypothesis()) : words.map(\.text).joined(separator: " ")
        logger.debug(
            "utterance decoded",
            metadata: ["words": "\(words.count)", "start": "\(start)", "end": "\(audioEnd)"])
        let transcript = Transcript(
            text: text, words: words, utteranceIndex: 0, startTime: words.first?.start ?? start,
            endTime: words.last?.end ?? audioEnd)
        return [.final(settings.withAlternatives(transcript, from: handle))]
    }
}
