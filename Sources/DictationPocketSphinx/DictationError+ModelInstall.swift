import DictationKit

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
