import Foundation

extension DictationSession {
    /// The recording of the running or last run, when its source is a ``RecordingSource``: the
    /// WAV file being written (from the moment the source is open), then, once the run ended, the
    /// finished file. A run that read no audio keeps no file.
    ///
    /// `nil` when nothing is recorded, no run has started, the run has not opened its source yet,
    /// or the file could not be created.
    public var recordingPath: String? {
        current.withLock { $0 }?.recordingSource?.recordingPath
    }

    /// Copies the last run's recording to a new file (see ``RecordingSource/exportRecording(to:)``).
    /// - Parameter destination: A file path that does not exist yet, in a folder that does.
    /// - Throws: ``DictationError/Code/recordingUnavailable`` when there is no recording to copy:
    ///   nothing is recorded, no run has started, the run is still going, or it read no audio.
    ///   ``DictationError/Code/recordingFailed`` when something is at `destination` already, or
    ///   the copy can't be written.
    public func exportRecording(to destination: URL) throws(DictationError) {
        guard let run = current.withLock({ $0 }) else {
            throw .recordingUnavailable("no run has started yet")
        }
        guard let recordingSource = run.recordingSource else {
            throw .recordingUnavailable("recordings were off for the last run")
        }
        try recordingSource.exportRecording(to: destination)
    }
}
