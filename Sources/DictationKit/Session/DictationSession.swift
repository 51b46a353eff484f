import Foundation
import Logging
import Synchronization

/// A dictation session: audio from a source, through preprocessing, into a recognizer, out as
/// events through the session's event stages.
///
/// ```swift
/// let session = DictationSession(
///     source: AudioFileSource(path: "talk.wav"),
///     preprocessing: StandardPreprocessing(),
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
    private let eventStages: [any DictationEventStage]
    private let transcriptStore: (any TranscriptStore)?
    private let logger: Logger
    /// The running or last run (internal for `DictationSession+Recording.swift`).
    let current = Mutex<SessionRun?>(nil)

    /// Creates a session. Nothing is opened until ``start(_:)``.
    /// - Parameters:
    ///   - source: Where the audio comes from.
    ///   - preprocessing: How the source's audio becomes the recognizer's format.
    ///   - recognizer: The speech recognition backend.
    ///   - transcriptStore: Where each final is kept, durably, before it is delivered (e.g.
    ///     `DictationHistory`'s `SQLiteTranscriptStore`); `nil`, the default, keeps nothing. The
    ///     history is the last step, after every stage in `eventStages`, so it keeps each final as
    ///     the consumer gets it: with the written text a formatting stage added, and none that a
    ///     stage held back. The store is called on a thread of its own: a slow disk delays the
    ///     finals, never the partials, levels and speech activity.
    ///   - eventStages: Steps every event passes on its way to the stream, in order (see
    ///     ``DictationEventStage``). None by default.
    ///   - logger: Where the session logs; silent unless the app bootstrapped a log handler.
    public init(
        source: any AudioSource,
        preprocessing: any AudioPreprocessing,
        recognizer: any SpeechRecognizer,
        transcriptStore: (any TranscriptStore)? = nil,
        eventStages: [any DictationEventStage] = [],
        logger: Logger = Logger(label: "DictationKit")
    ) {
        self.source = source
        self.preprocessing = preprocessing
        self.recognizer = recognizer
        self.eventStages = eventStages
        self.transcriptStore = transcriptStore
        self.logger = logger
    }

    /// Checks that the source can be opened (the microphone exists and may be used) and that a
    /// recognition model is installed. Nothing is left open.
    /// - Returns: The source's status when it is not ``PermissionStatus/granted``;
    ///   ``PermissionStatus/noModel`` when no model is installed; else ``PermissionStatus/granted``.
    public func requestPermission() async -> PermissionStatus {
        // Probing a device may block briefly in the C library: keep it off the cooperative pool.
        let source = self.source
        let access = await DedicatedThread.run { source.checkAccess() }
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
            source: source, preprocessing: preprocessing, recognizer: recognizer, eventStages: eventStages,
            transcriptStore: transcriptStore, options: options, continuation: continuation, logger: logger)
        let started = current.withLock { slot -> Bool in
            if let running = slot, !running.isFinished { return false }
            slot = run
            return true
        }
        guard started else {
            throw DictationError.sessionAlreadyRunning().localized(for: options.locale)
        }
        continuation.onTermination = { [weak run] termination in
            // The consumer went away (task cancelled or stream dropped): nobody will read a final.
            if case .cancelled = termination { run?.control.cancel() }
        }
        run.launch()
        return stream
    }

    /// Stops the run: stops reading, delivers the last final, ends the stream, then returns.
    /// The source is released first, as soon as what it captured is read (see ``endAudio()``).
    /// Safe to call twice, before ``start(_:)`` or after the run ended.
    public func stop() async {
        guard let run = current.withLock({ $0 }) else { return }
        run.control.requestStop()
        await run.control.waitUntilFinished()
    }

    /// Ends the audio at once and lets the run finish on its own: capture stops, the source (the
    /// microphone) is released, and this returns; what was captured is still decoded, and the
    /// last final arrives on the stream, which then ends. The split Apple's
    /// `SFSpeechRecognitionTask.finish()` makes: unlike ``stop()``, the caller need not wait for the
    /// last final; unlike ``cancel()``, nothing is lost.
    ///
    /// Safe to call twice, before ``start(_:)`` or after the run ended.
    public func endAudio() async {
        guard let run = current.withLock({ $0 }) else { return }
        run.control.requestStop()
        await run.control.waitUntilSourceReleased()
    }

    /// Ends the run at once: the block that was not committed is discarded (a
    /// ``DictationEvent/blockDiscarded(_:)`` event says which finals it held), the open utterance
    /// is not decoded, the source is released and the stream ends. Committed blocks stay.
    public func cancel() async {
        guard let run = current.withLock({ $0 }) else { return }
        run.control.cancel()
        await run.control.waitUntilFinished()
    }

    // MARK: - Blocks

    /// Pauses dictation: a soft stop. What was heard up to now is decoded and its final
    /// delivered; what is said while paused is not recognized (a live device is kept open and
    /// drained, a file simply waits). The block stays open: ``resume()`` appends to it.
    ///
    /// Returns once the run has taken the request. Pausing a paused run, or a run that is not
    /// going, does nothing.
    public func pause() async {
        await current.withLock({ $0 })?.control.request(pause: true)
    }

    /// Resumes a paused run; what is said next joins the same block.
    ///
    /// Returns once the run has taken the request. Resuming a run that is not paused does nothing.
    public func resume() async {
        await current.withLock({ $0 })?.control.request(pause: false)
    }

    /// Commits the open block: its last utterance is decoded to the end and delivered, then a
    /// ``DictationEvent/blockCommitted(_:)`` event carries the block, whose text joins
    /// ``committedBlocks``. The run goes on (paused if it was paused) with a new block.
    ///
    /// Commits asked for before the run got to them are carried out as one.
    /// - Returns: The committed block, or `nil` when no run is going.
    @discardableResult
    public func commit() async -> DictationBlock? {
        guard let run = current.withLock({ $0 }) else { return nil }
        let before = run.delivery.committedBlocks.count
        await run.control.requestCommit()
        let blocks = run.delivery.committedBlocks
        return blocks.count > before ? blocks.last : nil
    }

    /// What the session is doing now.
    public var state: DictationState {
        current.withLock { $0?.control.runState } ?? .idle
    }

    /// The blocks the current (or last) run committed, in order: by ``commit()``, and at its end
    /// by ``stop()``, the end of the audio or an error (never by ``cancel()``).
    public var committedBlocks: [DictationBlock] {
        current.withLock { $0?.delivery.committedBlocks } ?? []
    }

    /// The text of ``committedBlocks``, blocks separated by spaces.
    public var committedText: String {
        committedBlocks.map(\.text).filter { !$0.isEmpty }.joined(separator: " ")
    }
}
