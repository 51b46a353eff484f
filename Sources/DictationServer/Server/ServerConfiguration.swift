import DictationCapture
import DictationKit
import DictationStreamProtocol

/// Where and how a ``DictationServer`` listens.
public struct ServerConfiguration: Sendable {
    /// A certificate chain and private key, as PEM files, for TLS.
    public struct TLSFiles: Sendable, Hashable {
        /// The certificate chain, leaf first.
        public var certificatePath: String
        /// The private key.
        public var privateKeyPath: String

        /// Creates the pair.
        /// - Parameters:
        ///   - certificatePath: The PEM certificate chain.
        ///   - privateKeyPath: The PEM private key.
        public init(certificatePath: String, privateKeyPath: String) {
            self.certificatePath = certificatePath
            self.privateKeyPath = privateKeyPath
        }
    }

    /// Where Home Assistant's Wyoming protocol is served: a TCP port of its own.
    ///
    /// The protocol has no authentication: anyone who reaches the port can use the server. So
    /// it listens on a loopback address unless ``allowsUnauthenticatedNetwork`` says otherwise;
    /// to serve other machines, put a TLS proxy that checks tokens in front (docs/deployment.md).
    public struct WyomingEndpoint: Sendable, Hashable {
        /// The address to listen on, `127.0.0.1` by default.
        public var host: String
        /// The port; 0 lets the system choose one.
        public var port: Int
        /// Whether an address beyond loopback may be served, to clients nobody authenticates.
        public var allowsUnauthenticatedNetwork: Bool

        /// Creates the endpoint.
        /// - Parameters:
        ///   - host: The address, `127.0.0.1` by default.
        ///   - port: The port, 10300 by default (Home Assistant's for speech-to-text).
        ///   - allowsUnauthenticatedNetwork: Whether a non-loopback `host` is allowed; `false` by default.
        public init(host: String = "127.0.0.1", port: Int = 10_300, allowsUnauthenticatedNetwork: Bool = false) {
            self.host = host
            self.port = port
            self.allowsUnauthenticatedNetwork = allowsUnauthenticatedNetwork
        }

        /// Whether ``host`` only reaches this machine.
        public var isLoopback: Bool { ServerConfiguration.isLoopback(host) }
    }

    /// The address to listen on: `127.0.0.1` by default, so nothing beyond this machine reaches
    /// the server unless told to.
    public var host: String
    /// The port; 0 lets the system choose one (``DictationServer/run(onListening:)`` says which).
    public var port: Int
    /// The bearer tokens clients must send; required when ``host`` is not a loopback address.
    public var tokens: AccessTokens
    /// TLS, when given: the server then speaks HTTPS and `wss://` only.
    public var tls: TLSFiles?
    /// What each client may use.
    public var limits: ServerLimits
    /// The locale of vosk connections, and of uploads that name no language.
    public var defaultLocale: String
    /// A folder to record every session's audio in, as 0600 WAV files in a 0700 folder; `nil`,
    /// the default, writes no audio to disk. The clients are not told the files' paths.
    public var recordingDirectory: String?
    /// Home Assistant's Wyoming protocol on a port of its own, when set; `nil`, the default,
    /// serves HTTP and WebSocket only.
    public var wyoming: WyomingEndpoint?
    /// How uploads to `POST /v1/audio/transcriptions` are decoded: in a worker process each, so
    /// that a C decoder's leak or crash on a damaged or hostile file can't reach the server (a
    /// worker that dies or runs past its limits is that upload's `invalidAudio` error). `nil`,
    /// the default, decodes them in the server's own process, which is not contained:
    /// libsndfile 1.2.0 leaks about 5.8 KB for every Ogg file it fails to open, and a decoder
    /// that crashes takes the server with it. `dictate serve` sets its own executable
    /// (`dictate decode-audio-worker`); an app that embeds the server and takes uploads from
    /// clients it doesn't trust should set a program that calls
    /// `AudioDecodingWorker.serveStandardStreams()`.
    public var uploadWorker: AudioDecodingWorker?

    /// Creates a configuration.
    /// - Parameters:
    ///   - host: The address to listen on, `127.0.0.1` by default.
    ///   - port: The port, 2700 by default (vosk-server's).
    ///   - tokens: Bearer tokens, none by default.
    ///   - tls: Certificate and key for TLS, none by default.
    ///   - limits: What each client may use.
    ///   - defaultLocale: The locale when a client names none, `en-US` by default.
    ///   - recordingDirectory: Where to record sessions' audio; `nil`, the default, records nothing.
    ///   - wyoming: Where to serve the Wyoming protocol; `nil`, the default, serves none.
    ///   - uploadWorker: The process that decodes each upload; `nil`, the default, decodes them
    ///     in this process (not contained).
    public init(
        host: String = "127.0.0.1", port: Int = 2700, tokens: AccessTokens = AccessTokens([]), tls: TLSFiles? = nil,
        limits: ServerLimits = ServerLimits(), defaultLocale: String = "en-US", recordingDirectory: String? = nil,
        wyoming: WyomingEndpoint? = nil, uploadWorker: AudioDecodingWorker? = nil
    ) {
        self.host = host
        self.port = port
        self.tokens = tokens
        self.tls = tls
        self.limits = limits
        self.defaultLocale = defaultLocale
        self.recordingDirectory = recordingDirectory
        self.wyoming = wyoming
        self.uploadWorker = uploadWorker
    }

    /// Whether ``host`` only reaches this machine.
    public var isLoopback: Bool { Self.isLoopback(host) }

    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// Checks that the configuration is safe to serve: a server that listens beyond loopback needs
    /// tokens, and a Wyoming port beyond loopback the explicit permission.
    /// - Throws: `DictationError` with `DictationError/Code/invalidConfiguration` when it isn't.
    public func validate() throws(DictationError) {
        guard isLoopback || !tokens.isEmpty else {
            throw DictationError(
                code: .invalidConfiguration,
                message: .init(.serverNeedsTokens, ["host": "\(host)"]))
        }
        for port in [port] + [wyoming?.port].compactMap({ $0 }) where !(0...65_535).contains(port) {
            throw DictationError(
                code: .invalidConfiguration,
                message: .init(.serverPortOutOfRange, ["port": "\(port)"]))
        }
        if let wyoming, !wyoming.isLoopback, !wyoming.allowsUnauthenticatedNetwork {
            throw DictationError(
                code: .invalidConfiguration,
                message: .init(.wyomingNeedsLoopback, ["host": "\(wyoming.host)"]))
        }
    }
}
