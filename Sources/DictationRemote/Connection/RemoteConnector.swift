import DictationKit
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOWebSocket

/// Opens WebSocket connections to a DictationKit server, each step within its time: every
/// address the host resolves to is tried in turn, each with a connect timeout and then a
/// handshake timeout (TLS and the HTTP upgrade together), so that a server that takes a
/// connection and never answers costs a bounded wait and the next address its chance.
///
/// Made of SwiftNIO's own handlers rather than swift-websocket's client: that client waits on
/// its upgrade with nothing that can cut the wait short, and tries one address.
struct RemoteConnector: Sendable {
    /// Why a connection was not opened.
    enum Failure: Error {
        /// Worth trying again later: what each address did.
        case unreachable([String])
        /// Waiting won't mend it: the URL, the scheme or the trust is wrong.
        case misconfigured(DictationError)
    }

    /// How one address failed.
    private enum AttemptFailure: Error {
        case failed(String)
        case misconfigured(DictationError)
    }

    /// What the HTTP upgrade came to.
    private enum Upgrade: Sendable {
        case upgraded(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>)
        case refused(EventLoopFuture<HTTPResponseStatus>)
    }

    /// The largest message the server sends is far below this.
    static let maxFrameSize = 1 << 20

    let url: String
    let endpoint: RemoteEndpoint
    private let headers: HTTPHeaders
    private let sslContext: NIOSSLContext?
    let connectTimeout: Duration
    let handshakeTimeout: Duration

    /// - Parameters:
    ///   - url: The server's URL, as errors name it.
    ///   - query: Added to the URL's query on the wire, such as `affinity=KEY`.
    /// - Throws: `DictationError/Code/invalidConfiguration` for a URL that is no `ws://` or
    ///   `wss://` URL, or TLS settings NIOSSL can't use.
    init(
        url: String, query: String? = nil, headers: HTTPHeaders, tlsConfiguration: TLSConfiguration?,
        connectTimeout: Duration, handshakeTimeout: Duration
    ) throws(DictationError) {
        self.url = url
        var endpoint = try RemoteEndpoint(url: url)
        if let query { endpoint.target += (endpoint.target.contains("?") ? "&" : "?") + query }
        self.endpoint = endpoint
        var headers = headers
        headers.replaceOrAdd(name: "Host", value: endpoint.hostHeader)
        self.headers = headers
        if endpoint.secure {
            do {
                sslContext = try NIOSSLContext(configuration: tlsConfiguration ?? .makeClientConfiguration())
            } catch {
                throw DictationError.serverTLSFailed(url, reason: "\(error)")
            }
        } else {
            sslContext = nil
        }
        self.connectTimeout = connectTimeout
        self.handshakeTimeout = handshakeTimeout
    }

    /// Resolves the host and connects to the first of its addresses that takes the connection
    /// and the upgrade in time.
    func connect() async throws(Failure) -> NIOAsyncChannel<WebSocketFrame, WebSocketFrame> {
        let addresses: [SocketAddress]
        do {
            addresses = try await Self.resolve(endpoint.host, port: endpoint.port)
        } catch {
            throw .unreachable(["\(endpoint.host): \(error)"])
        }
        return try await connect(to: addresses)
    }

    /// Connects to the first of `addresses` that takes the connection and the upgrade in time.
    func connect(to addresses: [SocketAddress]) async throws(Failure) -> NIOAsyncChannel<WebSocketFrame, WebSocketFrame> {
        var attempts: [String] = []
        for address in addresses {
            if Task.isCancelled { break }
            do {
                return try await attempt(address)
            } catch {
                switch error {
                case .misconfigured(let error): throw .misconfigured(error)
                case .failed(let reason): attempts.append("\(Self.describe(address)): \(reason)")
                }
            }
        }
        throw .unreachable(attempts.isEmpty ? ["\(endpoint.host): no address"] : attempts)
    }

