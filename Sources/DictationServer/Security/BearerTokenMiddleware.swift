import DictationKit
import DictationStreamProtocol
import Hummingbird

/// Refuses requests without one of the server's bearer tokens, with 401 and the coded
/// `unauthorized` error in OpenAI's error shape, whose message tells a request with no token from
/// one with a wrong token. The token comes in `Authorization: Bearer TOKEN` or, for WebSocket
/// clients that can't set headers, as `?token=TOKEN`.
///
/// WebSocket paths check ``refusal(of:tokens:)`` once upgraded instead, and close with the coded
/// error: Hummingbird answers every refused upgrade with an empty 400, which would tell the
/// client nothing.
struct BearerTokenMiddleware<Context: RequestContext>: RouterMiddleware {
    let tokens: AccessTokens

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response
    {
        if let refusal = Self.refusal(of: request, tokens: tokens) {
            let error = OpenAIError(refusal.error)
            var response = TranscriptionEndpoint.response(
                status: .unauthorized, contentType: "application/json", body: error.body)
            response.headers[.wwwAuthenticate] = "Bearer"
            return response
        }
        return try await next(request, context)
    }

    /// Why the request is refused: it carries no token, or one that is not the server's; `nil`
    /// when it carries one of the tokens, or none is asked for.
    static func refusal(of request: Request, tokens: AccessTokens) -> StreamProblem? {
        guard !tokens.isEmpty else { return nil }
        guard let token = token(in: request), !token.isEmpty else { return .unauthorized }
        return tokens.accepts(token) ? nil : .wrongToken
    }

    private static func token(in request: Request) -> String? {
        if let authorization = request.headers[.authorization] {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "bearer" { return String(parts[1]) }
        }
        return request.uri.queryParameters["token"].map(String.init)
    }
}
