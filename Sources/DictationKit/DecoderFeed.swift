/// Hands the recognizer's audio to the decoder: the whole stream when the decoder segments it
/// itself, or one utterance at a time as the ``Endpointer`` cuts it.
struct DecoderFeed {
    private let decoder: any SpeechDecoder
    private var endpointer: Endpointer?
    private let sampleRate: Double
    private let reportPartials: Bool

    /// - Parameters:
    ///   - decoder: The session's decoder; its ``SpeechDecoder/segmentation`` decides the way.
    ///   - options: The session's options (endpointing and partials).
    ///   - sampleRate: The recognizer's sample rate.
    init(decoder: any SpeechDecoder, options: DictationOptions, sampleRate: Int) {
        self.decoder = decoder
        self.sampleRate = Double(sampleRate)
        reportPartials = options.reportsPartials
        endpointer =
            decoder.segmentation == .endpointer
            ? Endpointer(options: options.endpointing, sampleRate: sampleRate) : nil
    }

    /// Decodes the next processed buffer.
    /// - Parameter frame: Mono audio at the recognizer's rate, with its voice activity.
    /// - Returns: The recognizer's updates, speech start and end included.
    mutating func process(_ frame: AudioFrame) throws(DictationError) -> [RecognitionUpdate] {
        guard var endpointer else {
            return try decoder.process(frame.samples, reportPartials: reportPartials)
        }
        let actions = endpointer.push(frame.samples, activity: frame.voiceActivity)
        self.endpointer = endpointer
        return try perform(actions)
    }

    /// Ends the open utterance now, decoded to its end: at the end of the stream, or at a pause or
    /// a commit, after which the stream may go on.
    /// - Returns: The last updates, ending with the last final when an utterance was open.
    mutating func finish() throws(DictationError) -> [RecognitionUpdate] {
        guard var endpointer else { return try decoder.finish() }
        let actions = endpointer.finish()
        self.endpointer = endpointer
        return try perform(actions)
    }

    /// After a decoder failure: drops the utterance it was decoding, so that the next starts clean.
    /// What the decoder still makes of the failed utterance is not trusted and is thrown away.
    func abandonUtterance() {
        _ = try? decoder.finish()
    }

    private func perform(_ actions: [Endpointer.Action]) throws(DictationError) -> [RecognitionUpdate] {
        var updates: [RecognitionUpdate] = []
        for action in actions {
            switch action {
            case .begin(let audioStart, let speechStart):
                try decoder.beginUtterance(at: seconds(audioStart))
                updates.append(.speechStarted(at: seconds(speechStart)))
            case .audio(let samples):
                updates += try decoder.process(samples, reportPartials: reportPartials)
            case .end(let speechEnd, _, _):
                updates.append(.speechEnded(at: seconds(speechEnd)))
                updates += try decoder.endUtterance()
            }
        }
        return updates
    }

    private func seconds(_ sample: Int) -> Double { Double(sample) / sampleRate }
}
