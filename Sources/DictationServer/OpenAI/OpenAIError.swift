import DictationKit
import DictationStreamProtocol
import HTTPTypes

/// An error in the shape OpenAI's API gives it, which its clients read:
/// `{"error": {"message", "type", "param", "code"}}` with an HTTP status. `code` is DictationKit's
/// stable error code.
struct OpenAIError: Error, Sendable {
    var status: HTTPResponse.Status
    var message: String
    var type: String
    var parameter: String?
    var code: String

    static func badRequest(_ message: String, parameter: String?) -> OpenAIError {
        OpenAIError(
            status: .badRequest, message: message, type: "invalid_request_error", parameter: parameter,
            code: DictationError.Code.protocolViolation.rawValue)
    }

    /// The error for a DictationKit error: the audio's fault is the client's (400), a limit is 413
    /// or 429, an unknown language 400, the rest the server's (500).
    init(_ error: DictationError) {
        message = error.message
        code = error.code.rawValue
        parameter = nil
        switch error.code {
        case .invalidAudio:
            status = .badRequest
            type = "invalid_request_error"
            parameter = "file"
        case .localeUnsupported:
            status = .badRequest
            type = "invalid_request_error"
            parameter = "language"
        case .limitExceeded:
            status = .tooManyRequests
            type = "rate_limit_error"
        case .unauthorized:
            status = .unauthorized
            type = "invalid_request_error"
        case .serverShuttingDown:
            status = .serviceUnavailable
            type = "server_error"
        default:
            status = .internalServerError
            type = "server_error"
        }
    }

    init(status: HTTPResponse.Status, message: String, type: String, parameter: String?, code: String) {
        self.status = status
        self.message = message
        self.type = type
        self.parameter = parameter
        self.code = code
    }

    /// The JSON body.
    var body: String {
        struct Body: Encodable {
            struct Detail: Encodable {
                var message: String
                var type: String
                var param: String?
                var code: String
            }
            var error: Detail
        }
        return StreamJSON.encode(Body(error: .init(message: message, type: type, param: parameter, code: code)))
    }
}
