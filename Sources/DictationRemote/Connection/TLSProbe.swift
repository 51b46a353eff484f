import NIOCore
import NIOPosix
import NIOSSL
import NIOTLS

/// Asks an address whether it speaks TLS, by starting a TLS handshake with it (no certificate
/// checked: only whether it answers in TLS matters). A TLS server closes a `ws://` client's
/// plain HTTP request without a word, which would otherwise look like a server going away, and
/// be waited for in vain.
enum TLSProbe {
    static func speaksTLS(_ address: SocketAddress, within timeout: Duration) async -> Bool {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .none
        guard let context = try? NIOSSLContext(configuration: configuration) else { return false }
        let limit = TimeAmount(timeout)
        do {
            let (channel, handshake) = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(limit)
                .connect(to: address) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let done = channel.eventLoop.makePromise(of: Bool.self)
                        try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: context, serverHostname: nil))
                        try channel.pipeline.syncOperations.addHandler(HandshakeWatcher(done: done))
                        channel.eventLoop.scheduleTask(in: limit) { done.succeed(false) }
                        return (channel, done.futureResult)
                    }
                }
            let completed = (try? await handshake.get()) ?? false
            channel.close(promise: nil)
            return completed
        } catch {
            return false
        }
    }

    /// Tells whether the TLS handshake completed before the connection failed or closed.
    private final class HandshakeWatcher: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer

        private let done: EventLoopPromise<Bool>

        init(done: EventLoopPromise<Bool>) { self.done = done }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if case .handshakeCompleted = event as? TLSUserEvent { done.succeed(true) }
            context.fireUserInboundEventTriggered(event)
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            done.succeed(false)
            context.close(promise: nil)
        }

        func channelInactive(context: ChannelHandlerContext) {
            done.succeed(false)
            context.fireChannelInactive()
        }
    }
}
