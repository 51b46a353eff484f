import DictationKit

extension DictationError {
    /// The server can't be reached (or the connection to it broke): the audio is kept and sent
    /// when it is back, and its finals come then. Not fatal.
    /// - Parameter server: The server's URL.
    /// - Returns: A non-fatal `DictationError/Code/networkUnavailable` error.
    static func serverUnreachable(_ server: String) -> DictationError {
        DictationError(
            code: .networkUnavailable,
            message: .init(.remoteServerUnreachable, ["server": "\(server)"]),
            isFatal: false)
    }

    /// The server stayed out of reach for longer than the audio kept for it allows.
    /// - Parameters:
    ///   - server: The server's URL.
    ///   - seconds: How much audio was kept.
    /// - Returns: A fatal `DictationError/Code/networkUnavailable` error.
    static func serverGone(_ server: String, keptSeconds seconds: Int) -> DictationError {
        DictationError(
            code: .networkUnavailable,
            message: .init(.remoteServerGone, ["server": "\(server)", "seconds": "\(seconds)"]))
    }
}
