import DictationKit
import DictationStreamProtocol

/// The decoder a session uses with a ``RemoteRecognizer``: it hands the session's audio to a
/// ``RemoteStream`` and gives back what the server said. It never waits for the network while
/// audio flows; ``finish()`` waits for the server's last final.
final class RemoteDecoder: StreamDecoder {
    private let recognizer: RemoteRecognizer
    private let configuration: DecoderConfiguration
    private var stream: RemoteStream?
    /// What the last stream got over while it finished, not yet taken.
    private var finishedNotices: [DictationError] = []

    init(recognizer: RemoteRecognizer, configuration: DecoderConfiguration) {
        self.recognizer = recognizer
        self.configuration = configuration
    }

    deinit { stream?.close() }

    var locale: String { configuration.locale }

    func process(_ samples: [Float], reportPartials: Bool) throws(DictationError) -> [RecognitionUpdate] {
        let stream = currentStream()
        stream.append(samples)
        return try stream.takeUpdates()
    }

    func finish() throws(DictationError) -> [RecognitionUpdate] {
        guard let stream else { return [] }
        self.stream = nil
        defer {
            // An outage while the session waited for the last final is told after it: the
            // session asks for notices once more when its decoder has finished.
            finishedNotices += stream.takeNotices()
            stream.close()
        }
        return try stream.finish()
    }

    func takeNotices() -> [DictationError] {
        defer { finishedNotices.removeAll() }
        return finishedNotices + (stream?.takeNotices() ?? [])
    }

    private func currentStream() -> RemoteStream {
        if let stream { return stream }
        let start = StreamStart(
            locale: configuration.locale, format: StreamAudioFormat(sampleRate: 16_000, channelCount: 1, encoding: .f32le),
            options: StreamOptions(
                partials: configuration.reportsPartials, formatting: false,
                alternatives: configuration.alternativeCount, vocabulary: configuration.vocabulary, preprocessed: true))
        let stream = RemoteStream(
            url: recognizer.url, token: recognizer.token, tlsConfiguration: recognizer.tlsConfiguration,
            connectTimeout: recognizer.connectTimeout, handshakeTimeout: recognizer.handshakeTimeout,
            keepAlive: recognizer.keepAlive, start: start,
            maxOfflineSeconds: recognizer.maxOfflineSeconds, logger: recognizer.logger)
        self.stream = stream
        return stream
    }
}
