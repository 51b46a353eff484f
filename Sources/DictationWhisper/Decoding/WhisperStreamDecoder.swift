import DictationKit

/// A Whisper decoder that is given a whole stream, for recognizer segmentation: it holds the
/// stream and decodes it at ``finish()``, whisper.cpp cutting it into its own segments, each a
/// final.
///
/// The whole stream stays in memory until then (4 bytes a sample: 230 MB an hour); the session's
/// endpointer, the default, is the way to decode a long or live stream.
///
/// Used from one thread at a time; not `Sendable`.
final class WhisperStreamDecoder: StreamDecoder {
    let locale: String
    private let transcriber: WhisperTranscriber
    private var held: [Float] = []

    init(locale: String, transcriber: WhisperTranscriber) {
        self.locale = locale
        self.transcriber = transcriber
    }

    func process(_ samples: [Float], reportPartials: Bool) throws(DictationError) -> [RecognitionUpdate] {
        held += samples
        return []
    }

    func finish() throws(DictationError) -> [RecognitionUpdate] {
        defer { held.removeAll() }
        return (try transcriber.transcribe(held, start: 0) ?? []).enumerated().map { index, transcript in
            var transcript = transcript
            transcript.utteranceIndex = index
            return .final(transcript)
        }
    }
}
