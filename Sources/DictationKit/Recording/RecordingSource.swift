import Foundation
import Logging
import Synchronization

/// A source that keeps what a session reads from another source in a WAV file: the decorator for
/// recordings. Raw audio leaves the process only through it, and only into files created with
/// permissions 0600 in a folder created 0700.
///
/// ```swift
/// let microphone = RecordingSource(wrapping: ALSACaptureSource(device: "default"))
/// let session = DictationSession(source: microphone, preprocessing: StandardPreprocessing(), recognizer: recognizer)
/// for await event in try await session.start(DictationOptions()) {
///     if case .recordingStarted(let path) = event { print("recording to", path) }
/// }
/// ```
///
/// Each opening (each run of a session) records to a new file, named after the time and a fresh
/// identifier; before creating it, files that earlier runs left unfinished in the folder (the
/// process was killed) are repaired. The run's first events include
/// ``DictationEvent/recordingStarted(path:)``. A file with no audio is removed when the run ends.
/// Failures never end the run: dictation goes on without its recording, and the failure is
/// reported once as a non-fatal ``DictationError/Code/recordingFailed`` event.
///
/// What is recorded is the source's audio, at its own rate and with its own channels, stored as
/// 16-bit PCM (see `SourceRecording` for why).
public final class RecordingSource: AudioSource {
    /// The source whose audio is recorded.
    public let source: any AudioSource
    /// The folder recordings go to, as given; `nil`: ``defaultDirectory(environment:)``.
    public let directory: String?
    private let environment: [String: String]
    private let logger: Logger
    /// The recording of the latest opening.
    private let latest = Mutex<SourceRecording?>(nil)

    /// Wraps a source.
    /// - Parameters:
    ///   - source: The source to record.
    ///   - directory: The folder for recordings, created with permissions 0700 when missing; `nil`
    ///     for ``defaultDirectory(environment:)``.
    ///   - environment: Where `XDG_DATA_HOME` and `HOME` are read for the default folder.
    ///   - logger: Where repairs of unfinished recordings are noted, at debug level.
    public init(
        wrapping source: any AudioSource, directory: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        logger: Logger = Logger(label: "DictationKit")
    ) {
        self.source = source
        self.directory = directory
        self.environment = environment
        self.logger = logger
    }

    /// Opens the wrapped source and creates the recording's file.
    /// - Returns: A reader that records what is read from the wrapped source's.
    /// - Throws: What the wrapped source throws; a recording that can't be created is reported
    ///   as an event instead.
    public func open() throws(DictationError) -> any AudioReader {
        let reader = try source.open()
        let recording = SourceRecording(
            directory: directory ?? Self.defaultDirectory(environment: environment), logger: logger)
        latest.withLock { $0 = recording }
        return RecordingReader(reader: reader, recording: recording)
    }

    /// Whether the wrapped source could be opened now.
    /// - Returns: The wrapped source's answer.
    public func checkAccess() -> PermissionStatus { source.checkAccess() }

    /// The latest run's recording: the WAV file being written, from the moment the source is open,
    /// then the finished file. `nil` before the first run, when the file could not be created, or
    /// when a finished run read no audio (no file is kept).
    public var recordingPath: String? {
        latest.withLock { $0 }?.path
    }

    /// Copies the latest run's recording to a new file.
    ///
    /// The copy is created like the recording itself: with permissions 0600, and only if nothing
    /// is at `destination` yet (a new file, never an existing file or a link overwritten), so raw
    /// audio never lands in a file whose permissions someone else chose.
    /// - Parameter destination: A file path that does not exist yet, in a folder that does.
    /// - Throws: ``DictationError/Code/recordingUnavailable`` when there is no finished recording:
    ///   no run has read from the source yet, the run is still going, or it read no audio.
    ///   ``DictationError/Code/recordingFailed`` when something is at `destination` already, or
    ///   the copy can't be written; a partial copy is removed.
    public func exportRecording(to destination: URL) throws(DictationError) {
        guard let recording = latest.withLock({ $0 }) else {
            throw .recordingUnavailable("no run has started yet")
        }
        try RecordingCopy.copy(from: try recording.finishedPath(), to: destination.path)
    }

    /// The folder recordings go to by default: `$XDG_DATA_HOME/dictationkit/recordings`, or
    /// `~/.local/share/dictationkit/recordings` when `XDG_DATA_HOME` is unset or not absolute.
    /// - Parameter environment: The environment to read.
    /// - Returns: The folder, or `nil` when neither variable is an absolute path.
    public static func defaultDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        UserDataFolder.path(subdirectory, environment: environment)
    }

    /// Where recordings go under the data folder: `dictationkit/recordings`.
    public static let subdirectory = "dictationkit/recordings"
}

/// Reads the wrapped reader and appends what it reads to the recording.
final class RecordingReader: AudioReader, AudioLossReporting {
    private let reader: any AudioReader
    private let recording: SourceRecording
    /// What the recording has to report, oldest first.
    private var events: [DictationEvent] = []

    init(reader: any AudioReader, recording: SourceRecording) {
        self.reader = reader
        self.recording = recording
        if let problem = recording.open(format: reader.format) {
            events.append(.error(problem))
        } else if let path = recording.path {
            events.append(.recordingStarted(path: path))
        }
    }

    var format: AudioFormat { reader.format }
    var expectedDuration: Double? { reader.expectedDuration }
    var isLive: Bool { reader.isLive }

    func read(maxFrames: Int) throws(DictationError) -> AudioFrame? {
        guard let frame = try reader.read(maxFrames: maxFrames) else { return nil }
        if let problem = recording.append(frame) { events.append(.error(problem)) }
        return frame
    }

    func interrupt() { reader.interrupt() }

    func takeEvents() -> [DictationEvent] {
        defer { events = [] }
        return events + reader.takeEvents()
    }

    func takeAudioLosses() -> [AudioLoss] {
        (reader as? any AudioLossReporting)?.takeAudioLosses() ?? []
    }

    func close() {
        reader.close()
        if let problem = recording.finish() { events.append(.error(problem)) }
    }
}
