import DictationKit

extension DictationError.Code {
    /// A model pack could not be downloaded, checked, unpacked, put in place or removed: no
    /// `python3` or pip, no network, a download whose SHA-256 is not the pinned one, or a disk that
    /// is full or not writable. The message says which, and what to do.
    ///
    /// Defined here rather than in DictationKit because only this backend installs models; codes
    /// are open constants, so a caller's `switch` over ``DictationError/Code`` is not affected.
    public static let modelInstallFailed = DictationError.Code(rawValue: "modelInstallFailed")
}

extension DictationError {
    /// A model pack that could not be installed or removed.
    /// - Parameters:
    ///   - pack: The name of the pack, such as `"en-US-large"`.
    ///   - detail: What went wrong and what to do about it, as a sentence without its final period.
    /// - Returns: A ``DictationError/Code/modelInstallFailed`` error.
    public static func modelInstallFailed(_ pack: String, _ detail: String) -> DictationError {
        DictationError(code: .modelInstallFailed, message: "I couldn't install the model pack \(pack): \(detail).")
    }

    /// A model pack that could not be removed.
    /// - Parameters:
    ///   - pack: The name of the pack, such as `"en-US-large"`.
    ///   - detail: What went wrong and what to do about it, as a sentence without its final period.
    /// - Returns: A ``DictationError/Code/modelInstallFailed`` error.
    public static func modelRemovalFailed(_ pack: String, _ detail: String) -> DictationError {
        DictationError(code: .modelInstallFailed, message: "I couldn't remove the model pack \(pack): \(detail).")
    }
}
