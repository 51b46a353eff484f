import HummingbirdWebSocket
import NIOWebSocket

/// What a connection's writer sends next: a text message, or the close that ends the connection.
enum StreamOutgoing: Sendable {
    case text(String)
    case close(WebSocketErrorCode, reason: String?)
}
