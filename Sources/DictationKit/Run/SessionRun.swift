import Foundation
import Logging
import Metrics
import Synchronization

/// One start-to-end run of a session: the audio thread and what other threads may ask of it.
final class SessionRun: Sendable {
    private let source: any AudioSource
    private let preprocessing: any AudioPreprocessing
    private let recognizer: any SpeechRecognizer
    private let transcriptStore: (any TranscriptStore)?
    private let options: DictationOptions
    private let continuation: AsyncStream<DictationEvent>.Continuation
    private let logger: Logger
    private let recording: SessionRecording
    /// The app's metrics backend, or one bound with `withMetricsFactory` around `start()`.
    private let metricsFactory: any MetricsFactory
    /// What other threads ask of the run.
    let control = RunControl()

    /// How many decoder failures in a row, with no final delivered in between, end the run.
    static let tolerableDecoderFailures = 2

    init(
        source: any AudioSource, preprocessing: any AudioPreprocessing, recognizer: any SpeechRecognizer,
        transcriptStore: (any TranscriptStore)? = nil,
        options: DictationOptions, continuation: AsyncStream<DictationEvent>.Continuation, logger: Logger
    ) {
        self.source = source
        self.preprocessing = preprocessing
        self.recognizer = recognizer
        self.transcriptStore = transcriptStore
        self.options = options
        self.continuation = continuation
        self.logger = logger
        self.recording = SessionRecording(options: options, logger: logger)
        metricsFactory = MetricsSystem.factory
    }

    var isFinished: Bool { control.isFinished }

    /// The run's WAV file while it is written and, once the run ended, if it was kept; `nil` when
    /// recordings are off (see ``SessionRecording``).
    var recordingPath: String? { recording.path }

    /// The run's finished recording; throws ``DictationError/Code/recordingUnavailable`` if there is none.
    func finishedRecordingPath() throws(DictationError) -> String { try recording.finishedPath() }

    func launch() {
        let thread = Thread { [self] in run() }
        thread.name = "DictationKit.audio"
        // PocketSphinx's search keeps sizeable structures on the stack.
        thread.stackSize = 8 << 20
        thread.start()
    }

    // MARK: - The audio thread

