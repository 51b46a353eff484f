import Logging

/// Hands the recognizer's audio to the decoders: the whole stream to a decoder that segments it
/// itself, or one utterance at a time, as the ``Endpointer`` cuts it, to the ``FinalPass`` and,
/// for partials, to a streaming decoder beside it.
///
/// With the endpointer, finals come from the final pass's own thread and go straight to the
/// ``EventDelivery``; what ``process(_:showingPartials:)`` returns is what the audio thread itself
/// learnt: speech starts and ends, and partials.
final class DecoderFeed {
    /// An update and the utterance it belongs to (`nil`: the stream's, for a self-segmenting decoder).
    typealias Update = (update: RecognitionUpdate, utterance: Int?)

    private enum Route {
        /// The decoder cuts the stream itself, on the audio thread.
        case stream(any StreamDecoder)
        /// The endpointer cuts; the final pass decodes each utterance on its thread; a streaming
        /// decoder may show partials on the audio thread.
        case utterances(finalPass: FinalPass, partials: (any UtteranceDecoder)?, redecoding: RedecodingPass?)
    }

    private let route: Route
    private var endpointer: Endpointer?
    private let sampleRate: Double
    private let logger: Logger
    /// The endpointer's utterances so far: the open or last one is `utterance`.
    private var utterance = -1
    /// Whether the partial decoder follows the open utterance; it stops when partials are not
    /// wanted any more (the session fell behind, or is stopping) and resumes with the next one.
    private var partialsFollow = false
    /// The final pass's failure that ends the run.
    private let fatalFailure = WaitableState<DictationError?>(nil)

    /// - Parameters:
    ///   - decoders: The run's decoders.
    ///   - recognizer: Makes the redecoding pass's decoder, with two passes, as
    ///     `decoders.configuration` says.
    ///   - options: The session's options (endpointing).
    ///   - sampleRate: The recognizer's sample rate.
    ///   - delivery: Where the final pass delivers.
    ///   - metrics: Where the final pass's decoding time is counted.
    ///   - logger: Where partial-decoder failures are logged.
    /// - Throws: ``DictationError/Code/resourcesExhausted`` when the system refuses the final
    ///   pass its thread.
    init(
        decoders: SessionDecoders, recognizer: any SpeechRecognizer, options: DictationOptions, sampleRate: Int,
        delivery: EventDelivery, metrics: SessionMetrics, logger: Logger
    ) throws(DictationError) {
        self.sampleRate = Double(sampleRate)
        self.logger = logger
        let main: any UtteranceDecoder
        switch decoders.main {
        case .stream(let decoder):
            route = .stream(decoder)
            return
        case .utterances(let decoder):
            main = decoder
        }
        endpointer = Endpointer(options: options.endpointing, sampleRate: sampleRate)
        let fatalFailure = self.fatalFailure
        let finalPass = try FinalPass(
            decoder: main, supply: decoders.moreFinalDecoders, metrics: metrics, logger: logger
        ) { outcome in
            switch outcome {
            case .updates(let updates, let utterance):
                delivery.emit(updates, utterance: utterance)
            case .failed(let error, let utterance, let fatal):
                // An utterance that showed partials still gets its (empty) final.
                delivery.emit([.final(Transcript(text: "", utteranceIndex: 0, startTime: 0, endTime: 0))], utterance: utterance)
                if fatal {
                    fatalFailure.withLock { $0 = error.asFatal }
                } else {
                    delivery.emit(.error(error.asNonFatal))
                }
            }
        }
        route = .utterances(
            finalPass: finalPass, partials: decoders.partials,
            redecoding: Self.redecodingPass(
                decoders: decoders, recognizer: recognizer, options: options, sampleRate: sampleRate, finalPass: finalPass,
                delivery: delivery, logger: logger))
    }

