import DictationKit
import Logging

/// A PocketSphinx decoder for one session, segmenting audio into utterances the way
/// `pocketsphinx_continuous -infile` does.
///
/// One PocketSphinx utterance is kept open; PocketSphinx's own voice activity detector
/// (`-remove_silence yes`, its default) decides where speech starts and ends. When the detector
/// goes from silence to speech we report ``RecognitionUpdate/speechStarted(at:)``; when it goes
/// back, we end the utterance, report its final, and start the next one. Keeping PocketSphinx's
/// segmentation (rather than an endpointer of ours) gives the same words as
/// `pocketsphinx_continuous`, which is what its accuracy is known by.
///
/// Used from the session's audio thread only; not `Sendable`.
final class PocketSphinxDecoder: StreamDecoder {
    let locale: String
    private var handle: SphinxDecoderHandle
    private let settings: SphinxSessionSettings
    /// What the decoder could not use of its vocabulary, until the session asks.
    private var notices: [DictationError]
    private let maxUtteranceFrames: Int
    private let logger: Logger
    private var clock: UtteranceClock

    /// Whether `ps_start_utt` was called and `ps_end_utt` not yet.
    private var utteranceOpen = false
    /// Whether the detector heard speech in the open utterance (`utt_started` in pocketsphinx_continuous).
    private var speechInUtterance = false
    private var utteranceIndex = 0
    /// Where the audio of the previous utterance ended, in seconds. After an utterance is cut at
    /// the maximum length, the detector's pre-speech buffer hands the next one a few frames the
    /// previous one already decoded; nothing of the next utterance is placed before this.
    private var previousUtteranceEnd = 0.0

    /// The most samples fed to PocketSphinx in one call, as `pocketsphinx_continuous` reads them;
    /// speech start and end are checked after each call.
    private static let samplesPerCall = 2048

    /// Loads a model into a new decoder.
    /// - Parameters:
    ///   - model: The model to load.
    ///   - options: Extra PocketSphinx options.
    ///   - configuration: The longest utterance (ended there anyway), vocabulary and alternatives.
    ///   - logger: Where to log utterance boundaries, at debug level.
    /// - Throws: ``DictationError`` when the model can't be loaded or the vocabulary put in.
    init(model: PocketSphinxModel, options: [String: String], configuration: DecoderConfiguration, logger: Logger)
        throws(DictationError)
    {
        var handle = try SphinxDecoderHandle(model: model, options: options)
        (settings, notices) = try SphinxSessionSettings.apply(configuration, to: &handle, model: model)
        self.handle = handle
        locale = model.locale
        clock = UtteranceClock(
            sampleRate: PocketSphinxRecognizer.decoderSampleRate, frameRate: handle.frameRate,
            preSpeechFrames: handle.preSpeechFrames)
        maxUtteranceFrames = max(1, Int(configuration.maxUtteranceDuration * Double(handle.frameRate)))
        self.logger = logger
    }

    func process(_ samples: [Float], reportPartials: Bool) throws(DictationError) -> [RecognitionUpdate] {
        var updates: [RecognitionUpdate] = []
        var start = samples.startIndex
        while start < samples.endIndex {
            let end = min(samples.endIndex, start + Self.samplesPerCall)
            try process(samples[start..<end], reportPartials: reportPartials, into: &updates)
            start = end
        }
        return updates
    }

    func takeNotices() -> [DictationError] {
        defer { notices = [] }
        return notices
    }

    func finish() throws(DictationError) -> [RecognitionUpdate] {
        guard utteranceOpen else { return [] }
        var updates: [RecognitionUpdate] = []
        try endUtterance(reason: "end of audio", into: &updates)
        return updates
    }

    // MARK: - Segmentation

    private func process(_ samples: ArraySlice<Float>, reportPartials: Bool, into updates: inout [RecognitionUpdate])
        throws(DictationError)
    {
        if !utteranceOpen {
            try handle.startUtterance()
            utteranceOpen = true
            speechInUtterance = false
            clock.beginUtterance()
        }
        try handle.process(samples)
        clock.advance(by: samples.count)
        let framesSearched = handle.framesSearched
        clock.observe(framesSearched: framesSearched)

        let inSpeech = handle.inSpeech
        if inSpeech, !speechInUtterance {
            speechInUtterance = true
            clock.observeSpeechStart()
            updates.append(.speechStarted(at: utteranceStart))
        }
        guard speechInUtterance else { return }
        if !inSpeech {
            try endUtterance(reason: "silence", into: &updates)
            return
        }
        if framesSearched >= maxUtteranceFrames {
            // Endless speech would grow the search's history without bound; cut it here and let
            // the detector, still hearing speech, open the next utterance at once.
            try endUtterance(reason: "maximum length", into: &updates)
            return
        }
        if reportPartials {
            let text = RecognizedSegment.cleanText(handle.hypothesis())
            // A partial that says nothing new is dropped by the session, which keeps the event contract.
            if !text.isEmpty {
                updates.append(
                    .partial(
                        Transcript(
                            text: text, utteranceIndex: utteranceIndex,
                            startTime: utteranceStart, endTime: clock.now)))
            }
        }
    }

    /// The best estimate of where the open utterance's audio starts, in seconds.
    private var utteranceStart: Double { max(previousUtteranceEnd, clock.estimatedStart) }

    /// Ends the open utterance and reports its final when it held speech (or, oddly, words).
    private func endUtterance(reason: String, into updates: inout [RecognitionUpdate]) throws(DictationError) {
        utteranceOpen = false
        try handle.endUtterance()
        let segments = handle.segments()
        let hypothesis = RecognizedSegment.cleanText(handle.hypothesis())
        guard speechInUtterance || !hypothesis.isEmpty else { return }

        let offset = segments.first.map { clock.frameOffset(firstSegmentFrame: $0.startFrame) } ?? 0
        let floor = previousUtteranceEnd
        // A word wholly inside audio the previous utterance decoded was already reported there.
        let words = segments.words(frameOffset: offset, frameRate: handle.frameRate).compactMap { word -> Word? in
            guard word.end > floor else { return nil }
            var word = word
            word.start = max(word.start, floor)
            return word
        }
        // The utterance's audio, as the detector cut it: pre-speech buffer to trailing silence.
        let audioStart = max(
            floor, segments.first.map { clock.seconds(frame: $0.startFrame + offset) } ?? utteranceStart)
        let audioEnd = max(
            audioStart, segments.last.map { clock.seconds(frame: $0.endFrame + 1 + offset) } ?? clock.now)
        previousUtteranceEnd = audioEnd
        if speechInUtterance {
            updates.append(.speechEnded(at: audioEnd))
        }
        // The words are the text; the hypothesis string stands in only if there are no segments.
        let text = segments.isEmpty ? hypothesis : words.map(\.text).joined(separator: " ")
        // The transcript spans its words, so its times say where the speech is, not where the
        // detector's padding is; without words it spans the utterance's audio.
        let start = words.first?.start ?? audioStart
        let end = words.last?.end ?? audioEnd
        let transcript = Transcript(text: text, words: words, utteranceIndex: utteranceIndex, startTime: start, endTime: end)
        updates.append(.final(settings.withAlternatives(transcript, from: handle)))
        logger.debug(
            "utterance ended",
            metadata: [
                "reason": "\(reason)", "index": "\(utteranceIndex)", "words": "\(words.count)",
                "start": "\(start)", "end": "\(end)",
            ])
        utteranceIndex += 1
        speechInUtterance = false
    }
}
