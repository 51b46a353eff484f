import Foundation
import Synchronization

/// Transcribes many recordings, several at a time, and hands back each one's events in the order
/// the recordings were given.
///
/// ```swift
/// let batch = BatchTranscription(paths: ["a.wav", "b.wav", "c.wav"], jobs: 2)
/// for await update in batch.start() {
///     switch update {
///     case .started(_, let path): print("==>", path)
///     case .event(.final(let transcript), _): print(transcript.text)
///     case .finished(let result): if let error = result.error { print(result.path, error) }
///     default: break
///     }
/// }
/// ```
///
/// Up to ``jobs`` sessions run at once, each on threads of its own. A job takes the next file
/// not yet started, runs its session to the end, and takes the next: each job has one recognizer
/// whose decoders go from one of its sessions to the next, so a batch holds one loaded model per
/// job (per kind of decoder its sessions ask for: one without partials) however many files it
/// has, and only a job's first file waits for a model to load.
///
/// The updates come in input order: the first file's `started`, its events and its `finished`,
/// then the second file's, and so on. The files after the one being delivered are decoded
/// already; their updates wait until it is their turn. ``Update/progress(_:)`` reports come at
/// once, between them.
///
/// A file that fails (missing, damaged, not audio) ends its own session with a fatal error event
/// and a ``FileResult`` that carries it; the other files go on. An error of the recognizer, such
/// as a missing model, fails each file in the same way.
///
/// Without partials a session searches each utterance whole, with that utterance's own cepstral
/// mean, so a file's finals do not depend on the files decoded before it on the same decoder, nor
/// on ``jobs``.
public final class BatchTranscription: Sendable {
    /// Makes the session that transcribes one file with the recognizer of the job it runs in.
    public typealias SessionMaker = @Sendable (_ path: String, _ recognizer: any SpeechRecognizer) -> DictationSession

    /// The recordings, in the order their updates are delivered.
    public let paths: [String]
    /// How many sessions run at once: at least 1, at most the number of paths.
    public let jobs: Int
    /// The options of every session.
    public let options: DictationOptions
    /// How many decoders each session may make finals with: the cores ``jobs`` leaves unused
    /// when there are fewer files than the jobs asked for, shared among the files.
    private let decodersPerSession: Int
    private let recognizer: any SpeechRecognizer
    private let makeSession: SessionMaker
    private let control = Mutex(Control())

    private struct Control {
        var started = false
        var stopping = false
        var nextFile = 0
        var running: [Int: DictationSession] = [:]
    }

    /// Describes a batch; nothing runs until ``start()``.
    /// - Parameters:
    ///   - paths: The recordings: files of any format `AudioFileSource` reads, or `-` for
    ///     standard input (once).
    ///   - jobs: How many sessions run at once; the number of active processor cores by default.
    ///     Values below 1 count as 1. With fewer files than jobs, each file's session may decode
    ///     its utterances side by side with the decoders the other jobs would have had
    ///     (`DictationOptions.finalDecoderLimit`, unless `options` sets it).
    ///   - recognizer: The recognizer each job's sessions decode with; by default the
    ///     ``StandardRecognizer``: Whisper where a Whisper model serves the locale, else
    ///     PocketSphinx with the installed model of the best rank.
    ///   - options: The options of every session; by default no partials and no other reports,
    ///     which decodes each utterance whole, once.
    ///   - session: Makes each file's session from its path and the job's recognizer; `nil`, the
    ///     default, for ``standardSession(for:locale:)`` of `recognizer` and the options' locale.
    ///     Give one of your own for raw PCM in another layout, other preprocessing, a transcript
    ///     store or a logger.
    public init(
        paths: [String],
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
        recognizer: any SpeechRecognizer = StandardRecognizer(),
        options: DictationOptions = DictationOptions(reports: []),
        session: SessionMaker? = nil
    ) {
        self.paths = paths
        self.jobs = max(1, min(jobs, paths.count))
        decodersPerSession = max(1, jobs / self.jobs)
        self.recognizer = recognizer
        self.options = options
        makeSession = session ?? Self.standardSession(for: recognizer, locale: options.locale)
    }

    /// The sessions of the standard stack on files: `AudioFileSource` as the path names it,
    /// `StandardPreprocessing` with its default conditioning and the voice activity detector that
    /// suits `recognizer` for `locale` (``StandardRecognizer/voiceActivityDetector(forLocale:sensitivity:)``),
    /// and the job's recognizer.
    /// - Parameters:
    ///   - recognizer: The batch's recognizer, whose backend for `locale` chooses the detector.
    ///   - locale: The locale the sessions recognize.
    /// - Returns: The session maker.
    public static func standardSession(for recognizer: any SpeechRecognizer, locale: String) -> SessionMaker {
        let preprocessing = StandardPreprocessing.standard(for: recognizer, locale: locale)
        return { path, jobRecognizer in
            DictationSession(source: AudioFileSource(path: path), preprocessing: preprocessing, recognizer: jobRecognizer)
        }
    }