    /// One address: connect, then the handshake, each within its time.
    private func attempt(_ address: SocketAddress) async throws(AttemptFailure) -> NIOAsyncChannel<
        WebSocketFrame, WebSocketFrame
    > {
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(TimeAmount(connectTimeout))
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
        let answer = FirstAnswer()
        let channel: any Channel
        let upgrade: EventLoopFuture<Upgrade>
        do {
            (channel, upgrade) = try await bootstrap.connect(to: address) { channel in
                channel.eventLoop.makeCompletedFuture { (channel, try self.configure(channel, answer: answer)) }
            }
        } catch ChannelError.connectTimeout {
            throw .failed("no connection within \(Self.seconds(connectTimeout))")
        } catch {
            throw .failed(Self.describe(error))
        }
        let timeout = handshakeTimeout
        let bounded = channel.eventLoop.flatSubmit { Self.bound(upgrade, on: channel, within: timeout) }
        let result: Upgrade
        do {
            result = try await withTaskCancellationHandler {
                try await bounded.get()
            } onCancel: {
                channel.close(promise: nil)
            }
        } catch {
            channel.close(promise: nil)
            let failure = classify(error, answer: answer)
            // A TLS port closes a plain request without a word; asked in TLS, it answers.
            if case .failed = failure, !endpoint.secure, !answer.heardAnything, !(error is HandshakeTimedOut),
                await TLSProbe.speaksTLS(address, within: handshakeTimeout)
            {
                throw .misconfigured(DictationError.serverSpeaksTLS(url))
            }
            throw failure
        }
        switch result {
        case .upgraded(let webSocket):
            return webSocket
        case .refused(let status):
            defer { channel.close(promise: nil) }
            guard let status = try? await status.get() else { throw .failed("closed the connection during the handshake") }
            let text = "HTTP \(status.code) \(status.reasonPhrase)"
            // A proxy in front of a server that is restarting answers 502-504: that passes.
            if (500..<600).contains(status.code) { throw .failed("answered \(text)") }
            throw .misconfigured(DictationError.serverRefusedStream(url, status: text))
        }
    }

    /// The pipeline of a new connection: TLS for `wss://`, then HTTP with the WebSocket upgrade.
    private func configure(_ channel: any Channel, answer: FirstAnswer) throws -> EventLoopFuture<Upgrade> {
        let pipeline = channel.pipeline.syncOperations
        if let sslContext {
            let serverName = endpoint.hostIsAddress ? nil : endpoint.host
            try pipeline.addHandler(NIOSSLClientHandler(context: sslContext, serverHostname: serverName))
        } else {
            try pipeline.addHandler(FirstAnswerSniffer(answer: answer))
        }
        let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(maxFrameSize: Self.maxFrameSize) { channel, _ in
            channel.eventLoop.makeCompletedFuture {
                .upgraded(try NIOAsyncChannel<WebSocketFrame, WebSocketFrame>(wrappingChannelSynchronously: channel))
            }
        }
        let request = HTTPRequestHead(version: .http1_1, method: .GET, uri: endpoint.target, headers: headers)
        let upgrade = NIOTypedHTTPClientUpgradeConfiguration<Upgrade>(
            upgradeRequestHead: request, upgraders: [upgrader],
            notUpgradingCompletionHandler: { channel in
                channel.eventLoop.makeCompletedFuture {
                    let status = channel.eventLoop.makePromise(of: HTTPResponseStatus.self)
                    try channel.pipeline.syncOperations.addHandler(RefusalStatusReader(status: status))
                    return .refused(status.futureResult)
                }
            })
        var configuration = NIOUpgradableHTTPClientPipelineConfiguration(upgradeConfiguration: upgrade)
        configuration.leftOverBytesStrategy = .forwardBytes
        return try pipeline.configureUpgradableHTTPClientPipeline(configuration: configuration)
    }

