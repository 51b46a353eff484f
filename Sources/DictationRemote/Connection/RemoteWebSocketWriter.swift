import NIOCore
import NIOWebSocket

/// The sending side of a connection ``RemoteConnector`` opened: whole messages as single
/// frames, masked as a client's must be.
struct RemoteWebSocketWriter: Sendable {
    let outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>

    func send(text: String) async throws { try await send(.text, ByteBuffer(string: text)) }

    func send(binary: ByteBuffer) async throws { try await send(.binary, binary) }

    func send(_ opcode: WebSocketOpcode, _ data: ByteBuffer) async throws {
        try await outbound.write(WebSocketFrame(fin: true, opcode: opcode, maskKey: .random(), data: data))
    }

    /// Starts the closing handshake with "normal closure".
    func close() async throws {
        var code = ByteBuffer()
        code.write(webSocketErrorCode: .normalClosure)
        try await send(.connectionClose, code)
    }
}
