import NIOCore
import NIOHTTP1

/// Reads the status of an HTTP answer that refused the WebSocket upgrade, which NIO's upgrade
/// handler passes on once it has given up upgrading.
final class RefusalStatusReader: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart

    private let status: EventLoopPromise<HTTPResponseStatus>

    init(status: EventLoopPromise<HTTPResponseStatus>) { self.status = status }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let head) = Self.unwrapInboundIn(data) { status.succeed(head.status) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        status.fail(ChannelError.eof)
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        status.fail(ChannelError.eof)
    }
}
