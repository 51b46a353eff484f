import Foundation
import Logging
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The recording of one opening of a ``RecordingSource``: the audio the session read from the
/// source, written as it is read, on the session's audio thread.
///
/// What is recorded is the source's audio, at its own rate and with its own channels, not the
/// 16 kHz mono the recognizer hears after preprocessing. The recording is there to be listened
/// to, re-transcribed or kept as evidence of what was said: the source's audio is what the person
/// said as the microphone caught it, which a later model, another backend (one that takes 24 kHz,
/// or stereo), different preprocessing settings or a human can all use again, while the
/// recognizer's copy has gain control, the high-pass filter and noise suppression baked in and
/// half or less of the bandwidth. A 16-bit source (as microphones are) is kept bit for bit. It
/// costs disk: 48 kHz stereo is six times 16 kHz mono (192 kB rather than 32 kB a second).
/// Whatever the source's encoding, samples are stored as 16-bit PCM, which every program reads.
///
/// Failures never end the run: dictation goes on without its recording, and the failure is
/// reported once as a non-fatal ``DictationError/Code/recordingFailed`` event.
final class SourceRecording: Sendable {
    private enum Phase {
        /// The file is not created yet.
        case waiting
        /// The file is being written.
        case recording(WAVRecordingWriter)
        /// The run is over (or recording failed); `path` is the recording if one was kept.
        case done(path: String?, reason: String)
    }

    /// The folder to record into; `nil` when neither a folder was given nor a default is known.
    private let directory: String?
    private let logger: Logger
    private let phase = Mutex(Phase.waiting)

    /// - Parameters:
    ///   - directory: The folder to record into.
    ///   - logger: Where to note repairs.
    init(directory: String?, logger: Logger) {
        self.directory = directory
        self.logger = logger
    }

    /// The recording: its file once it is created, until the reading ends; afterwards, the file
    /// if it was kept (a run that read no audio keeps none).
    var path: String? {
        phase.withLock { phase in
            switch phase {
            case .waiting: nil
            case .recording(let writer): writer.path
            case .done(let path, _): path
            }
        }
    }

    /// The finished recording, for ``RecordingSource/exportRecording(to:)``.
    /// - Returns: Its path.
    /// - Throws: ``DictationError/Code/recordingUnavailable`` when the run is still going, or it
    ///   kept no recording.
    func finishedPath() throws(DictationError) -> String {
        try phase.withLock { (phase: inout Phase) throws(DictationError) -> String in
            switch phase {
            case .waiting, .recording: throw .recordingUnavailable("the run is still going; stop it first")
            case .done(let path?, _): return path
            case .done(nil, let reason): throw .recordingUnavailable(reason)
            }
        }
    }

    /// Repairs what earlier runs left unfinished in the recording folder, then creates this run's
    /// file. Call once the source is open, so that its format is known.
    /// - Parameters:
    ///   - format: The source's format.
    ///   - runID: The run's identifier, which names the file after the time.
    ///   - date: When the run started.
    /// - Returns: A non-fatal error to report when the file can't be created; the run goes on
    ///   without a recording.
    func open(format: AudioFormat, runID: UUID = UUID(), date: Date = Date()) -> DictationError? {
        guard phase.withLock({ if case .waiting = $0 { true } else { false } }) else { return nil }
        do throws(DictationError) {
            guard let directory else {
                throw .recordingFailed(
                    "I don't know where to put it: neither XDG_DATA_HOME nor HOME is an absolute path; "
                        + "give a folder with recordingDirectory (`--recording-directory`)")
            }
            try RecordingDirectory.create(directory)
            let repairs = RecordingRepair.repairRecordings(in: directory)
            // Debug, as all of the session's logs: an app that set up no logging hears nothing.
            for path in repairs.repaired { logger.debug("repaired an unfinished recording", metadata: ["path": "\(path)"]) }
            for path in repairs.removed { logger.debug("removed a recording with no audio", metadata: ["path": "\(path)"]) }
            for failure in repairs.failures { logger.debug("a recording could not be repaired: \(failure.message)") }
            let path = directory + "/" + Self.fileName(runID: runID, date: date)
            // Made inside the lock, so the writer belongs to the phase alone.
            try phase.withLock { (phase: inout Phase) throws(DictationError) in
                phase = .recording(
                    try WAVRecordingWriter(creating: path, sampleRate: format.sampleRate, channelCount: format.channelCount))
            }
            logger.debug("recording", metadata: ["path": "\(path)"])
            return nil
        } catch {
            phase.withLock { $0 = .done(path: nil, reason: "I couldn't create its file") }
            return error
        }
    }

    /// Appends a buffer read from the source.
    /// - Parameter frame: The buffer, as the source delivered it.
    /// - Returns: A non-fatal error to report when the recording had to stop (disk full); the file
    ///   keeps the audio up to then, and later buffers are not recorded.
    func append(_ frame: AudioFrame) -> DictationError? {
        phase.withLock { phase -> DictationError? in
            guard case .recording(let writer) = phase else { return nil }
            do throws(DictationError) {
                guard frame.sampleRate == writer.sampleRate, frame.channelCount == writer.channelCount else {
                    throw .recordingFailed(
                        "the source changed its format from \(writer.sampleRate) Hz, \(writer.channelCount) ch to "
                            + "\(frame.sampleRate) Hz, \(frame.channelCount) ch, which one WAV file can't hold; "
                            + "\(writer.path) holds the audio up to then")
                }
                try writer.append(frame.samples)
                return nil
            } catch {
                let kept = (try? writer.finish()) ?? true
                phase = .done(path: kept ? writer.path : nil, reason: "its recording failed before any audio")
                return error
            }
        }
    }

    /// Finishes the file: its header matches its audio, it is flushed to disk and closed; a file
    /// with no audio is removed. Called on every way a run ends. Calling it again does nothing.
    /// - Returns: A non-fatal error to report when the file could not be finished.
    @discardableResult
    func finish() -> DictationError? {
        phase.withLock { phase -> DictationError? in
            switch phase {
            case .done:
                return nil
            case .waiting:
                phase = .done(path: nil, reason: "the last run ended before it read any audio")
                return nil
            case .recording(let writer):
                do throws(DictationError) {
                    let kept = try writer.finish()
                    phase = .done(path: kept ? writer.path : nil, reason: "the last run read no audio, so I kept no file")
                    return nil
                } catch {
                    phase = .done(path: writer.path, reason: "")
                    return error
                }
            }
        }
    }

    /// `20250102T103000Z-<run id>.wav`: sorted by time in a listing, unique by the run's id.
    static func fileName(runID: UUID, date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let stamp = String(
            format: "%04d%02d%02dT%02d%02d%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
            Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
        return "\(stamp)-\(runID.uuidString.lowercased()).wav"
    }
}
