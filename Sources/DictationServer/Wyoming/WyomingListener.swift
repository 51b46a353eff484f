import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// The Wyoming protocol's TCP port: a service beside the HTTP server, in the same group, whose
/// connections take their sessions from the same slots.
///
/// At a graceful shutdown the session drain (shut down before it) has already ended every
/// running transcription and answered it; this then stops listening and closes the connections
/// left, which wait for a client that has nothing more to ask.
struct WyomingListener: Service {
    let endpoint: ServerConfiguration.WyomingEndpoint
    let connection: WyomingConnection
    let payloadLimit: Int
    let logger: Logger
    let onListening: @Sendable (Int) async -> Void

    func run() async throws {
        // Accepted connections wait here as plain channels, not yet read from. A server's
        // `NIOAsyncChannel` would buffer them wrapped, and one accepted just as the port closes
        // would be dropped unfinished, which traps (swift-nio issue 3481).
        let (accepted, acceptor) = AsyncStream.makeStream(of: Channel.self)
        let payloadLimit = self.payloadLimit
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            // Reading starts once a connection's task has taken it.
            .childChannelOption(.autoRead, value: false)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    try pipeline.addHandler(ByteToMessageHandler(WyomingEventDecoder(payloadLimit: payloadLimit)))
                    try pipeline.addHandler(MessageToByteHandler(WyomingEventEncoder()))
                    if case .terminated = acceptor.yield(channel) { channel.close(promise: nil) }
                }
            }
            .bind(host: endpoint.host, port: endpoint.port).get()
        let port = server.localAddress?.port ?? 0
        logger.debug("Serving Wyoming", metadata: ["host": "\(endpoint.host)", "port": "\(port)"])
        await onListening(port)
        let connection = self.connection
        let stop: @Sendable () -> Void = {
            acceptor.finish()
            server.close(promise: nil)
        }
        await withTaskCancellationHandler {
            await withGracefulShutdownHandler {
                await withDiscardingTaskGroup { group in
                    for await channel in accepted {
                        group.addTask {
                            await cancelWhenGracefulShutdown {
                                guard let client = await Self.take(channel) else { return }
                                await connection.run(client)
                            }
                        }
                    }
                }
            } onGracefulShutdown: {
                stop()
            }
        } onCancel: {
            stop()
        }
    }

    /// Wraps an accepted channel for its task and starts reading it, on its event loop, so no
    /// bytes can arrive before the wrapper is there to take them.
    private static func take(_ channel: Channel) async -> NIOAsyncChannel<WyomingEvent, WyomingEvent>? {
        do {
            return try await channel.eventLoop.submit {
                try channel.syncOptions?.setOption(.autoRead, value: true)
                return try NIOAsyncChannel<WyomingEvent, WyomingEvent>(wrappingChannelSynchronously: channel)
            }.get()
        } catch {
            // The client left before its connection was taken.
            channel.close(promise: nil)
            return nil
        }
    }
}
