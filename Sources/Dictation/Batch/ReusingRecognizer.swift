import DictationKit

#if canImport(Glibc)
    import Glibc
#endif

/// The recognizer of one job of a ``BatchTranscription``: the decoders it loads come back to it
/// when the session that had them lets them go, and the job's next session gets them again
/// instead of loading the model again.
///
/// A job runs its sessions one after another, so it holds one decoder per kind a session asks
/// for (one without partials) however many files it decodes: memory grows by one model per job,
/// not per file, and no file after the first waits for a model to load.
///
/// Only decoders the session's endpointer hands utterances to (`UtteranceDecoder`s) are reused,
/// and only for the configuration they were made with: each utterance begins afresh at the time
/// the session gives it. A decoder that segments a stream itself counts time from the first sample
/// it was given, so every session gets a new one. A session that asks for other settings (another
/// vocabulary) gets a new decoder, and an idle one of the same model with other settings is let go
/// first: the shelf holds at most as many decoders per model as were ever lent at once, until
/// ``releaseIdle(unusedFor:)`` lets go of those no session has asked for in a while (a server's
/// busiest moment would otherwise keep its decoders for ever).
package final class ReusingRecognizer: SpeechRecognizer {
    /// What a decoder was made for: a decoder is reused only for the same request.
    private struct Request: Hashable {
        var configuration: DecoderConfiguration
        var streamingPartials: Bool

        /// The request with the session's settings left out: decoders of one model and kind.
        var model: Request {
            var copy = self
            copy.configuration.vocabulary = Vocabulary()
            copy.configuration.alternativeCount = 0
            return copy
        }
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

    package func makeDecoder(_ configuration: DecoderConfiguration) throws(DictationError) -> any SpeechDecoder {
        let request = Request(configuration: configuration, streamingPartials: false)
        if let reused = takeIdle(request) { return reused }
        return adopt(try base.makeDecoder(configuration), for: request)
    }

    package func makePartialDecoder(_ configuration: DecoderConfiguration) throws(DictationError) -> (any UtteranceDecoder)? {
        let request = Request(configuration: configuration, streamingPartials: true)
        if let reused = takeIdle(request) { return reused }
        // A recognizer that decodes in one pass has none: nothing to keep.
        guard let decoder = try base.makePartialDecoder(configuration) else { return nil }
        return adopt(decoder, for: request) as? any UtteranceDecoder
    }

    /// How many decoders the base recognizer has loaded so far.
    package var loadedDecoders: Int { shelf.read { $0.loaded } }

    /// How many decoders wait on the shelf.
    package var idleDecoders: Int { shelf.read { $0.idle.values.reduce(0) { $0 + $1.count } } }

    /// Blocks until every decoder lent out has come back (the sessions that had them have ended
    /// and let them go), or `timeout` has passed; call it from a thread of your own.
    /// - Parameter timeout: The longest wait.
    /// - Returns: Whether all came back.
    @discardableResult
    func waitForLentDecoders(timeout: Duration) -> Bool {
        shelf.wait(until: { $0.lent == 0 }, timeout: timeout)
    }

    /// Lets go of the decoders that have waited on the shelf for `limit` or longer, and of their
    /// models when no other decoder uses them, and gives the freed heap back to the system.
    /// - Parameter limit: How long a decoder may wait unused.
    /// - Returns: How many decoders were let go.
    @discardableResult
    package func releaseIdle(unusedFor limit: Duration) -> Int {
        let cutoff = ContinuousClock.now - limit
        var released: [DecoderHandOver] = []
        shelf.withLock { shelf in
            for (request, decoders) in shelf.idle {
                released += decoders.filter { $0.shelvedAt <= cutoff }
                shelf.idle[request] = decoders.filter { $0.shelvedAt > cutoff }
            }
            shelf.idle = shelf.idle.filter { !$0.value.isEmpty }
        }
        guard !released.isEmpty else { return 0 }
        let count = released.count
        // Freed outside the lock: a decoder's model may take a while to unload.
        released.removeAll()
        Self.giveFreedHeapBack()
        return count
    }

    /// glibc keeps the heap pages a process freed unless asked to give them back, and a decoder's
    /// buffers are many small and middling allocations. `malloc_trim` is not in Swift's Glibc
    /// module (it is in `malloc.h`), so it is looked up by name.
    private static func giveFreedHeapBack() {
        #if canImport(Glibc)
            typealias MallocTrim = @convention(c) (Int) -> Int32
            // A null handle is RTLD_DEFAULT: the symbol wherever the process has it.
            guard let symbol = dlsym(nil, "malloc_trim") else { return }
            _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        #endif
    }

    /// An idle decoder made for `request`, lent to a session; `nil` when there is none, after
    /// letting go of an idle decoder of the same model made for other settings (the new one
    /// takes its place).
    private func takeIdle(_ request: Request) -> (any UtteranceDecoder)? {
        let (reused, dropped) = shelf.withLock { shelf -> (DecoderHandOver?, DecoderHandOver?) in
            if let decoder = shelf.idle[request]?.popLast() {
                shelf.lent += 1
                return (decoder, nil)
            }
            let model = request.model
            guard let other = shelf.idle.first(where: { $0.key.model == model && !$0.value.isEmpty })?.key else {
                return (nil, nil)
            }
            return (nil, shelf.idle[other]?.popLast())
        }
        // Freed outside the lock: a decoder's model may take a while to unload.
        _ = dropped
        return reused.map { LentDecoder($0, returnTo: self, request: request) }
    }

    /// A decoder the base recognizer just loaded, lent to a session when it can be reused.
    private func adopt(_ decoder: any SpeechDecoder, for request: Request) -> any SpeechDecoder {
        let reusable = decoder as? any UtteranceDecoder
        shelf.withLock { shelf in
            shelf.loaded += 1
            if reusable != nil { shelf.lent += 1 }
        }
        guard let reusable else { return decoder }
        // What it could not honour of its configuration, which every session lent it is told.
        let handOver = DecoderHandOver(decoder: reusable, notices: reusable.takeNotices())
        return LentDecoder(handOver, returnTo: self, request: request)
    }

    /// Called by a ``LentDecoder`` when its session lets it go.
    private func giveBack(_ handOver: DecoderHandOver, request: Request) {
        var shelved = handOver
        shelved.shelvedAt = .now
        shelf.withLock { shelf in
            shelf.idle[request, default: []].append(shelved)
            shelf.lent -= 1
        }
    }

    /// A decoder lent to one session; the decoder goes back to the shelf when the session lets
    /// go of this.
    private final class LentDecoder: UtteranceDecoder {
        private let handOver: DecoderHandOver
        private var decoder: any UtteranceDecoder { handOver.decoder }
        private let owner: ReusingRecognizer
        private let request: Request
        /// The configuration's notices, until this session takes them.
        private var notices: [DictationError]

        init(_ handOver: DecoderHandOver, returnTo owner: ReusingRecognizer, request: Request) {
            self.handOver = handOver
            self.owner = owner
            self.request = request
            notices = handOver.notices
        }

        deinit {
            // What a stopped or failed session left open is not the next one's.
            decoder.discardUtterance()
            owner.giveBack(handOver, request: request)
        }

        var locale: String { decoder.locale }
        var decodesUtterancesIndependently: Bool { decoder.decodesUtterancesIndependently }
        var decodesOnSeveralCores: Bool { decoder.decodesOnSeveralCores }
        var showsPartialsByRedecoding: Bool { decoder.showsPartialsByRedecoding }
        var sureWordConfidence: Double? { decoder.sureWordConfidence }

        func process(_ samples: [Float], reportPartials: Bool) throws(DictationError) -> [RecognitionUpdate] {
            try decoder.process(samples, reportPartials: reportPartials)
        }

        func beginUtterance(at time: Double) throws(DictationError) { try decoder.beginUtterance(at: time) }

        func endUtterance() throws(DictationError) -> [RecognitionUpdate] { try decoder.endUtterance() }

        func prepareFinal(abandoningWhen abandons: @escaping @Sendable () -> Bool) throws(DictationError) -> Transcript? {
            try decoder.prepareFinal(abandoningWhen: abandons)
        }

        func hypothesis(givingWayWhen givesWay: @escaping @Sendable () -> Bool) throws(DictationError) -> Transcript? {
            try decoder.hypothesis(givingWayWhen: givesWay)
        }

        func discardUtterance() { decoder.discardUtterance() }

        /// What the decoder could not honour of its configuration (each session it is lent to is
        /// told), then what it met since.
        func takeNotices() -> [DictationError] {
            defer { notices = [] }
            return notices + decoder.takeNotices()
        }
    }
}

/// Carries a decoder between the sessions of a job, which use it one after another.
///
/// `@unchecked Sendable` is sound because a decoder is on the shelf only while no session holds
/// it, and is taken from it and put back under the shelf's lock.
private struct DecoderHandOver: @unchecked Sendable {
    let decoder: any UtteranceDecoder
    /// What the decoder could not honour of its configuration, taken when it was made.
    let notices: [DictationError]
    /// When it was put on the shelf last.
    var shelvedAt = ContinuousClock.now
}
