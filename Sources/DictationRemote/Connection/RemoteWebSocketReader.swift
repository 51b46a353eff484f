import NIOCore
import NIOWebSocket

/// The receiving side: whole text and binary messages, with pings answered, fragments joined
/// and the server's close answered on the way; and when the server was last heard.
struct RemoteWebSocketReader {
    /// A whole message.
    enum Message {
        case text(String)
        case binary(ByteBuffer)
    }

    /// A fragmented message grew past ``RemoteConnector/maxFrameSize``, or the frames broke
    /// the protocol's order.
    struct ProtocolBroken: Error {}

    private var frames: NIOAsyncChannelInboundStream<WebSocketFrame>.AsyncIterator
    private let writer: RemoteWebSocketWriter
    let lastHeard: LastHeard

    init(_ inbound: NIOAsyncChannelInboundStream<WebSocketFrame>, writer: RemoteWebSocketWriter) {
        frames = inbound.makeAsyncIterator()
        self.writer = writer
        lastHeard = LastHeard()
    }

    /// The next whole message, or `nil` once the connection has closed.
    mutating func next() async throws -> Message? {
        var fragments: (opcode: WebSocketOpcode, data: ByteBuffer)?
        while let frame = try await frames.next() {
            lastHeard.now()
            switch frame.opcode {
            case .ping:
                try await writer.send(.pong, frame.unmaskedData)
            case .pong:
                continue
            case .connectionClose:
                // The closing handshake: the server's close is answered with its own code.
                var data = frame.unmaskedData
                try? await writer.send(.connectionClose, data.readSlice(length: min(2, data.readableBytes)) ?? ByteBuffer())
                return nil
            case .text, .binary:
                guard fragments == nil else { throw ProtocolBroken() }
                if frame.fin { return Self.message(frame.opcode, frame.unmaskedData) }
                fragments = (frame.opcode, frame.unmaskedData)
            case .continuation:
                guard case (let opcode, var data)? = fragments else { throw ProtocolBroken() }
                var more = frame.unmaskedData
                guard data.readableBytes + more.readableBytes <= RemoteConnector.maxFrameSize else { throw ProtocolBroken() }
                data.writeBuffer(&more)
                if frame.fin { return Self.message(opcode, data) }
                fragments = (opcode, data)
            default:
                throw ProtocolBroken()
            }
        }
        return nil
    }

    private static func message(_ opcode: WebSocketOpcode, _ data: ByteBuffer) -> Message {
        opcode == .text ? .text(String(buffer: data)) : .binary(data)
    }
}
