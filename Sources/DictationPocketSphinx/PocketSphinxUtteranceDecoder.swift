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
/// Used from the session's audio thread only; not `Sendable`.
final class PocketSphinxUtteranceDecoder: SpeechDecoder {
    let locale: String
    let segmentation = UtteranceSegmentation.endpointer
    private let handle: SphinxDecoderHandle
    private let sampleRate = Double(PocketSphinxRecognizer.decoderSampleRate)
    private let logger: Logger
    private let cepstralMeans: CepstralMeanMemory?
    private let acousticModel: String

    /// Where the open utterance's audio starts in the session, in seconds; `nil` when none is open.
    private var utteranceStart: Double?
    /// Samples fed to PocketSphinx in the open utterance.
    private var samplesInUtterance = 0
    private var lastPartial = ""

    /// Loads a model into a new decoder with PocketSphinx's speech detection off.
    /// - Parameters:
    ///   - model: The model to load.
    ///   - options: Extra PocketSphinx options.
    ///   - cepstralMeans: Where the cepstral mean is taken from at the start and left after each
    ///     utterance; `nil` to start from the model's estimate.
    ///   - logger: Where to log utterance ends, at debug level.
    /// - Throws: ``DictationError`` when the model can't be loaded.
    init(model: PocketSphinxModel, options: [String: String], cepstralMeans: CepstralMeanMemory?, logger: Logger)
        throws(DictationError)
    {
        var options = options
        options["-remove_silence"] = "no"
        handle = try SphinxDecoderHandle(model: model, options: options)
        locale = model.locale
        acousticModel = model.acousticModel
        self.cepstralMeans = cepstralMeans
        self.logger = logger
        if let mean = cepstralMeans?.mean(for: acousticModel) {
            handle.setCepstralMean(mean)
        }
    }

    /// The cepstral mean the front end will subtract next.
    var cepstralMean: [Float]? { handle.cepstralMean }

    func beginUtterance(at time: Double) throws(DictationError) {
        if utteranceStart != nil { _ = try endUtterance() }
        try handle.startUtterance()
        utteranceStart = time
        samplesInUtterance = 0
        lastPartial = ""
    }

    func process(_ samples: [Float], reportPartials: Bool) throws(DictationError) -> [RecognitionUpdate] {
        guard let utteranceStart, !samples.isEmpty else { return [] }
        try handle.process(samples[...])
        samplesInUtterance += samples.count
        guard reportPartials else { return [] }
        let text = RecognizedSegment.cleanText(handle.hypothesis())
        guard !text.isEmpty, text != lastPartial else { return [] }
        lastPartial = text
        let now = utteranceStart + Double(samplesInUtterance) / sampleRate
        return [.partial(Transcript(text: text, utteranceIndex: 0, startTime: utteranceStart, endTime: now))]
    }

    func endUtterance() throws(DictationError) -> [RecognitionUpdate] {
        guard let start = utteranceStart else { return [] }
        utteranceStart = nil
        lastPartial = ""
        try handle.endUtterance()
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
        return [
            .final(
                Transcript(
                    text: text, words: words, utteranceIndex: 0, startTime: words.first?.start ?? start,
                    endTime: words.last?.end ?? audioEnd))
        ]
    }

    func finish() throws(DictationError) -> [RecognitionUpdate] {
        try endUtterance()
    }
}
