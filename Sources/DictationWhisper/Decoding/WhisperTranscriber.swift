import CWhisper
import DictationKit

/// Decodes stretches of audio whole with one loaded ``WhisperModel``, each in a `whisper_state`
/// made for it: what both of Whisper's decoders do with the audio they hold.
///
/// Used from one thread at a time; not `Sendable`.
final class WhisperTranscriber {
    private let model: WhisperModel
    private let settings: WhisperDecoding
    /// The vocabulary as Whisper's prompt: the text it takes as coming just before the audio,
    /// which makes the listed words and their spelling likelier.
    private let prompt: String?

    /// - Parameters:
    ///   - model: The loaded model, shared.
    ///   - settings: Language, beam, threads, no-speech threshold.
    ///   - vocabulary: The words to expect; they become the prompt.
    init(model: WhisperModel, settings: WhisperDecoding, vocabulary: Vocabulary) {
        self.model = model
        self.settings = settings
        prompt = vocabulary.isEmpty ? nil : WhisperDecoding.prompt(for: vocabulary)
    }

    /// whisper.cpp's threads for one decoding.
    var threadsPerDecoding: Int { settings.threads }

    /// Decodes audio into whisper.cpp's segments, each a transcript placed at `start` onwards
    /// (a loop of Whisper's decoder kept once: ``RepetitionGuard``); none when Whisper heard no
    /// speech.
    /// - Parameters:
    ///   - samples: Mono audio at 16 kHz.
    ///   - start: Where the audio starts, in seconds of session audio.
    ///   - stops: For a search that may be dropped: it stops once this says so.
    ///   - onFreeCoresOnly: Whether it takes only the cores nothing else of the process holds
    ///     (``WhisperDecoding/decode(_:model:prompt:stoppingWhen:onFreeCoresOnly:)``).
    /// - Returns: One transcript per segment with words; `nil` when the search stopped early.
    /// - Throws: ``DictationError`` when whisper.cpp fails.
    func transcribe(
        _ samples: [Float], start: Double, stoppingWhen stops: (@Sendable () -> Bool)? = nil, onFreeCoresOnly: Bool = false
    ) throws(DictationError) -> [Transcript]? {
        guard !samples.isEmpty else { return [] }
        guard
            let segments = try settings.decode(
                samples, model: model, prompt: prompt, stoppingWhen: stops, onFreeCoresOnly: onFreeCoresOnly)
        else { return nil }
        return segments.compactMap { segment in
            var segment = segment
            segment.words = RepetitionGuard.removingLoops(from: segment.words)
            return segment.transcript(offset: start)
        }
    }
}
