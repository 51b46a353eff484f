import DictationKit

/// What can be wrong between a client and the server, with its coded error in both languages.
public enum StreamProblem: Sendable, Hashable {
    /// Text that is not a JSON object with a `type`.
    case notAMessage
    /// A `type` the protocol doesn't have.
    case unknownType(String)
    /// A field that is missing, of the wrong type or out of range; the second value says how, in
    /// both languages.
    case badField(String, DictationError.Text)
    /// A message that can't come now, such as audio before `start`; the value names it.
    case outOfOrder(String)
    /// A binary frame of the wrong size.
    case badFrame(bytes: Int, expected: Int)
    /// A segment that doesn't follow the one before.
    case segmentOutOfOrder(expected: Int, got: Int)
    /// The server has its most sessions.
    case tooManySessions(Int)
    /// The server is shutting down and starts no new session.
    case shuttingDown
    /// A message larger than the server takes.
    case messageTooLarge(bytes: Int, limit: Int)
    /// Audio beyond the longest session the server allows, in seconds.
    case sessionTooLong(seconds: Int)
    /// A `resume` with a token the server doesn't have.
    case sessionNotFound
    /// A `resume` of a session another connection has.
    case sessionBusy
    /// No bearer token, where the server asks for one.
    case unauthorized
    /// A bearer token that is not one of the server's.
    case wrongToken

    /// The problem as a fatal, coded error.
    public var error: DictationError {
        switch self {
        case .notAMessage:
            return violation(.streamNotAMessage)
        case .unknownType(let type):
            return violation(.streamUnknownType, ["type": "\(type)"])
        case .badField(let field, let how):
            return violation(.streamBadField, ["field": "\(field)", "how": how])
        case .outOfOrder(let what):
            return violation(.streamOutOfOrder, ["what": "\(what)"])
        case .badFrame(let bytes, let expected):
            return violation(.streamBadFrame, ["bytes": "\(bytes)", "expected": "\(expected)"])
        case .segmentOutOfOrder(let expected, let got):
            return violation(.streamSegmentOutOfOrder, ["got": "\(got)", "expected": "\(expected)"])
        case .tooManySessions(let limit):
            return limitError(.streamTooManySessions, ["limit": "\(limit)"])
        case .shuttingDown:
            return DictationError(
                code: .serverShuttingDown,
                message: .init(.serverShuttingDown))
        case .messageTooLarge(let bytes, let limit):
            return limitError(.streamMessageTooLarge, ["bytes": "\(bytes)", "limit": "\(limit)"])
        case .sessionTooLong(let seconds):
            return limitError(.streamSessionTooLong, ["seconds": "\(seconds)"])
        case .sessionNotFound:
            return DictationError(
                code: .sessionNotFound,
                message: .init(.sessionNotFound))
        case .sessionBusy:
            return DictationError(
                code: .sessionBusy,
                message: .init(.sessionBusy))
        case .unauthorized:
            return DictationError(
                code: .unauthorized,
                message: .init(.unauthorized))
        case .wrongToken:
            return DictationError(
                code: .unauthorized,
                message: .init(.unauthorizedWrongToken))
        }
    }

    private func violation(_ id: MessageID, _ arguments: [String: DictationError.Text] = [:]) -> DictationError {
        DictationError(code: .protocolViolation, message: .init(id, arguments))
    }

    private func limitError(_ id: MessageID, _ arguments: [String: DictationError.Text] = [:]) -> DictationError {
        DictationError(code: .limitExceeded, message: .init(id, arguments))
    }
}

extension DictationError.Text {
    /// "is missing", for a field a message lacks.
    static let missing = DictationError.Text(.streamFieldMissing)
}
