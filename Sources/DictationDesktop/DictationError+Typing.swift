import DictationKit

extension DictationError.Code {
    /// Text was not typed, or not erased, because the window that had the focus when the
    /// utterance began no longer has it. Not fatal: the text is kept (printed, and in the history).
    public static let windowChanged = DictationError.Code(rawValue: "windowChanged")
}

extension DictationError {
    /// The focus moved to another window since the utterance began.
    /// - Returns: A non-fatal ``Code/windowChanged`` error.
    public static func windowChanged() -> DictationError {
        DictationError(
            code: .windowChanged,
            message: Text(.windowChanged),
            isFatal: false)
    }
}
