import NIOCore
import Synchronization

/// What a `ws://` connection's first bytes from the server were: a TLS record tells a
/// URL that should be `wss://` from a server that is not HTTP at all.
final class FirstAnswer: Sendable {
    private let seen = Mutex<(any: Bool, tls: Bool)>((false, false))

    /// Whether the server's first bytes were a TLS record (an alert or a handshake).
    var isTLS: Bool { seen.withLock { $0.tls } }
    /// Whether the server sent anything at all.
    var heardAnything: Bool { seen.withLock { $0.any } }

    func record(_ bytes: ByteBuffer) {
        let kind = bytes.getInteger(at: bytes.readerIndex, as: UInt8.self)
        let major = bytes.getInteger(at: bytes.readerIndex + 1, as: UInt8.self)
        // A TLS record starts with its content type (21 alert, 22 handshake) and major version 3.
        seen.withLock { $0 = (true, (kind == 21 || kind == 22) && major == 3) }
    }
}

/// Looks at the first bytes a plain connection reads, for ``FirstAnswer``, and steps aside.
final class FirstAnswerSniffer: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let answer: FirstAnswer

    init(answer: FirstAnswer) { self.answer = answer }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        answer.record(Self.unwrapInboundIn(data))
        context.fireChannelRead(data)
        context.pipeline.syncOperations.removeHandler(self, promise: nil)
    }
}
