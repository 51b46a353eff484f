import Foundation
import Logging
import Metrics
import Synchronization

/// One start-to-end run of a session: the audio thread and what other threads may ask of it.
final class SessionRun: Sendable {
    private struct Control {
        var stopRequested = false
        var cancelled = false
        var finished = false
        var waiters: [CheckedContinuation<Void, Never>] = []
        var reader: ReaderHandle?
    }

    private let source: any AudioSource
    private let preprocessing: any AudioPreprocessing
    private let recognizer: any SpeechRecognizer
    private let options: DictationOptions
    private let continuation: AsyncStream<DictationEvent>.Continuation
    private let logger: Logger
    /// The app's metrics backend, or one bound with `withMetricsFactory` around `start()`.
    private let metricsFactory: any MetricsFactory
    private let control = Mutex(Control())

    init(
        source: any AudioSource, preprocessing: any AudioPreprocessing, recognizer: any SpeechRecognizer,
        options: DictationOptions, continuation: AsyncStream<DictationEvent>.Continuation, logger: Logger
    ) {
        self.source = source
        self.preprocessing = preprocessing
        self.recognizer = recognizer
        self.options = options
        self.continuation = continuation
        self.logger = logger
        metricsFactory = MetricsSystem.factory
    }

    var isFinished: Bool { control.withLock { $0.finished } }

    func launch() {
        let thread = Thread { [self] in run() }
        thread.name = "DictationKit.audio"
        // PocketSphinx's search keeps sizeable structures on the stack.
        thread.stackSize = 8 << 20
        thread.start()
    }

    func requestStop() {
        let reader = control.withLock { state -> ReaderHandle? in
            state.stopRequested = true
            return state.reader
        }
        reader?.interrupt()
    }

    func cancel() {
        let reader = control.withLock { state -> ReaderHandle? in
            state.cancelled = true
            return state.reader
        }
        reader?.interrupt()
    }

    func waitUntilFinished() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let done = control.withLock { state -> Bool in
                if state.finished { return true }
                state.waiters.append(waiter)
                return false
            }
            if done { waiter.resume() }
        }
    }

    private var isCancelled: Bool { control.withLock { $0.cancelled } }

    // MARK: - The audio thread

    private func run() {
        var pipeline = EventEmitter(continuation: continuation, options: options)
        defer { finish() }
        let metrics = SessionMetrics(factory: metricsFactory, locale: options.locale)
        pipeline.metrics = metrics
        // Before finish() (defers run last first), so that metrics are in when the stream ends.
        defer { metrics.runEnded() }

        let reader: any AudioReader
        do {
            reader = try source.open()
        } catch {
            pipeline.emitEvent(.error(error))
            return
        }
        let stopCameEarly = control.withLock { state -> Bool in
            state.reader = ReaderHandle(reader)
            return state.stopRequested || state.cancelled
        }
        // stop() before the source was open could not interrupt it; pass it on now.
        if stopCameEarly { reader.interrupt() }
        defer {
            control.withLock { $0.reader = nil }
            reader.close()
        }
        if isCancelled { return }

        let processor: any AudioProcessor
        let decoder: any SpeechDecoder
        do {
            processor = try preprocessing.makeProcessor(
                input: reader.format, outputSampleRate: recognizer.sampleRate, options: options.preprocessing)
            // The endpointer needs the chain's voice activity; without it the recognizer segments.
            let segmentation: UtteranceSegmentation =
                processor.detectsVoiceActivity ? options.endpointing.segmentation : .recognizer
            decoder = try recognizer.makeDecoder(locale: options.locale, segmentation: segmentation)
        } catch {
            pipeline.emitEvent(.error(error))
            return
        }
        metrics.use(locale: decoder.locale)
        logger.debug(
            "session started",
            metadata: [
                "format": "\(reader.format)", "locale": "\(decoder.locale)", "segmentation": "\(decoder.segmentation)",
            ])
        var feed = DecoderFeed(decoder: decoder, options: options, sampleRate: recognizer.sampleRate)

        // 100 ms per read: small enough for prompt partials, large enough to keep calls cheap.
        let framesPerRead = max(1, reader.format.sampleRate / 10)
        let total = reader.expectedDuration
        var processed = 0.0
        var lastProgress = -1.0
        var readError: DictationError?
        var timeouts = SessionTimeouts(options: options)
        var endedByTimeout = false
        do {
            // After stop() the reader hands over what it already captured and then ends, so the
            // loop runs on to nil; only cancel() leaves at once.
            while !isCancelled {
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
                metrics.audioRead(frame)
                let processingStart = metrics.now
                let converted = try processor.process(frame)
                let updates = try feed.process(converted)
                metrics.processed(since: processingStart)
                timeouts.observe(updates)
                pipeline.emit(updates)
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
            if isCancelled { return }
            let finishingStart = metrics.now
            let tail = try processor.flush()
            if !tail.samples.isEmpty {
                let updates = try feed.process(tail)
                timeouts.observe(updates)
                pipeline.emit(updates)
            }
            let last = try feed.finish()
            metrics.processed(since: finishingStart)
            timeouts.observe(last)
            pipeline.emit(last)
            if options.reportsProgress {
                pipeline.emitEvent(.progress(processed: processed, total: total))
            }
        } catch {
            pipeline.emitEvent(.error(error))
            return
        }
        if let readError {
            pipeline.emitEvent(.error(readError))
        } else if !timeouts.heardSpeech {
            // As Apple's recognizer does: a session that heard nothing says so, without failing.
            pipeline.emitEvent(.error(.noSpeechDetected()))
        }
        logger.debug("session finished", metadata: ["seconds": "\(processed)", "utterances": "\(pipeline.utteranceCount)"])
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
        continuation.finish()
        let waiters = control.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.finished = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

/// Lets another thread call ``AudioReader/interrupt()``, the one reader method that is thread-safe.
///
/// `@unchecked Sendable` is sound because only `interrupt()` is reachable through it, and the
/// ``AudioReader`` contract requires that method to be callable from any thread.
private final class ReaderHandle: @unchecked Sendable {
    private let reader: any AudioReader
    init(_ reader: any AudioReader) { self.reader = reader }
    func interrupt() { reader.interrupt() }
}
