import Dictation
import DictationStreamProtocol
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOSSL
import ServiceLifecycle

/// A dictation server for other programs and machines, on Hummingbird: one process, many
/// sessions, each with decoders of its own on threads of its own, built from the same parts as a
/// local session (the standard preprocessing, the endpointer, the standard recognizer's two passes:
/// Whisper's finals where a Whisper model is installed, PocketSphinx's partials; the formatting stage).
///
/// It speaks four protocols:
/// - `/v1/stream`: DictationKit's own WebSocket streaming, with acknowledged segments and resume
///   after a lost connection (docs/server-protocol.md); `DictationRemote`'s `RemoteRecognizer`
///   is its client;
/// - `/vosk`: vosk-server's WebSocket protocol, for existing Vosk clients;
/// - `POST /v1/audio/transcriptions`: OpenAI's transcription endpoint, for its clients;
/// - Home Assistant's Wyoming protocol on a TCP port of its own, when
///   ``ServerConfiguration/wyoming`` asks for it, for voice assistants.
///
/// It is a service of swift-service-lifecycle: run it in a `ServiceGroup`, which shuts it down
/// on the signals you name. A graceful shutdown ends every session cleanly before the server
/// stops listening: new sessions are refused with `serverShuttingDown`, and each running one
/// decodes what it was given and tells its client (a stream's remaining events and `ended`, a
/// vosk client's last result, an upload's response). Cancelling the task ends it at once.
///
/// ```swift
/// let server = DictationServer(configuration: ServerConfiguration(port: 2700))
/// let group = ServiceGroup(services: [server], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
/// try await group.run()
/// ```
///
/// The server writes no audio to disk unless ``ServerConfiguration/recordingDirectory`` is set.
public struct DictationServer: Service {
    /// Where and how it listens.
    public let configuration: ServerConfiguration
    private let factory: ServerSessionFactory
    private let logger: Logger
    private let onListening: @Sendable (Int) async -> Void
    private let onWyomingListening: @Sendable (Int) async -> Void

    /// Creates a server; nothing listens until ``run()``.
    /// - Parameters:
    ///   - configuration: Where and how to listen.
    ///   - recognizer: The recognizer whose decoders the sessions use; by default the standard
    ///     recognizer (`StandardRecognizer`): Whisper where a Whisper model serves the locale,
    ///     else PocketSphinx with its best installed model.
    ///   - logger: Where the server (and Hummingbird under it) logs; silent by default, since a
    ///     library should not write to a terminal it doesn't own.
    ///   - onListening: Called with the port once the server listens.
    ///   - onWyomingListening: Called with the Wyoming port once it listens.
    public init(
        configuration: ServerConfiguration, recognizer: any SpeechRecognizer = StandardRecognizer(),
        logger: Logger = Logger(label: "DictationServer", factory: { _ in SwiftLogNoOpLogHandler() }),
        onListening: @escaping @Sendable (Int) async -> Void = { _ in },
        onWyomingListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) {
        self.configuration = configuration
        self.factory = ServerSessionFactory(
            recognizer: recognizer, recordingDirectory: configuration.recordingDirectory, logger: logger)
        self.logger = logger
        self.onListening = onListening
        self.onWyomingListening = onWyomingListening
    }

