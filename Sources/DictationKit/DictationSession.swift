import Foundation
import Logging
import Synchronization

/// A dictation session: audio from a source, through preprocessing, into a recognizer, out as events.
///
/// ```swift
/// let session = DictationSession(
///     source: try WAVFileSource(path: "talk.wav"),
///     preprocessing: AudioConverterChain(),
///     recognizer: PocketSphinxRecognizer())
/// for await event in try await session.start(DictationOptions(locale: "en-US")) {
///     if case .final(let transcript) = event { print(transcript.text) }
/// }
/// ```
///
/// Each run reads, converts and decodes on a thread of its own, so blocking reads and decoder
/// calls never occupy the cooperative thread pool. A session runs one stream at a time; after
/// it ends, ``start(_:)`` may be called again.
public final class DictationSession: DictationBridge {
    private let source: any AudioSource
    private let preprocessing: any AudioPreprocessing
    private let recognizer: any SpeechRecognizer
    private let logger: Logger
    /// The running or last run (internal for `DictationSession+Recording.swift`).
    let current = Mutex<SessionRun?>(nil)

    /// Creates a session. Nothing is opened until ``start(_:)``.
    /// - Parameters:
    ///   - source: Where the audio comes from.
    ///   - preprocessing: How the source's audio becomes the recognizer's format.
    ///   - recognizer: The speech recognition backend.
    ///   - logger: Where the session logs; silent unless the app bootstrapped a log handler.
    public init(
        source: any AudioSource,
        preprocessing: any AudioPreprocessing,
        recognizer: any SpeechRecognizer,
        logger: Logger = Logger(label: "DictationKit")
    ) {
        self.source = source
        self.preprocessing = preprocessing
        self.recognizer = recognizer
        self.logger = logger
    }

    /// Checks that the source can be opened (the microphone exists and may be used) and that a
    /// recognition model is installed. Nothing is left open.
    /// - Returns: The source's status when it is not ``PermissionStatus/granted``;
    ///   ``PermissionStatus/noModel`` when no model is installed; else ``PermissionStatus/granted``.
    public func requestPermission() async -> PermissionStatus {
        // Probing a device may block briefly in the C library: keep it off the cooperative pool.
        let source = self.source
        let access = await withCheckedContinuation { (done: CheckedContinuation<PermissionStatus, Never>) in
            Thread.detachNewThread { done.resume(returning: source.checkAccess()) }
        }
        guard access == .granted else { return access }
        return recognizer.supportedLocales().isEmpty ? .noModel : .granted
    }

    /// Whether a source and a recognition model are there.
    /// - Returns: `true` when ``requestPermission()`` would grant.
    public func isAvailable() async -> Bool {
        await requestPermission() == .granted
    }

    /// Starts a run and returns its events. See ``DictationBridge/start(_:)``.
    /// - Parameter options: Locale and what to report.
    /// - Returns: The events of this run.
    /// - Throws: ``DictationError`` with code ``DictationError/Code/internal`` when a run is already going.
    public func start(_ options: DictationOptions) async throws -> AsyncStream<DictationEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: DictationEvent.self, bufferingPolicy: .unbounded)
        let run = SessionRun(
            source: source, preprocessing: preprocessing, recognizer: recognizer,
            options: options, continuation: continuation, logger: logger)
        let started = current.withLock { slot -> Bool in
            if let running = slot, !running.isFinished { return false }
            slot = run
            return true
        }
        guard started else {
            throw DictationError.internal("a session is already running; call stop() before starting again")
        }
        continuation.onTermination = { [weak run] termination in
            // The consumer went away (task cancelled or stream dropped): nobody will read a final.
            if case .cancelled = termination { run?.cancel() }
        }
        run.launch()
        return stream
    }

    /// Stops the run: stops reading, delivers the last final, ends the stream, then returns.
    /// Safe to call twice, before ``start(_:)`` or after the run ended.
    public func stop() async {
        guard let run = current.withLock({ $0 }) else { return }
        run.requestStop()
        await run.waitUntilFinished()
    }

    /// Ends the run at once: the open utterance is discarded, the source released, the stream ended.
    public func cancel() async {
        guard let run = current.withLock({ $0 }) else { return }
        run.cancel()
        await run.waitUntilFinished()
    }
}
