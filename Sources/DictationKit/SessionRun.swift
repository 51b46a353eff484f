import Foundation
import Logging
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

    private var shouldStopReading: Bool { control.withLock { $0.stopRequested || $0.cancelled } }
    private var isCancelled: Bool { control.withLock { $0.cancelled } }

    // MARK: - The audio thread

    private func run() {
        var pipeline = EventEmitter(continuation: continuation, options: options)
        defer { finish() }

        let reader: any AudioReader
        do {
            reader = try source.open()
        } catch {
            pipeline.emit(.error(error))
            return
        }
        control.withLock { $0.reader = ReaderHandle(reader) }
        defer {
            control.withLock { $0.reader = nil }
            reader.close()
        }
        if isCancelled { return }

        let processor: any AudioProcessor
        let decoder: any SpeechDecoder
        do {
            processor = try preprocessing.makeProcessor(input: reader.format, outputSampleRate: recognizer.sampleRate)
            decoder = try recognizer.makeDecoder(locale: options.locale)
        } catch {
            pipeline.emit(.error(error))
            return
        }
        logger.debug("session started", metadata: ["format": "\(reader.format)", "locale": "\(decoder.locale)"])

        // 100 ms per read: small enough for prompt partials, large enough to keep calls cheap.
        let framesPerRead = max(1, reader.format.sampleRate / 10)
        let total = reader.expectedDuration
        var processed = 0.0
        var lastProgress = -1.0
        var readError: DictationError?
        do {
            while !shouldStopReading {
                let frame: AudioFrame?
                do {
                    frame = try reader.read(maxFrames: framesPerRead)
                } catch {
                    // Keep what was read before the fault: decode it, deliver its final, then report.
                    readError = error
                    break
                }
                guard let frame else { break }
                let converted = try processor.process(frame)
                pipeline.emit(try decoder.process(converted.samples, reportPartials: options.reportsPartials))
                processed += frame.duration
                if options.reportsProgress, processed - lastProgress >= 1 {
                    lastProgress = processed
                    pipeline.emitEvent(.progress(processed: processed, total: total))
                }
            }
            if isCancelled { return }
            let tail = try processor.flush()
            if !tail.samples.isEmpty {
                pipeline.emit(try decoder.process(tail.samples, reportPartials: options.reportsPartials))
            }
            pipeline.emit(try decoder.finish())
            if options.reportsProgress {
                pipeline.emitEvent(.progress(processed: processed, total: total))
            }
        } catch {
            pipeline.emit(.error(error))
            return
        }
        if let readError {
            pipeline.emit(.error(readError))
        }
        logger.debug("session finished", metadata: ["seconds": "\(processed)", "utterances": "\(pipeline.utteranceCount)"])
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
