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

    /// No address of the server took a connection and its handshake in time: the audio is kept
    /// and sent when one does. Not fatal.
    /// - Parameters:
    ///   - server: The server's URL.
    ///   - attempts: What each address did, e.g. "127.0.0.1 port 2700: connection refused".
    /// - Returns: A non-fatal `DictationError/Code/networkUnavailable` error.
    static func serverNotAnswering(_ server: String, attempts: [String]) -> DictationError {
        DictationError(
            code: .networkUnavailable,
            message: .init(
                .remoteServerNotAnswering, ["server": "\(server)", "attempts": "\(attempts.joined(separator: "; "))"]),
            isFatal: false)
    }

    /// The server stayed out of reach for longer than the audio kept for it allows.
    /// - Parameters:
    ///   - server: The server's URL.
    ///   - seconds: How much audio was kept.
    /// - Returns: A fatal `DictationError/Code/networkUnavailable` error.
    /// - Parameter attempts: What each address did, when the server never answered at all.
    static func serverGone(_ server: String, keptSeconds seconds: Int, attempts: [String]? = nil) -> DictationError {
        guard let attempts else {
            return DictationError(
                code: .networkUnavailable,
                message: .init(.remoteServerGone, ["server": "\(server)", "seconds": "\(seconds)"]))
        }
        return DictationError(
            code: .networkUnavailable,
            message: .init(
                .remoteServerNeverAnswered,
                ["server": "\(server)", "seconds": "\(seconds)", "attempts": "\(attempts.joined(separator: "; "))"]))
    }

    /// The recognizer's URL is no `ws://` or `wss://` URL with a host.
    /// - Parameter url: The URL as given.
    /// - Returns: A fatal `DictationError/Code/invalidConfiguration` error.
    static func remoteURLInvalid(_ url: String) -> DictationError {
        DictationError(code: .invalidConfiguration, message: .init(.remoteURLInvalid, ["url": "\(url)"]))
    }

    /// A `ws://` URL names a port that answers in TLS.
    /// - Parameter server: The server's URL.
    /// - Returns: A fatal `DictationError/Code/invalidConfiguration` error.
    static func serverSpeaksTLS(_ server: String) -> DictationError {
        DictationError(code: .invalidConfiguration, message: .init(.remoteServerSpeaksTLS, ["server": "\(server)"]))
    }

    /// A `wss://` connection's TLS handshake failed: the port speaks no TLS, or its certificate
    /// is not one the recognizer trusts.
    /// - Parameters:
    ///   - server: The server's URL.
    ///   - reason: What TLS said.
    /// - Returns: A fatal `DictationError/Code/invalidConfiguration` error.
    static func serverTLSFailed(_ server: String, reason: String) -> DictationError {
        DictationError(
            code: .invalidConfiguration, message: .init(.remoteServerTLSFailed, ["server": "\(server)", "reason": "\(reason)"]))
    }

    /// The server answered the WebSocket upgrade with an HTTP refusal that waiting won't mend
    /// (a wrong path, a proxy that refuses): the URL is not a stream endpoint.
    /// - Parameters:
    ///   - server: The server's URL.
    ///   - status: The HTTP status, e.g. "404 Not Found".
    /// - Returns: A fatal `DictationError/Code/invalidConfiguration` error.
    static func serverRefusedStream(_ server: String, status: String) -> DictationError {
        DictationError(
            code: .invalidConfiguration,
            message: .init(.remoteServerRefusedStream, ["server": "\(server)", "status": "\(status)"]))
    }

    /// Something at the server's address answered with what is neither HTTP nor TLS.
    /// - Parameter server: The server's URL.
    /// - Returns: A fatal `DictationError/Code/invalidConfiguration` error.
    static func serverNotHTTP(_ server: String) -> DictationError {
        DictationError(code: .invalidConfiguration, message: .init(.remoteServerNotHTTP, ["server": "\(server)"]))
    }
}
