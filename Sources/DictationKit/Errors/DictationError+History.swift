extension DictationError.Code {
    /// The transcript history (a ``TranscriptStore``) could not be opened, read or written.
    /// Dictation goes on without it: finals are still delivered, but may not have been kept.
    public static let historyUnavailable = DictationError.Code(rawValue: "historyUnavailable")
}

extension DictationError {
    /// A transcript history that can't be opened, read or written.
    ///
    /// A session reports it as a non-fatal event and goes on: what the person says is still
    /// delivered, just not kept.
    /// - Parameters:
    ///   - detail: What failed and where, e.g. "I can't write to /home/ana/.local/share/dictationkit/history.sqlite: disk I/O error".
    ///   - advice: What to do; by default, what to check and how to go on without history.
    ///   - isFatal: Whether the work asked for can't go on; `false` for a session's store.
    /// - Returns: A ``Code/historyUnavailable`` error.
    public static func historyUnavailable(_ detail: String, advice: String? = nil, isFatal: Bool = false)
        -> DictationError
    {
        let advice =
            advice
            ?? "I'm still listening and showing what you say, but it may not be saved. Check that the disk "
            + "isn't full and that the history folder is yours and writable; `--history-database PATH` "
            + "puts the history elsewhere and `--no-history` turns it off."
        return DictationError(
            code: .historyUnavailable, message: "I couldn't keep your transcript history: \(detail). \(advice)",
            isFatal: isFatal)
    }
}
