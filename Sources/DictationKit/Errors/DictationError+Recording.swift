#if canImport(Glibc)
    import Glibc
#endif

extension DictationError.Code {
    /// There is no recording to export: the session records nothing (its source is no ``RecordingSource``),
    /// no run has started yet, the last run is still going, or it heard no audio.
    public static let recordingUnavailable = DictationError.Code(rawValue: "recordingUnavailable")
    /// A recording could not be written, repaired or exported: the folder can't be created, the
    /// disk is full or read-only, or the export's destination already exists. A session goes on
    /// without its recording after this error (it is not fatal there).
    public static let recordingFailed = DictationError.Code(rawValue: "recordingFailed")
}

extension DictationError {
    /// A request for a recording that isn't there.
    /// - Parameter reason: Why there is none, as a clause: "recordings are off for this session".
    /// - Returns: A ``Code/recordingUnavailable`` error.
    public static func recordingUnavailable(_ reason: String) -> DictationError {
        DictationError(
            code: .recordingUnavailable,
            message: "I have no recording to give you: \(reason). Record by wrapping the source in a RecordingSource "
                + "(`dictate listen --record`), let a run finish, then export it.")
    }

    /// A recording that could not be written, repaired or exported.
    /// - Parameters:
    ///   - detail: What went wrong and what to do about it, as a sentence without its final period.
    ///   - isFatal: Whether the session ends because of it; a session that can't record goes on
    ///     without its recording, so by default it does not.
    /// - Returns: A ``Code/recordingFailed`` error.
    public static func recordingFailed(_ detail: String, isFatal: Bool = false) -> DictationError {
        DictationError(code: .recordingFailed, message: "I couldn't keep the recording: \(detail).", isFatal: isFatal)
    }

    /// The text of a system error number, for messages: `"No space left on device"`.
    static func systemErrorText(_ number: Int32) -> String {
        String(cString: strerror(number))
    }
}
