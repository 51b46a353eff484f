import DictationKit

extension DictationError.Code {
    /// A client of the server broke its protocol: a message that is not one, a bad field, a frame
    /// of the wrong size, a segment out of order (docs/server-protocol.md). The server closes that
    /// connection and goes on.
    public static let protocolViolation = DictationError.Code(rawValue: "protocolViolation")
    /// A server limit was reached: sessions, the size of a message, frame or upload, or the length
    /// of a session.
    public static let limitExceeded = DictationError.Code(rawValue: "limitExceeded")
    /// A stream was resumed with a session token the server doesn't have (any more).
    public static let sessionNotFound = DictationError.Code(rawValue: "sessionNotFound")
    /// A stream was resumed while another connection has its session.
    public static let sessionBusy = DictationError.Code(rawValue: "sessionBusy")
    /// The server is shutting down: it takes no new session, and ends those it has (each decodes
    /// what it was given, and its client gets the rest of its events).
    public static let serverShuttingDown = DictationError.Code(rawValue: "serverShuttingDown")
    /// The server asks for a bearer token and got none, or a wrong one.
    public static let unauthorized = DictationError.Code(rawValue: "unauthorized")
}