    /// The pass that searches the open utterance again, when the session has one: to confirm a
    /// streaming decoder's partials (``DictationOptions/confirmsStableWords``), or to make the
    /// partials of a decoder that has no streaming search.
    private static func redecodingPass(
        decoders: SessionDecoders, recognizer: any SpeechRecognizer, options: DictationOptions, sampleRate: Int,
        finalPass: FinalPass, delivery: EventDelivery, logger: Logger
    ) -> RedecodingPass? {
        do {
            if decoders.partialsByRedecoding {
                let pass = try RedecodingPass(
                    recognizer: recognizer, configuration: decoders.configuration.with(partialsOnly: true),
                    cadence: .showing, sampleRate: sampleRate, finalPassIsIdle: { finalPass.isIdle },
                    finalPassSearches: { finalPass.isSearching }, onIdleCores: options.redecodesOnIdleCoresOnly, logger: logger
                ) { hypothesis, audioEnd, utterance in
                    // The stable words are judged by the audio a search heard, not by where its
                    // last word ended (``PartialStabilizer/stabilize(_:)``).
                    var partial = hypothesis
                    partial.endTime = max(hypothesis.endTime, audioEnd)
                    delivery.emit([.partial(partial)], utterance: utterance)
                }
                delivery.stabilizePartials(.agreed)
                return pass
            }
            guard decoders.partials != nil, options.confirmsStableWords else { return nil }
            // Two passes: the whole-utterance search confirms the partials' stable words.
            let pass = try RedecodingPass(
                recognizer: recognizer, configuration: decoders.configuration.with(reportsPartials: false),
                cadence: .confirming, sampleRate: sampleRate, finalPassIsIdle: { finalPass.isIdle },
                finalPassSearches: { finalPass.isSearching }, onIdleCores: options.redecodesOnIdleCoresOnly, logger: logger
            ) { hypothesis, audioEnd, utterance in
                delivery.confirm(
                    hypothesis.words, upTo: audioEnd - PartialStabilizer.confirmationRightContext,
                    heard: audioEnd - hypothesis.startTime, utterance: utterance)
            }
            let sure: Double? = if case .utterances(let decoder) = decoders.main { decoder.sureWordConfidence } else { nil }
            delivery.stabilizePartials(.confirmed(sureWordConfidence: sure))
            return pass
        } catch {
            // Without the pass, stable words are the partial decoder's own, as with one pass, or
            // (no streaming decoder) there are no partials.
            logger.debug("no pass to search the utterance so far", metadata: ["code": "\(error.code)"])
            return nil
        }
    }

    /// The failure of the final pass that ends the run, once there is one.
    var failure: DictationError? { fatalFailure.read { $0 } }

    /// Decodes the next processed buffer.
    /// - Parameters:
    ///   - frame: Mono audio at the recognizer's rate, with its voice activity.
    ///   - showingPartials: Whether partials are wanted for this audio.
    /// - Returns: What the audio thread learnt: speech start and end, partials; with a
    ///   self-segmenting decoder, its finals too.
    /// - Throws: ``DictationError`` when a self-segmenting decoder fails.
    func process(_ frame: AudioFrame, showingPartials: Bool) throws(DictationError) -> [Update] {
        switch route {
        case .stream(let decoder):
            return try decoder.process(frame.samples, reportPartials: showingPartials).map { ($0, nil) }
        case .utterances(let finalPass, let partials, let redecoding):
            guard var endpointer else { return [] }
            let actions = endpointer.push(frame.samples, activity: frame.voiceActivity)
            self.endpointer = endpointer
            return perform(
                actions, finalPass: finalPass, partials: partials, redecoding: redecoding,
                showingPartials: showingPartials)
        }
    }

    /// Ends the open utterance now, decoded to its end: at the end of the stream, or at a pause or
    /// a commit, after which the stream may go on. With the endpointer its final comes from the
    /// final pass: ``drain()`` waits for it.
    /// - Returns: The last updates the audio thread learnt.
    /// - Throws: ``DictationError`` when a self-segmenting decoder fails.
    func finish() throws(DictationError) -> [Update] {
        switch route {
        case .stream(let decoder):
            return try decoder.finish().map { ($0, nil) }
        case .utterances(let finalPass, let partials, let redecoding):
            guard var endpointer else { return [] }
            let actions = endpointer.finish()
            self.endpointer = endpointer
            return perform(
                actions, finalPass: finalPass, partials: partials, redecoding: redecoding, showingPartials: false)
        }
    }

