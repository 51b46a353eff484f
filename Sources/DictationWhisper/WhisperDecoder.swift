import CWhisper
import DictationKit
import Foundation

/// A Whisper decoder: holds each utterance's audio and decodes it whole with whisper.cpp when
/// it ends (or, in a pause where it may end, at ``prepareFinal()``).
///
/// Whisper is an encoder-decoder over a 30-second window, not a streaming search: it has no
/// partial hypotheses of its own yet, and a final depends only on its utterance's audio (no
/// context is carried over), so a session may decode utterances side by side, each on a decoder
/// of its own, sharing one loaded ``WhisperModel``.
///
/// With ``UtteranceSegmentation/recognizer`` segmentation the whole stream is one utterance,
/// decoded at ``finish()``; whisper.cpp then cuts it into its own segments, each a final.
///
/// Used from one thread at a time (the session's final pass); not `Sendable`.
final class WhisperDecoder: SpeechDecoder {
    let locale: String
    let segmentation: UtteranceSegmentation
    private let model: WhisperModel
    private let settings: WhisperDecoding
    private var state: OpaquePointer?
    private var vocabularyPrompt: String?

    /// Where the open utterance starts in the session, in seconds; `nil` when none is open.
    private var utteranceStart: Double?
    /// The open utterance's audio.
    private var held: [Float] = []
    /// The finals of the first `heldCount` samples of ``held``, decoded before the utterance ended.
    private var prepared: (heldCount: Int, finals: [Transcript])?

    init(model: WhisperModel, locale: String, segmentation: UtteranceSegmentation, settings: WhisperDecoding) {
        self.model = model
        self.locale = locale
        self.segmentation = segmentation
        self.settings = settings
        if segmentation == .recognizer { utteranceStart = 0 }
    }

    deinit {
        if let state { whisper_free_state(state) }
    }

    var decodesUtterancesIndependently: Bool { true }

    func configure(_ settings: RecognitionSettings) throws(DictationError) -> [DictationError] {
        // Whisper has no word list to extend; its prompt, the text it takes as coming just
        // before the audio, makes the listed words and their spelling likelier.
        vocabularyPrompt = settings.vocabulary.isEmpty ? nil : WhisperDecoding.prompt(for: settings.vocabulary)
        // No alternatives: whisper.cpp gives one text per segment (its beams are not exposed).
        return []
    }

    func beginUtterance(at time: Double) throws(DictationError) {
        utteranceStart = time
        held.removeAll(keepingCapacity: true)
        prepared = nil
    }

    func process(_ samples: [Float], reportPartials: Bool) throws(DictationError) -> [RecognitionUpdate] {
        guard utteranceStart != nil else { return [] }
        held += samples
        return []
    }

    func prepareFinal() throws(DictationError) -> Transcript? {
        guard segmentation == .endpointer, let start = utteranceStart else { return nil }
        if prepared?.heldCount != held.count { prepared = (held.count, try decodeHeld(start: start)) }
        return prepared?.finals.first
    }

    func discardUtterance() {
        utteranceStart = segmentation == .recognizer ? 0 : nil
        held.removeAll(keepingCapacity: true)
        prepared = nil
    }

    func endUtterance() throws(DictationError) -> [RecognitionUpdate] {
        guard let start = utteranceStart else { return [] }
        defer { discardUtterance() }
        if segmentation == .recognizer { utteranceStart = nil }
        let finals: [Transcript]
        if let prepared, prepared.heldCount == held.count {
            finals = prepared.finals
        } else {
            finals = try decodeHeld(start: start)
        }
        return finals.map { .final($0) }
    }

    func finish() throws(DictationError) -> [RecognitionUpdate] {
        try endUtterance()
    }

    /// Decodes the held audio: one final for an utterance the endpointer cut (empty when Whisper
    /// heard no speech in it), one per whisper.cpp segment for a whole stream.
    private func decodeHeld(start: Double) throws(DictationError) -> [Transcript] {
        let empty = Transcript(
            text: "", utteranceIndex: 0, startTime: start,
            endTime: start + Double(held.count) / Double(WhisperRecognizer.decoderSampleRate))
        guard !held.isEmpty else { return segmentation == .endpointer ? [empty] : [] }
        if state == nil {
            guard let made = whisper_init_state(model.context) else { throw WhisperProblem.stateFailed.error }
            state = made
        }
        guard let state else { throw WhisperProblem.stateFailed.error }
        let segments = try settings.decode(held, model: model, state: state, prompt: vocabularyPrompt)
        let transcripts = segments.compactMap { $0.transcript(offset: start) }
        guard segmentation == .endpointer else { return transcripts }
        // The endpointer's utterance is one final, whatever whisper.cpp's segments.
        let words = transcripts.flatMap(\.words)
        guard !words.isEmpty else { return [empty] }
        let text = transcripts.map(\.text).joined(separator: " ")
        return [Transcript(text: text, words: words, utteranceIndex: 0, startTime: words[0].start, endTime: words[words.count - 1].end)]
    }
}