    private func run() {
        let metrics = SessionMetrics(factory: metricsFactory, locale: options.locale)
        let delivery = EventDelivery(continuation: continuation, options: options, metrics: metrics)
        defer { finish() }
        // Before finish() (defers run last first), so that metrics are in when the stream ends.
        defer { metrics.runEnded() }

        let reader: any AudioReader
        do {
            reader = try source.open()
        } catch {
            end(delivery, error: error)
            return
        }
        // stop() before the source was open could not interrupt it; pass it on now.
        if control.attach(reader) { reader.interrupt() }
        // The source is released as soon as its audio is read, before the last decoding.
        var sourceOpen = true
        func releaseSource() {
            guard sourceOpen else { return }
            sourceOpen = false
            control.detachReader()
            reader.close()
            control.sourceReleased()
            // A problem the source was still getting over (an overrun episode) ends with it.
            for warning in reader.takeWarnings() { delivery.emit(.error(warning)) }
        }
        defer { releaseSource() }
        if control.isCancelled { return }

        let processor: any AudioProcessor
        let decoders: SessionDecoders
        do {
            processor = try ProcessorSetup.makeProcessor(preprocessing, input: reader.format, outputSampleRate: recognizer.sampleRate, options: options)
            // ProcessorSetup made sure that the endpointer, if asked for, gets the chain's voice activity.
            let segmentation = options.endpointing.segmentation
            decoders = try SessionDecoders.load(
                recognizer: recognizer, options: options, segmentation: segmentation, logger: logger)
        } catch {
            end(delivery, error: error)
            return
        }
        let locale = decoders.main.locale
        metrics.use(locale: locale)
        // Every way out of the run from here on (stop, cancel, error, timeout) finishes the file.
        // One identity for the run, shared by its recording's name and its history entry.
        let runID = UUID()
        if let problem = recording.open(format: reader.format, runID: runID) { delivery.emit(.error(problem)) }
        defer { if let problem = recording.finish() { delivery.emit(.error(problem)) } }
        if let localeEvent = decoders.localeEvent { delivery.emit(localeEvent) }
        if let transcriptStore {
            delivery.startHistory(
                store: transcriptStore,
                session: TranscriptSessionInfo(
                    id: runID, startedAt: Date(), locale: locale, requestedLocale: options.locale,
                    recordingPath: recording.path),
                logger: logger)
        }
        // Runs before finish() (deferred earlier): the store hears of the end while the stream is open.
        defer { delivery.endHistory() }
        logger.debug(
            "session started",
            metadata: [
                "format": "\(reader.format)", "locale": "\(locale)", "segmentation": "\(decoders.main.segmentation)",
                "passes": "\(decoders.partials == nil ? 1 : 2)",
            ])
        let feed = DecoderFeed(
            decoders: decoders, recognizer: recognizer, options: options, sampleRate: recognizer.sampleRate,
            delivery: delivery, metrics: metrics, logger: logger)
        defer { feed.close() }
        change(to: .listening, delivery)
        let listeningSince = ContinuousClock.now

        // 100 ms per read: small enough for prompt partials, large enough to keep calls cheap.
        let framesPerRead = max(1, reader.format.sampleRate / 10)
        let total = reader.expectedDuration
        var blocker = AudioBlocker(format: reader.format)
        /// How far into the source's stream the audio read so far reaches, in seconds: what was
        /// captured, whether or not all of it could be kept, pauses included.
        var captured = 0.0
        /// Seconds of audio preprocessed: the time base of the endpointer's speech times.
        var processed = 0.0
        var lastProgress = -1.0
        var readError: DictationError?
        var timeouts = SessionTimeouts(options: options)
        var endedByTimeout = false
        var paused = false
        var decoderFailures = 0

        /// Preprocesses and decodes a block (the last one with what the filters still hold).
        /// - Returns: The preprocessed samples.
        func decode(_ block: AudioFrame, last: Bool = false) throws(DictationError) -> [Float] {
            let processingStart = metrics.now
            defer { metrics.processed(since: processingStart) }
            var converted = try processor.process(block)
            if last {
                let tail = try processor.flush()
                converted.samples += tail.samples
                converted.voiceActivity += tail.voiceActivity
            }
            let updates: [DecoderFeed.Update]
            do {
                updates = try feed.process(
                    converted, showingPartials: wantsPartials(for: block, listeningSince: listeningSince))
            } catch {
                // One utterance the decoder failed on is reported and dropped; the session goes
                // on with the next. Only failures that keep coming end it.
                decoderFailures += 1
                guard decoderFailures <= Self.tolerableDecoderFailures else { throw error.asFatal }
                logger.debug("decoder failed; dropping the utterance", metadata: ["code": "\(error.code)"])
                delivery.emit(.error(error.asNonFatal))
                feed.abandonUtterance()
                return converted.samples
            }
            if deliver(updates, delivery, &timeouts) { decoderFailures = 0 }
            return converted.samples
        }

        do throws(DictationError) {
            // After stop() the reader hands over what it already captured and then ends, so the
            // loop runs on to nil; only cancel() leaves at once.
            while !control.isCancelled {
                if let requests = control.takeRequests() {
                    if requests.wantsPause != paused {
                        paused = requests.wantsPause
                        if paused {
                            // A soft stop: what was heard up to now is decoded and delivered.
                            try finishUtterance(feed, delivery, &timeouts)
                        }
                        change(to: paused ? .paused : .listening, delivery)
                    }
                    if requests.commit {
                        change(to: .processing, delivery)
                        try finishUtterance(feed, delivery, &timeouts)
                        commit(delivery)
                        change(to: paused ? .paused : .listening, delivery)
                    }
                    control.carriedOut(requests)
                }
                if paused {
                    // Nothing more is dictated until resume(); stop() ends the run from here.
                    if control.isStopRequested { break }
                    if reader.isLive {
                        // Keep a live device drained, but what is said while paused is not dictation.
                        do {
                            let heard = try reader.read(maxFrames: framesPerRead)
                            for warning in reader.takeWarnings() { delivery.emit(.error(warning)) }
                            guard heard != nil else { break }
                        } catch {
                            readError = error
                            break
                        }
                    } else {
                        control.waitForRequest()
                    }
                    continue
                }
                var frame: AudioFrame?
                do {
                    frame = try reader.read(maxFrames: framesPerRead)
                } catch {
                    // Keep what was read before the fault: decode it, deliver its final, then report.
                    readError = error
                    break
                }
                for warning in reader.takeWarnings() { delivery.emit(.error(warning)) }
                guard var frame else { break }
                if let problem = recording.append(frame) { delivery.emit(.error(problem)) }
                metrics.audioRead(frame)
                captured = max(captured, min(frame.startTime + frame.duration, options.maxDuration ?? .infinity))
                if let limit = options.maxDuration {
                    // The session is as long as the audio captured, however much of it could be
                    // kept: what lies past the limit is read (the source empties) but not used.
                    if frame.startTime >= limit {
                        if !endedByTimeout {
                            endedByTimeout = true
                            reader.interrupt()
                        }
                        continue
                    }
                    frame = frame.truncated(at: limit)
                }
                var converted: [Float] = []
                for block in blocker.blocks(from: frame) {
                    converted += try decode(block)
                    processed += block.duration
                }
                if let failure = feed.failure { throw failure }
                if options.reportsLevel, let level = Self.level(of: converted) {
                    delivery.emit(.level(level))
                }
                if options.reportsProgress, captured - lastProgress >= 1 {
                    lastProgress = captured
                    delivery.emit(.progress(processed: captured, total: total))
                }
                if !endedByTimeout, let reason = timeouts.reason(processed: processed, captured: captured) {
                    // Ends like stop(): what the source already captured is still decoded.
                    endedByTimeout = true
                    logger.debug("session ends by itself", metadata: ["reason": "\(reason.rawValue)"])
                    reader.interrupt()
                }
            }
            // Everything captured has been read: the microphone is free before the last decoding.
            releaseSource()
            if control.isCancelled {
                // Committed blocks stay; the one that was not committed is thrown away.
                if options.reportsStateChanges, delivery.openBlockHasFinals {
                    delivery.emit(.blockDiscarded(delivery.closeBlock()))
                }
                change(to: .idle, delivery)
                return
            }
            change(to: .processing, delivery)
            if !paused {
                // The block being filled and what the filters still hold.
                let last = blocker.flush() ?? AudioFrame(
                    samples: [], sampleRate: reader.format.sampleRate, channelCount: reader.format.channelCount,
                    startTime: captured)
                _ = try decode(last, last: true)
            }
            try finishUtterance(feed, delivery, &timeouts)
            if options.reportsProgress {
                delivery.emit(.progress(processed: captured, total: total))
            }
        } catch {
            end(delivery, error: error)
            return
        }
        if let readError {
            end(delivery, error: readError)
            return
        }
        if delivery.openBlockHasFinals { commit(delivery) }
        change(to: .idle, delivery)
        if !timeouts.heardSpeech {
            // As Apple's recognizer does: a session that heard nothing says so, without failing.
            delivery.emit(.error(.noSpeechDetected()))
        }
        logger.debug("session finished", metadata: ["seconds": "\(captured)", "utterances": "\(delivery.utteranceCount)"])
    }

