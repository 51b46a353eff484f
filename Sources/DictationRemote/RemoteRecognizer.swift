import DictationKit
import Logging
import NIOSSL

/// A recognizer that decodes on a DictationKit server (`dictate serve`, `DictationServer`) over
/// its streaming protocol: an app switches between local and remote decoding by the recognizer it
/// gives its session.
///
/// ```swift
/// let session = DictationSession(
///     source: ALSACaptureSource(), preprocessing: StandardPreprocessing(),
///     recognizer: RemoteRecognizer(url: "ws://dictation.example:2700/v1/stream", token: token))
/// ```
///
/// The app's session preprocesses the audio as usual; the server cuts it into utterances and
/// decodes it, and its partials and finals come back as this recognizer's. When the connection
/// breaks, the session gets a non-fatal `DictationError/Code/networkUnavailable` error and goes
/// on: the audio is kept, the recognizer reconnects and resumes the server's session (or starts a
/// new one from the end of the last final when the server lost it), and the finals come when the
/// server is back. Nothing is lost and nothing repeated, unless the server stays away longer than
/// the audio it keeps (``maxOfflineSeconds``), which ends the session.
///
/// Every address the server's host resolves to is tried in turn, each for at most
/// ``connectTimeout`` to connect and ``handshakeTimeout`` to answer the TLS and WebSocket
/// handshake; when none answers, the non-fatal `networkUnavailable` error says what each did. A
/// connection the server stops answering is given up after 30 s without a word from it (it is
/// pinged every 10 s). What waiting can't mend ends the session at once with a fatal
/// `DictationError/Code/invalidConfiguration` error: a URL that is no `ws://` or `wss://` URL, a
/// `ws://` URL for a port that speaks TLS, a failed TLS handshake (no TLS, a certificate not
/// trusted), an answer that is not HTTP, or an HTTP refusal other than a 5xx.
public struct RemoteRecognizer: SpeechRecognizer {
    /// The server's stream endpoint, `ws://` or `wss://` (`…/v1/stream`).
    public let url: String
    /// The bearer token the server asks for, if any.
    public let token: String?
    /// TLS settings for `wss://`, such as a private CA; the system's by default.
    public let tlsConfiguration: TLSConfiguration?
    /// The locales the server has models for, as this recognizer reports them.
    public let locales: [String]
    /// How much unconfirmed audio is kept for a server out of reach, in seconds.
    public let maxOfflineSeconds: Int
    /// How long each of the server's addresses is given to take the connection.
    public let connectTimeout: Duration
    /// How long a connected address is given to complete the TLS and WebSocket handshake.
    public let handshakeTimeout: Duration
    /// How a connection tells a server gone silent; tests shorten it.
    var keepAlive = RemoteKeepAlive.standard
    let logger: Logger

    /// Creates the recognizer; nothing connects until a session starts.
    /// - Parameters:
    ///   - url: The server's stream endpoint, e.g. `ws://127.0.0.1:2700/v1/stream`.
    ///   - token: The bearer token, when the server asks for one.
    ///   - tlsConfiguration: TLS settings for `wss://`; the system's trust roots by default.
    ///   - locales: The locales the server recognizes, `en-US` by default.
    ///   - maxOfflineSeconds: Unconfirmed audio kept while the server is out of reach, 10 minutes by default.
    ///   - connectTimeout: How long each address is given to take the connection, 5 s by default.
    ///   - handshakeTimeout: How long a connected address is given for the TLS and WebSocket
    ///     handshake, 10 s by default.
    ///   - logger: Where the recognizer logs; quiet unless the app bootstrapped a log handler.
    public init(
        url: String, token: String? = nil, tlsConfiguration: TLSConfiguration? = nil, locales: [String] = ["en-US"],
        maxOfflineSeconds: Int = 600, connectTimeout: Duration = .seconds(5), handshakeTimeout: Duration = .seconds(10),
        logger: Logger = Logger(label: "DictationRemote")
    ) {
        self.url = url
        self.token = token
        self.tlsConfiguration = tlsConfiguration
        self.locales = locales
        self.maxOfflineSeconds = maxOfflineSeconds
        self.connectTimeout = connectTimeout
        self.handshakeTimeout = handshakeTimeout
        self.logger = logger
    }

    /// 16 kHz: the app's preprocessing hands over what the server's decoders take.
    public var sampleRate: Int { 16_000 }

    /// The locales given at creation.
    /// - Returns: ``locales``.
    public func supportedLocales() -> [String] { locales }

    /// A decoder that streams to the server, which cuts the utterances, whatever segmentation
    /// was asked for; the server is asked for partials only when the session shows them, and
    /// given the vocabulary and alternative count.
    /// - Parameter configuration: The locale to ask the server for, partials, vocabulary and
    ///   alternatives.
    /// - Returns: A `StreamDecoder`.
    public func makeDecoder(_ configuration: DecoderConfiguration) throws(DictationError) -> any SpeechDecoder {
        RemoteDecoder(recognizer: self, configuration: configuration)
    }
}
