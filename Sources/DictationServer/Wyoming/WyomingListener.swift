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
        let payloadLimit = self.payloadLimit
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: endpoint.host, port: endpoint.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    try pipeline.addHandler(ByteToMessageHandler(WyomingEventDecoder(payloadLimit: payloadLimit)))
                    try pipeline.addHandler(MessageToByteHandler(WyomingEventEncoder()))
                    return try NIOAsyncChannel<WyomingEvent, WyomingEvent>(wrappingChannelSynchronously: channel)
                }
            }
        logger.debug(
            "Serving Wyoming", metadata: ["host": "\(endpoint.host)", "port": "\(server.channel.localAddress?.port ?? 0)"])
        await onListening(server.channel.localAddress?.port ?? 0)
        let connection = self.connection
        try await withGracefulShutdownHandler {
            try await withThrowingDiscardingTaskGroup { group in
                try await server.executeThenClose { clients in
                    for try await client in clients {
                        group.addTask { await cancelWhenGracefulShutdown { await connection.run(client) } }
                    }
                }
            }
        } onGracefulShutdown: {
            server.channel.close(promise: nil)
        }
    }
}
