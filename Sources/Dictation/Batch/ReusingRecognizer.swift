import DictationKit

/// The recognizer of one job of a ``BatchTranscription``: the decoders it loads come back to it
/// when the session that had them lets them go, and the job's next session gets them again
/// instead of loading the model again.
///
/// A job runs its sessions one after another, so it holds one decoder per kind a session asks
/// for (one without partials) however many files it decodes: memory grows by one model per job,
/// not per file, and no file after the first waits for a model to load.
///
/// Only decoders the session's endpointer hands utterances to (`UtteranceSegmentation.endpointer`)
/// are reused: each utterance begins afresh at the time the session gives it. A decoder that
/// segments a stream itself counts time from the first sample it was given, so every session gets
/// a new one.
package final class ReusingRecognizer: SpeechRecognizer {
    /// What a decoder was asked for with: a decoder is reused only for the same request.
    private struct Request: Hashable {
        var locale: String
        var segmentation: UtteranceSegmentation
        var reportsPartials: Bool?
        var maxUtteranceDuration: Double?
        var partialsOnly = false
    }

    private struct Shelf {
        /// Decoders no session holds, by what they were made for.
        var idle: [Request: [DecoderHandOver]] = [:]
        /// Decoders a session holds now.
        var lent = 0
        /// Decoders loaded from the base recognizer.
        var loaded = 0
    }

    /// The recognizer that loads the models.
    package let base: any SpeechRecognizer
    private let shelf = WaitableState(Shelf())

    /// - Parameter base: The recognizer that loads the models.
    package init(base: any SpeechRecognizer) {
        self.base = base
    }

    package var sampleRate: Int { base.sampleRate }

    package func supportedLocales() -> [String] { base.supportedLocales() }

    package func makeDecoder(locale: String, segmentation: UtteranceSegmentation) throws(DictationError) -> any SpeechDecoder {
        try lend(Request(locale: locale, segmentation: segmentation)) { () throws(DictationError) in
            try base.makeDecoder(locale: locale, segmentation: segmentation)
        }
    }

    package func makeDecoder(locale: String, segmentation: UtteranceSegmentation, reportsPartials: Bool)
        throws(DictationError) -> any SpeechDecoder
    {
        try lend(Request(locale: locale, segmentation: segmentation, reportsPartials: reportsPartials)) {
            () throws(DictationError) in
            try base.makeDecoder(locale: locale, segmentation: segmentation, reportsPartials: reportsPartials)
        }
    }

    package func makeDecoder(
        locale: String, segmentation: UtteranceSegmentation, reportsPartials: Bool, maxUtteranceDuration: Double
    ) throws(DictationError) -> any SpeechDecoder {
        let request = Request(
            locale: locale, segmentation: segmentation, reportsPartials: reportsPartials,
            maxUtteranceDuration: maxUtteranceDuration)
        return try lend(request) { () throws(DictationError) in
            try base.makeDecoder(
                locale: locale, segmentation: segmentation, reportsPartials: reportsPartials,
                maxUtteranceDuration: maxUtteranceDuration)
        }
    }

    package func makePartialDecoder(locale: String) throws(DictationError) -> (any SpeechDecoder)? {
        let request = Request(locale: locale, segmentation: .endpointer, partialsOnly: true)
        if let reused = takeIdle(request) { return reused }
        // A recognizer that decodes in one pass has none: nothing to keep.
        guard let decoder = try base.makePartialDecoder(locale: locale) else { return nil }
        return adopt(decoder, for: request)
    }

    /// How many decoders the base recognizer has loaded so far.
    package var loadedDecoders: Int { shelf.read { $0.loaded } }

    /// Blocks until every decoder lent out has come back (the sessions that had them have ended
    /// and let them go), or `timeout` has passed; call it from a thread of your own.
    /// - Parameter timeout: The longest wait.
    /// - Returns: Whether all came back.
    @discardableResult
    func waitForLentDecoders(timeout: Duration) -> Bool {
        shelf.wait(until: { $0.lent == 0 }, timeout: timeout)
    }

    /// An idle decoder made for `request`, else a new one from `make`, lent to a session.
    private func lend(
        _ request: Request, make: () throws(DictationError) -> any SpeechDecoder
    ) throws(DictationError) -> any SpeechDecoder {
        if let reused = takeIdle(request) { return reused }
        return adopt(try make(), for: request)
    }

    /// An idle decoder made for `request`, lent to a session; `nil` when there is none.
    private func takeIdle(_ request: Request) -> (any SpeechDecoder)? {
        let reused = shelf.withLock { shelf -> DecoderHandOver? in
            guard let decoder = shelf.idle[request]?.popLast() else { return nil }
            shelf.lent += 1
            return decoder
        }
        return reused.map { LentDecoder($0.decoder, returnTo: self, request: request) }
    }

    /// A decoder the base recognizer just loaded, lent to a session when it can be reused.
    private func adopt(_ decoder: any SpeechDecoder, for request: Request) -> any SpeechDecoder {
        let reusable = decoder.segmentation == .endpointer
        shelf.withLock { shelf in
            shelf.loaded += 1
            if reusable { shelf.lent += 1 }
        }
        return reusable ? LentDecoder(decoder, returnTo: self, request: request) : decoder
    }

    /// Called by a ``LentDecoder`` when its session lets it go.
    private func giveBack(_ decoder: any SpeechDecoder, request: Request) {
        let handOver = DecoderHandOver(decoder: decoder)
        shelf.withLock { shelf in
            shelf.idle[request, default: []].append(handOver)
            shelf.lent -= 1
        }
    }

    /// A decoder lent to one session; the decoder goes back to the shelf when the session lets
    /// go of this.
    private final class LentDecoder: SpeechDecoder {
        private let decoder: any SpeechDecoder
        private let owner: ReusingRecognizer
        private let request: Request

        init(_ decoder: any SpeechDecoder, returnTo owner: ReusingRecognizer, request: Request) {
            self.decoder = decoder
            self.owner = owner
            self.request = request
        }

        deinit {
            // What a stopped or failed session left open is not the next one's.
            decoder.discardUtterance()
            owner.giveBack(decoder, request: request)
        }

        var locale: String { decoder.locale }
        var segmentation: UtteranceSegmentation { decoder.segmentation }
        var decodesUtterancesIndependently: Bool { decoder.decodesUtterancesIndependently }

        func process(_ samples: [Float], reportPartials: Bool) throws(DictationError) -> [RecognitionUpdate] {
            try decoder.process(samples, reportPartials: reportPartials)
        }

        func finish() throws(DictationError) -> [RecognitionUpdate] { try decoder.finish() }

        func beginUtterance(at time: Double) throws(DictationError) { try decoder.beginUtterance(at: time) }

        func endUtterance() throws(DictationError) -> [RecognitionUpdate] { try decoder.endUtterance() }

        func prepareFinal() throws(DictationError) -> Transcript? { try decoder.prepareFinal() }

        func discardUtterance() { decoder.discardUtterance() }

        /// Each session configures the decoders it is lent with its own settings, which replace
        /// the previous session's: no vocabulary outlives its session.
        func configure(_ settings: RecognitionSettings) throws(DictationError) -> [DictationError] {
            try decoder.configure(settings)
        }

        func takeNotices() -> [DictationError] { decoder.takeNotices() }
    }
}

/// Carries a decoder between the sessions of a job, which use it one after another.
///
/// `@unchecked Sendable` is sound because a decoder is on the shelf only while no session holds
/// it, and is taken from it and put back under the shelf's lock.
private struct DecoderHandOver: @unchecked Sendable {
    let decoder: any SpeechDecoder
}
