import Foundation

#if canImport(Glibc)
import Glibc
#endif

extension DictationSession {
    /// The recording of the running or last run, when ``DictationOptions/persistRawAudio`` is on:
    /// the WAV file being written (from the moment the source is open, before its first event),
    /// then, once the run ended, the finished file. A run that read no audio keeps no file.
    ///
    /// `nil` when recordings are off, no run has started, the run has not opened its source yet,
    /// or the file could not be created.
    public var recordingPath: String? {
        current.withLock { $0 }?.recordingPath
    }

    /// Copies the last run's recording to a new file.
    ///
    /// The copy is created like the recording itself: with permissions 0600, and only if nothing
    /// is at `destination` yet (a new file, never an existing file or a link overwritten), so raw
    /// audio never lands in a file whose permissions someone else chose. To share it, change its
    /// permissions afterwards.
    /// - Parameter destination: A file path that does not exist yet, in a folder that does.
    /// - Throws: ``DictationError/Code/recordingUnavailable`` when there is no recording to copy:
    ///   recordings are off, no run has started, the run is still going, or it read no audio.
    ///   ``DictationError/Code/recordingFailed`` when something is at `destination` already, or
    ///   the copy can't be written; a partial copy is removed.
    public func exportRecording(to destination: URL) throws(DictationError) {
        guard let run = current.withLock({ $0 }) else {
            throw .recordingUnavailable("no run has started yet")
        }
        try Self.copyRecording(from: try run.finishedRecordingPath(), to: destination.path)
    }

    /// Copies `source` to a new 0600 file at `destination`.
    static func copyRecording(from source: String, to destination: String) throws(DictationError) {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else {
            let failure = errno
            throw .recordingFailed(
                "I can't read the recording \(source) (\(DictationError.systemErrorText(failure))); was it moved or removed?")
        }
        defer { close(input) }
        let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard output >= 0 else {
            let failure = errno
            if failure == EEXIST {
                throw .recordingFailed(
                    "\(destination) already exists, and I don't write recordings over other files; choose a new name or remove it first")
            }
            throw .recordingFailed("I can't create \(destination) (\(DictationError.systemErrorText(failure)))")
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var failure: Int32?
        copying: while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0 {
                failure = errno
                break
            }
            if count == 0 { break }
            var offset = 0
            while offset < count {
                let written = buffer.withUnsafeBytes { write(output, $0.baseAddress! + offset, count - offset) }
                if written < 0, errno == EINTR { continue }
                if written <= 0 {
                    failure = written < 0 ? errno : ENOSPC
                    break copying
                }
                offset += written
            }
        }
        if failure == nil, fsync(output) != 0 { failure = errno }
        close(output)
        if let failure {
            unlink(destination)
            throw .recordingFailed(
                "I can't copy the recording to \(destination) (\(DictationError.systemErrorText(failure))); free some space or choose another place")
        }
    }
}