    /// What a self-segmenting decoder got over since it was last asked (``SpeechDecoder/takeNotices()``).
    func takeNotices() -> [DictationError] {
        if case .stream(let decoder) = route { return decoder.takeNotices() }
        return []
    }

    /// Waits until every final of the utterances ended so far has been delivered.
    func drain() {
        if case .utterances(let finalPass, _, _) = route { finalPass.drain() }
    }

    /// Ends the passes' threads once their queues are done; nothing waits for them.
    func close() {
        if case .utterances(let finalPass, _, let redecoding) = route {
            finalPass.close()
            redecoding?.close()
        }
    }

    /// After a failure of a self-segmenting decoder: drops the utterance it was decoding, so that
    /// the next starts clean. What the decoder still makes of it is not trusted.
    func abandonUtterance() {
        if case .stream(let decoder) = route { _ = try? decoder.finish() }
    }

    // MARK: - Utterances

    private func perform(
        _ actions: [Endpointer.Action], finalPass: FinalPass, partials: (any UtteranceDecoder)?,
        redecoding: RedecodingPass?, showingPartials: Bool
    ) -> [Update] {
        // The final pass gets its work first, so it can start while partials are decoded here.
        var requests: [UtteranceQueue.Request] = []
        var first = utterance
        for action in actions {
            switch action {
            case .begin(let audioStart, _):
                first += 1
                requests.append(.begin(utterance: first, at: seconds(audioStart)))
            case .audio(let samples): requests.append(.audio(samples))
            case .mayEnd: requests.append(.mayEnd)
            case .end: requests.append(.end)
            }
        }
        finalPass.submit(requests)
        redecoding?.submit(requests)

        var updates: [Update] = []
        for action in actions {
            switch action {
            case .begin(let audioStart, let speechStart):
                utterance += 1
                updates.append((.speechStarted(at: seconds(speechStart)), utterance))
                partialsFollow = false
                if let partials, showingPartials {
                    partialsFollow = follow { () throws(DictationError) in try partials.beginUtterance(at: seconds(audioStart)) }
                }
            case .audio(let samples):
                guard let partials, partialsFollow else { break }
                if !showingPartials {
                    stopFollowing(partials)
                    break
                }
                var heard: [RecognitionUpdate] = []
                partialsFollow = follow { () throws(DictationError) in heard = try partials.process(samples, reportPartials: true)
                }
                updates += heard.filter(\.isPartial).map { ($0, utterance) }
            case .mayEnd:
                break
            case .end(let speechEnd, _, _):
                updates.append((.speechEnded(at: seconds(speechEnd)), utterance))
                if let partials { stopFollowing(partials) }
            }
        }
        return updates
    }

    /// Runs a partial-decoder call; a failure only ends the partials of this utterance.
    /// - Returns: Whether the partial decoder still follows the utterance.
    private func follow(_ call: () throws(DictationError) -> Void) -> Bool {
        do {
            try call()
            return true
        } catch {
            logger.debug("partial decoder failed; no more partials for this utterance", metadata: ["code": "\(error.code)"])
            return false
        }
    }

    private func stopFollowing(_ partials: any UtteranceDecoder) {
        guard partialsFollow else { return }
        partialsFollow = false
        // Its final is not used: the final pass makes the utterance's.
        _ = try? partials.endUtterance()
    }

    private func seconds(_ sample: Int) -> Double { Double(sample) / sampleRate }
}

extension RecognitionUpdate {
    fileprivate var isPartial: Bool {
        if case .partial = self { true } else { false }
    }
}

extension DictationError {
    /// The same error, ending the session.
    var asFatal: DictationError {
        var copy = self
        copy.isFatal = true
        return copy
    }

    /// The same error, reported while the session goes on.
    var asNonFatal: DictationError {
        var copy = self
        copy.isFatal = false
        return copy
    }
}