    /// Whether partials are wanted for a block: not while the audio thread is far behind a live
    /// source, so that it catches up.
    ///
    /// Audio captured while the models loaded (capture runs from the start) counts as captured
    /// when the session began listening: that backlog is no sign of a machine too slow to keep
    /// up, and the first words someone says as the session starts deserve their partials too.
    private func wantsPartials(for block: AudioFrame, listeningSince: ContinuousClock.Instant) -> Bool {
        guard options.reportsPartials else { return false }
        guard let captured = block.captureTime else { return true }
        return ContinuousClock.now - max(captured, listeningSince) <= Self.partialLagLimit
    }

    /// How far the audio thread may be behind a live source and still show partials: beyond it,
    /// the partial decoder skips the rest of the utterance and the final pass alone decodes it.
    static let partialLagLimit = Duration.seconds(2)

    /// Delivers what the audio thread learnt, after the timeouts have seen it.
    /// - Returns: Whether a final was delivered (a self-segmenting decoder's).
    private func deliver(
        _ updates: [DecoderFeed.Update], _ delivery: EventDelivery, _ timeouts: inout SessionTimeouts
    ) -> Bool {
        var delivered = false
        for (update, utterance) in updates {
            timeouts.observe([update])
            delivered = delivery.emit([update], utterance: utterance) || delivered
        }
        return delivered
    }

    /// Ends the open utterance and waits until its final, and every final before it, is delivered.
    private func finishUtterance(
        _ feed: DecoderFeed, _ delivery: EventDelivery, _ timeouts: inout SessionTimeouts
    ) throws(DictationError) {
        _ = deliver(try feed.finish(), delivery, &timeouts)
        feed.drain()
        if let failure = feed.failure { throw failure }
    }

    /// Ends the run on an error: the finals already delivered are committed, then the state
    /// the run ends in and the error itself are the last events.
    private func end(_ delivery: EventDelivery, error: DictationError) {
        if delivery.openBlockHasFinals { commit(delivery) }
        change(to: error.isFatal ? .error : .idle, delivery)
        delivery.emit(.error(error))
    }

    private func commit(_ delivery: EventDelivery) {
        let block = delivery.closeBlock()
        control.recordCommitted(block)
        if options.reportsStateChanges { delivery.emit(.blockCommitted(block)) }
    }

    private func change(to state: DictationState, _ delivery: EventDelivery) {
        guard control.runState != state else { return }
        control.setRunState(state)
        if options.reportsStateChanges { delivery.emit(.stateChanged(state)) }
    }

    /// The RMS level of a buffer in dBFS, floored at -100 so that digital silence stays a number.
    static func level(of samples: [Float]) -> Float? {
        guard !samples.isEmpty else { return nil }
        var sum: Float = 0
        for sample in samples { sum += sample * sample }
        let rms = (sum / Float(samples.count)).squareRoot()
        return max(-100, 20 * log10(max(rms, 1e-10)))
    }

    private func finish() {
        // Runs that ended before their recording opened (no source, no model) have none.
        recording.finish()
        continuation.finish()
        control.finish()
    }
}


