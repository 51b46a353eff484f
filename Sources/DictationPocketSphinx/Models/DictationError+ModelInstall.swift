import DictationKit

extension DictationError {
    /// A model pack that could not be installed.
    /// - Parameters:
    ///   - pack: The name of the pack, such as `"en-US-large"`.
    ///   - detail: What went wrong and what to do about it, in each language, as a sentence
    ///     without its final period.
    /// - Returns: A `DictationError.Code.modelInstallFailed` error.
    public static func modelInstallFailed(_ pack: String, _ detail: Text) -> DictationError {
        DictationError(
            code: .modelInstallFailed,
            message: Text(.modelInstallFailed, ["pack": "\(pack)", "detail": detail]))
    }

    /// A model pack that could not be installed, described in one language.
    ///
    /// The detail reads the same in every language; prefer the overload taking `DictationError.Text`.
    /// - Parameters:
    ///   - pack: The name of the pack, such as `"en-US-large"`.
    ///   - detail: What went wrong and what to do about it, as a sentence without its final period.
    /// - Returns: A `DictationError.Code.modelInstallFailed` error.
    public static func modelInstallFailed(_ pack: String, _ detail: String) -> DictationError {
        modelInstallFailed(pack, Text(detail))
    }

    /// A model pack that could not be removed.
    /// - Parameters:
    ///   - pack: The name of the pack, such as `"en-US-large"`.
    ///   - detail: What went wrong and what to do about it, in each language, as a sentence
    ///     without its final period.
    /// - Returns: A `DictationError.Code.modelInstallFailed` error.
    public static func modelRemovalFailed(_ pack: String, _ detail: Text) -> DictationError {
        DictationError(
            code: .modelInstallFailed,
            message: Text(.modelRemovalFailed, ["pack": "\(pack)", "detail": detail]))
    }

    /// A model pack that could not be removed, described in one language.
    ///
    /// The detail reads the same in every language; prefer the overload taking `DictationError.Text`.
    /// - Parameters:
    ///   - pack: The name of the pack, such as `"en-US-large"`.
    ///   - detail: What went wrong and what to do about it, as a sentence without its final period.
    /// - Returns: A `DictationError.Code.modelInstallFailed` error.
    public static func modelRemovalFailed(_ pack: String, _ detail: String) -> DictationError {
        modelRemovalFailed(pack, Text(detail))
    }
}