    /// The upgrade, failed and its connection closed when it has not come within `timeout`.
    /// Runs on the channel's event loop, as the upgrade does: an upgrade that completes first
    /// cancels the timer, and a connection the timer closed can't complete the upgrade after.
    private static func bound(
        _ upgrade: EventLoopFuture<Upgrade>, on channel: any Channel, within timeout: Duration
    ) -> EventLoopFuture<Upgrade> {
        let bounded = channel.eventLoop.makePromise(of: Upgrade.self)
        let timer = channel.eventLoop.scheduleTask(in: TimeAmount(timeout)) {
            bounded.fail(HandshakeTimedOut())
            channel.close(promise: nil)
        }
        upgrade.whenComplete { result in
            timer.cancel()
            bounded.completeWith(result)
        }
        return bounded.futureResult
    }

    private struct HandshakeTimedOut: Error {}

    private func classify(_ error: any Error, answer: FirstAnswer) -> AttemptFailure {
        switch error {
        case is HandshakeTimedOut where endpoint.secure:
            // A port without TLS says nothing to a TLS greeting either: the likeliest mistake.
            return .failed(
                "connected, but no answer to the TLS and WebSocket handshake within \(Self.seconds(handshakeTimeout)) (is it a ws:// port?)"
            )
        case is HandshakeTimedOut:
            return .failed("connected, but no answer to the handshake within \(Self.seconds(handshakeTimeout))")
        case let error as NIOSSLError:
            if case .uncleanShutdown = error { return .failed("closed the connection during the TLS handshake") }
            return .misconfigured(DictationError.serverTLSFailed(url, reason: "\(error)"))
        case let error as BoringSSLError:
            return .misconfigured(DictationError.serverTLSFailed(url, reason: "\(error)"))
        case is HTTPParserError, is NIOHTTPClientUpgradeError:
            return .misconfigured(answer.isTLS ? DictationError.serverSpeaksTLS(url) : DictationError.serverNotHTTP(url))
        default:
            if answer.isTLS { return .misconfigured(DictationError.serverSpeaksTLS(url)) }
            return .failed("closed the connection during the handshake (\(Self.describe(error)))")
        }
    }

    // MARK: - Addresses

    /// The host's addresses in the order the system prefers them (getaddrinfo's), on NIO's
    /// thread pool: the lookup blocks.
    static func resolve(_ host: String, port: Int) async throws -> [SocketAddress] {
        try await NIOThreadPool.singleton.runIfActive {
            var hints = addrinfo()
            hints.ai_family = AF_UNSPEC
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            var list: UnsafeMutablePointer<addrinfo>?
            let status = getaddrinfo(host, String(port), &hints, &list)
            guard status == 0, let list else { throw ResolutionFailure(reason: String(cString: gai_strerror(status))) }
            defer { freeaddrinfo(list) }
            var addresses: [SocketAddress] = []
            var entry: UnsafeMutablePointer<addrinfo>? = list
            while let info = entry?.pointee {
                entry = info.ai_next
                guard let raw = info.ai_addr else { continue }
                let address: SocketAddress
                switch info.ai_family {
                case AF_INET:
                    address = raw.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { SocketAddress($0.pointee, host: host) }
                case AF_INET6:
                    address = raw.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { SocketAddress($0.pointee, host: host) }
                default: continue
                }
                if !addresses.contains(address) { addresses.append(address) }
            }
            return addresses
        }
    }

    private struct ResolutionFailure: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason.prefix(1).lowercased() + reason.dropFirst() }
    }

    /// "127.0.0.1 port 2700", "::1 port 2700".
    static func describe(_ address: SocketAddress) -> String {
        "\(address.ipAddress ?? "\(address)") port \(address.port ?? 0)"
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? IOError {
            return String(cString: strerror(error.errnoCode)).lowercased()
        }
        return "\(error)"
    }

    private static func seconds(_ duration: Duration) -> String {
        let seconds = duration.inSeconds
        return seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }
}