    /// Starts the jobs and returns the updates, in input order (see ``BatchTranscription``).
    ///
    /// The stream ends after the last file's ``Update/finished(_:)``, or, after ``stop()``, after
    /// the last file that was started. Dropping it (leaving the loop, cancelling the task)
    /// cancels every running session and starts no other. A batch runs once: a second call
    /// returns a stream that ends at once.
    /// - Returns: The updates.
    public func start() -> AsyncStream<Update> {
        let (stream, continuation) = AsyncStream.makeStream(of: Update.self, bufferingPolicy: .unbounded)
        let first = control.withLock { control in
            defer { control.started = true }
            return !control.started
        }
        guard first else {
            continuation.finish()
            return stream
        }
        let delivery = InputOrderDelivery(continuation: continuation)
        let tracker = BatchProgressTracker(fileCount: paths.count)
        let work = Task { [self] in
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<jobs {
                    group.addTask { await self.runJob(delivery: delivery, tracker: tracker) }
                }
            }
            delivery.end()
        }
        continuation.onTermination = { termination in
            if case .cancelled = termination { work.cancel() }
        }
        return stream
    }

    /// Stops the batch: no other file is started, and each running session stops as
    /// `DictationSession.stop()` does, its last final delivered. Returns once they have stopped.
    /// The stream then ends; files never started get no update.
    public func stop() async {
        let running = control.withLock { control in
            control.stopping = true
            return Array(control.running.values)
        }
        await withTaskGroup(of: Void.self) { group in
            for session in running { group.addTask { await session.stop() } }
        }
    }

    // MARK: - A job

    /// Transcribes files one after another, taking the next one not started, until none is left.
    private func runJob(delivery: InputOrderDelivery, tracker: BatchProgressTracker) async {
        let jobRecognizer = ReusingRecognizer(base: recognizer)
        while !Task.isCancelled, let file = takeNextFile() {
            let session = makeSession(paths[file], jobRecognizer)
            guard register(session, for: file) else { return }
            await transcribe(file, in: session, delivery: delivery, tracker: tracker)
            control.withLock { _ = $0.running.removeValue(forKey: file) }
            // The session's threads let its decoders go just after its stream ends; the next
            // session takes them over rather than loading the model again.
            _ = await DedicatedThread.run { jobRecognizer.waitForLentDecoders(timeout: .seconds(30)) }
        }
    }

    /// The next file no job has taken, unless the batch is stopping.
    private func takeNextFile() -> Int? {
        control.withLock { control in
            guard !control.stopping, control.nextFile < paths.count else { return nil }
            defer { control.nextFile += 1 }
            return control.nextFile
        }
    }

    /// Notes a session as running, so that ``stop()`` reaches it; `false` when the batch began
    /// stopping since its file was taken (the file is then not started).
    private func register(_ session: DictationSession, for file: Int) -> Bool {
        control.withLock { control in
            guard !control.stopping else { return false }
            control.running[file] = session
            return true
        }
    }

    /// Runs one file's session to its end and delivers what it says.
    private func transcribe(
        _ file: Int, in session: DictationSession, delivery: InputOrderDelivery, tracker: BatchProgressTracker
    ) async {
        delivery.deliver(.started(file: file, path: paths[file]), of: file)
        var sessionOptions = options
        sessionOptions.reports.insert(.progress)
        if sessionOptions.finalDecoderLimit == nil { sessionOptions.finalDecoderLimit = decodersPerSession }
        var failure: DictationError?
        var audio = 0.0
        do {
            let events = try await session.start(sessionOptions)
            // A stop() that came between registering and starting found nothing to stop yet.
            if control.withLock({ $0.stopping }) { await session.stop() }
            for await event in events {
                if case .progress(let processed, let total) = event {
                    audio = processed
                    delivery.deliverNow(.progress(tracker.update(file: file, processed: processed, total: total)))
                    if !options.reports.contains(.progress) { continue }
                }
                if case .error(let error) = event, error.isFatal, failure == nil { failure = error }
                delivery.deliver(.event(event, file: file), of: file)
            }
        } catch {
            // A new session has no run going; should start fail all the same, the file failed.
            let failed =
                error as? DictationError
                ?? .internal(
                    DictationError.Text(.batchSessionFailedToStart, ["error": "\(error)"]))
            failure = failed
            delivery.deliver(.event(.error(failed), file: file), of: file)
        }
        let result = FileResult(file: file, path: paths[file], error: failure, audioDuration: audio)
        let progress = tracker.finish(file: file, audio: audio, failed: failure != nil)
        delivery.finish(.finished(result), of: file)
        delivery.deliverNow(.progress(progress))
    }
}
