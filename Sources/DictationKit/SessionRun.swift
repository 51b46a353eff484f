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
        var pipeline = EventEmitter(continuation: continuation, options: options)
        var blocks = BlockLedger()
        defer { finish() }
        let metrics = SessionMetrics(factory: metricsFactory, locale: options.locale)
        pipeline.metrics = metrics
        // Before finish() (defers run last first), so that metrics are in when the stream ends.
        defer { metrics.runEnded() }

        let reader: any AudioReader
        do {
            reader = try source.open()
        } catch {
            end(&pipeline, blocks: &blocks, error: error)
            return
        }
        // stop() before the source was open could not interrupt it; pass it on now.
        if control.attach(reader) { reader.interrupt() }
        defer {
            control.detachReader()
            reader.close()
        }
        if control.isCancelled { return }

        let processor: any AudioProcessor
        let decoder: any SpeechDecoder
        let localeEvent: DictationEvent?
        do {
            processor = try preprocessing.makeProcessor(
                input: reader.format, outputSampleRate: recognizer.sampleRate, options: options.preprocessing)
            // The endpointer needs the chain's voice activity; without it the recognizer segments.
            let segmentation: UtteranceSegmentation =
                processor.detectsVoiceActivity ? options.endpointing.segmentation : .recognizer
            let choice = try LocaleFallback().makeDecoder(
                for: options.locale, segmentation: segmentation, reportsPartials: options.reportsPartials,
                recognizer: recognizer, logger: logger)
            (decoder, localeEvent) = (choice.decoder, choice.event)
        } catch {
            end(&pipeline, blocks: &blocks, error: error)
            return
        }
        metrics.use(locale: decoder.locale)
        // Every way out of the run from here on (stop, cancel, error, timeout) finishes the file.
        // One identity for the run, shared by its recording's name and its history entry.
        let runID = UUID()
        if let problem = recording.open(format: reader.format, runID: runID) { pipeline.emitEvent(.error(problem)) }
        defer { if let problem = recording.finish() { pipeline.emitEvent(.error(problem)) } }
        if let localeEvent { pipeline.emitEvent(localeEvent) }
        if let transcriptStore {
            pipeline.startHistory(
                store: transcriptStore,
                session: TranscriptSessionInfo(
                    id: runID, startedAt: Date(), locale: decoder.locale, requestedLocale: options.locale,
                    recordingPath: recording.path),
                logger: logger)
        }
        // Runs before finish() (deferred earlier): the store hears of the end while the stream is open.
        defer { pipeline.endHistory() }
        logger.debug(
            "session started",
            metadata: [
                "format": "\(reader.format)", "locale": "\(decoder.locale)", "segmentation": "\(decoder.segmentation)",
            ])
        var feed = DecoderFeed(decoder: decoder, options: options, sampleRate: recognizer.sampleRate)
        change(to: .listening, &pipeline)

        // 100 ms per read: small enough for prompt partials, large enough to keep calls cheap.
        let framesPerRead = max(1, reader.format.sampleRate / 10)
        let total = reader.expectedDuration
        var processed = 0.0
        var lastProgress = -1.0
        var readError: DictationError?
        var timeouts = SessionTimeouts(options: options)
        var endedByTimeout = false
        var paused = false
        var decoderFailures = 0
        do throws(DictationError) {
            // After stop() the reader hands over what it already captured and then ends, so the
            // loop runs on to nil; only cancel() leaves at once.
            while !control.isCancelled {
                if let requests = control.takeRequests() {
                    if requests.wantsPause != paused {
                        paused = requests.wantsPause
                        if paused {
                            // A soft stop: what was heard up to now is decoded and delivered.
                            let updates = try feed.finish()
                            timeouts.observe(updates)
                            blocks.add(pipeline.emit(updates))
                        }
                        change(to: paused ? .paused : .listening, &pipeline)
                    }
                    if requests.commit {
                        change(to: .processing, &pipeline)
                        let updates = try feed.finish()
                        timeouts.observe(updates)
                        blocks.add(pipeline.emit(updates))
                        commit(&blocks, &pipeline)
                        change(to: paused ? .paused : .listening, &pipeline)
                    }
                    control.carriedOut(requests)
                }
                if paused {
                    // Nothing more is dictated until resume(); stop() ends the run from here.
                    if control.isStopRequested { break }
                    if reader.isLive {
                        // Keep a live device drained, but what is said while paused is not dictation.
                        do {
                            guard try reader.read(maxFrames: framesPerRead) != nil else { break }
                        } catch {
                            readError = error
                            break
                        }
                    } else {
                        control.waitForRequest()
                    }
                    continue
                }
                let frame: AudioFrame?
                do {
                    frame = try reader.read(maxFrames: framesPerRead)
                } catch {
                    // Keep what was read before the fault: decode it, deliver its final, then report.
                    readError = error
                    break
                }
                for warning in reader.takeWarnings() { pipeline.emitEvent(.error(warning)) }
                guard let frame else { break }
                if let problem = recording.append(frame) { pipeline.emitEvent(.error(problem)) }
                metrics.audioRead(frame)
                let processingStart = metrics.now
                let converted = try processor.process(frame)
                let updates: [RecognitionUpdate]
                do {
                    updates = try feed.process(converted)
                } catch {
                    // One utterance the decoder failed on is reported and dropped; the session goes
                    // on with the next. Only failures that keep coming end it.
                    decoderFailures += 1
                    guard decoderFailures <= Self.tolerableDecoderFailures else { throw error.fatal }
                    logger.debug("decoder failed; dropping the utterance", metadata: ["code": "\(error.code)"])
                    pipeline.emitEvent(.error(error.nonFatal))
                    feed.abandonUtterance()
                    metrics.processed(since: processingStart)
                    continue
                }
                metrics.processed(since: processingStart)
                timeouts.observe(updates)
                let finals = pipeline.emit(updates)
                if !finals.isEmpty { decoderFailures = 0 }
                blocks.add(finals)
                processed += frame.duration
                if options.reportsLevel, let level = Self.level(of: converted.samples) {
                    pipeline.emitEvent(.level(level))
                }
                if options.reportsProgress, processed - lastProgress >= 1 {
                    lastProgress = processed
                    pipeline.emitEvent(.progress(processed: processed, total: total))
                }
                if !endedByTimeout, let reason = timeouts.reason(at: processed) {
                    // Ends like stop(): what the source already captured is still decoded.
                    endedByTimeout = true
                    logger.debug("session ends by itself", metadata: ["reason": "\(reason.rawValue)"])
                    reader.interrupt()
                }
            }
            if control.isCancelled {
                // Committed blocks stay; the one that was not committed is thrown away.
                if options.reportsStateChanges, !blocks.open.utterances.isEmpty {
                    pipeline.emitEvent(.blockDiscarded(blocks.close()))
                }
                change(to: .idle, &pipeline)
                return
            }
            change(to: .processing, &pipeline)
            let finishingStart = metrics.now
            if !paused {
                let tail = try processor.flush()
                if !tail.samples.isEmpty {
                    let updates = try feed.process(tail)
                    timeouts.observe(updates)
                    blocks.add(pipeline.emit(updates))
                }
            }
            let last = try feed.finish()
            metrics.processed(since: finishingStart)
            timeouts.observe(last)
            blocks.add(pipeline.emit(last))
            if options.reportsProgress {
                pipeline.emitEvent(.progress(processed: processed, total: total))
            }
        } catch {
            end(&pipeline, blocks: &blocks, error: error)
            return
        }
        if let readError {
            end(&pipeline, blocks: &blocks, error: readError)
            return
        }
        if !blocks.open.utterances.isEmpty { commit(&blocks, &pipeline) }
        change(to: .idle, &pipeline)
        if !timeouts.heardSpeech {
            // As Apple's recognizer does: a session that heard nothing says so, without failing.
            pipeline.emitEvent(.error(.noSpeechDetected()))
        }
        logger.debug("session finished", metadata: ["seconds": "\(processed)", "utterances": "\(pipeline.utteranceCount)"])
    }

    /// Ends the run on an error: the finals already delivered are committed, then the state
    /// the run ends in and the error itself are the last events.
    private func end(_ pipeline: inout EventEmitter, blocks: inout BlockLedger, error: DictationError) {
        if !blocks.open.utterances.isEmpty { commit(&blocks, &pipeline) }
        change(to: error.isFatal ? .error : .idle, &pipeline)
        pipeline.emitEvent(.error(error))
    }

    private func commit(_ blocks: inout BlockLedger, _ pipeline: inout EventEmitter) {
        let block = blocks.close()
        control.recordCommitted(block)
        if options.reportsStateChanges { pipeline.emitEvent(.blockCommitted(block)) }
    }

    private func change(to state: DictationState, _ pipeline: inout EventEmitter) {
        guard control.runState != state else { return }
        control.setRunState(state)
        if options.reportsStateChanges { pipeline.emitEvent(.stateChanged(state)) }
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


extension DictationError {
    /// The same error, ending the session.
    fileprivate var fatal: DictationError {
        var copy = self
        copy.isFatal = true
        return copy
    }

    /// The same error, reported while the session goes on.
    fileprivate var nonFatal: DictationError {
        var copy = self
        copy.isFatal = false
        return copy
    }
}