    /// Listens and serves until a graceful shutdown of its service group (which ends the
    /// sessions first) or until its task is cancelled.
    /// - Throws: `DictationError` with `DictationError/Code/invalidConfiguration` for an unsafe
    ///   configuration or TLS files that can't be read; what SwiftNIO throws when the address
    ///   can't be bound.
    public func run() async throws {
        try configuration.validate()
        let limits = configuration.limits
        let slots = SessionSlots(limit: limits.maxSessions)
        let tasks = ServerTasks()
        let sessions = StreamSessions(resumeGrace: .seconds(limits.resumeSeconds), tasks: tasks, logger: logger)
        let stream = StreamConnection(sessions: sessions, slots: slots, factory: factory, limits: limits, logger: logger)
        let vosk = VoskConnection(
            slots: slots, factory: factory, limits: limits, locale: configuration.defaultLocale, logger: logger)
        let transcription = TranscriptionEndpoint(
            slots: slots, factory: factory, limits: limits, defaultLocale: configuration.defaultLocale,
            worker: configuration.uploadWorker, logger: logger)

        let router = Router()
        // A load balancer's health check needs no token.
        router.get("/health") { _, _ in "ok\n" }
        let protected = router.group().add(middleware: BearerTokenMiddleware(tokens: configuration.tokens))
        protected.post("/v1/audio/transcriptions") { request, context in
            await transcription.respond(to: request, context: context)
        }
        // A plain request to a WebSocket path: 401 without a token, else 426.
        for path in ["/v1/stream", "/vosk"] {
            protected.get(RouterPath(path)) { _, _ in
                Response(status: .upgradeRequired, headers: [.upgrade: "websocket"])
            }
        }

        let tokens = configuration.tokens
        let webSocketRouter = Router(context: BasicWebSocketRequestContext.self)
        webSocketRouter.ws("/v1/stream") { inbound, outbound, context in
            if let refusal = BearerTokenMiddleware<BasicWebSocketRequestContext>.refusal(of: context.request, tokens: tokens) {
                return try await Self.refuse(inbound, outbound, json: StreamServerMessage.failure(refusal.error).jsonText)
            }
            await stream.run(inbound: inbound, outbound: outbound)
        }
        webSocketRouter.ws("/vosk") { inbound, outbound, context in
            if BearerTokenMiddleware<BasicWebSocketRequestContext>.refusal(of: context.request, tokens: tokens) != nil {
                return try await Self.refuse(inbound, outbound, json: nil)
            }
            await vosk.run(inbound: inbound, outbound: outbound)
        }

        let webSocket = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: .init(),
            ws: WebSocketServerConfiguration(
                maxFrameSize: limits.webSocketMessageCeiling, autoPing: .enabled(timePeriod: .seconds(30))))
        var server = HTTPServerBuilder.http1WebSocketUpgrade(webSocketRouter: webSocketRouter, configuration: webSocket)
        if let tls = configuration.tls {
            server = try HTTPServerBuilder.tls(server, tlsConfiguration: try Self.tlsConfiguration(tls))
        }
        let app = Application(
            router: router, server: server,
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: "DictationKit"),
            onServerRunning: { [onListening] channel in await onListening(channel.localAddress?.port ?? 0) },
            logger: logger)
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = [.init(service: app)]
        if let endpoint = configuration.wyoming {
            let connection = WyomingConnection(
                slots: slots, factory: factory, limits: limits, defaultLocale: configuration.defaultLocale, logger: logger)
            services.append(
                .init(
                    service: WyomingListener(
                        endpoint: endpoint, connection: connection, payloadLimit: limits.maxMessageBytes, logger: logger,
                        onListening: onWyomingListening)))
        }
        // A group shuts its services down last to first: the sessions end while the HTTP server
        // and the Wyoming port still carry their connections, then what is left of their tasks
        // is cancelled.
        let drain = SessionDrain(slots: slots, timeout: .seconds(max(limits.shutdownSeconds, 0)), logger: logger)
        let release = IdleDecoderRelease(
            recognizer: factory.recognizer, idle: .seconds(max(limits.idleDecoderSeconds, 0)), logger: logger)
        services += [.init(service: release), .init(service: tasks), .init(service: drain)]
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: services, logger: logger))
        try await group.run()
    }

    /// How long a connection without a valid token may stay silent before it is refused anyway.
    static let refusalWait = Duration.seconds(5)

    /// Closes an upgraded connection that has no valid token: the coded error (on the stream
    /// protocol), then close 1008 with `unauthorized` as the reason.
    ///
    /// The refusal answers the client's first message (or comes after ``refusalWait`` of
    /// silence), never straight after the upgrade: a client then has its WebSocket pipeline in
    /// place before anything arrives. SwiftNIO's HTTP client upgrade (2.101, which the tests'
    /// `HummingbirdWSClient` and `RemoteRecognizer`'s `RemoteConnector` use) loses frames that
    /// arrive together with the `101` response, and then never ends the connection's stream: in
    /// a loop of refused connections here, a third of those clients waited for ever.
    private static func refuse(_ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter, json: String?) async throws
    {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                var frames = inbound.makeAsyncIterator()
                _ = try? await frames.next()
            }
            group.addTask { try? await Task.sleep(for: refusalWait) }
            await group.next()
            group.cancelAll()
        }
        if let json { try await outbound.write(.text(json)) }
        try await outbound.close(.policyViolation, reason: DictationError.Code.unauthorized.rawValue)
    }

    private static func tlsConfiguration(_ files: ServerConfiguration.TLSFiles) throws(DictationError) -> TLSConfiguration {
        do {
            let chain = try NIOSSLCertificate.fromPEMFile(files.certificatePath).map { NIOSSLCertificateSource.certificate($0) }
            let key = try NIOSSLPrivateKey(file: files.privateKeyPath, format: .pem)
            return TLSConfiguration.makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(key))
        } catch {
            throw DictationError(
                code: .invalidConfiguration,
                message: .init(
                    .tlsFilesUnreadable,
                    ["certificate": "\(files.certificatePath)", "key": "\(files.privateKeyPath)", "error": "\(error)"]))
        }
    }
}
