/// How much of Whisper's 30-second encoder window a decoding runs.
///
/// Whisper's encoder reads 30 seconds at a time whatever the audio's length, and for a spoken
/// utterance of a few seconds that encoder is most of the decoding time. Running only part of
/// the window (whisper.cpp's `audio_ctx`) is faster; run too little of it and Whisper, trained on
/// whole windows, drops a first word or mishears a short one. docs/benchmarks.md gives the word
/// error rates and times of both.
public enum WhisperEncoderWindow: String, Sendable, Hashable, CaseIterable {
    /// ``fitted`` for English, ``full`` for other languages: measured, the fitted window cost no
    /// words in English (tiny.en, 92 errors against 93 on six sets) but many in Norwegian (base
    /// on espeak-ng's voice, 28 of 33 words against 21).
    case automatic
    /// The whole window, the audio padded with silence, as Whisper was trained.
    case full
    /// Half the window, or the audio and a margin after it when that is longer: as accurate as
    /// ``full`` on the project's English sets, and about half the encoder's time.
    case fitted

    /// The window for a language (Whisper's code, `"en"`, `"no"`): ``full`` or ``fitted``.
    func resolved(forLanguage language: String) -> WhisperEncoderWindow {
        guard self == .automatic else { return self }
        return language == "en" ? .fitted : .full
    }

    /// The margin after the audio, in encoder positions of 20 ms: 1.28 s of silence in which the
    /// decoder places the end of the last word.
    static let marginPositions = 64

    /// whisper.cpp's `audio_ctx` for `sampleCount` samples at 16 kHz, for a model whose window
    /// is `modelContext` positions: 0 (the model's own) for the whole window.
    func audioContext(sampleCount: Int, modelContext: Int) -> Int32 {
        guard self == .fitted else { return 0 }  // `automatic` is resolved before decoding
        // 16,000 samples a second, 50 encoder positions a second: one position per 320 samples.
        // Less than half the window cost words on short utterances (5.6 % against 1.4 % on the
        // clean set, with the audio and the margin alone); half cost none.
        let positions = max(modelContext / 2, (sampleCount + 319) / 320 + Self.marginPositions)
        return positions >= modelContext ? 0 : Int32(positions)
    }

    /// The margin after the audio in a partial search's window, in encoder positions: 0.64 s.
    static let partialMarginPositions = 32
    /// The least window of a partial search, in encoder positions: 6 s. In 3 s Whisper misheard
    /// the start of a sentence for longer ("How do you marry the" until 2.5 s after "Had he
    /// married" was said; words' partial latency p95 2.0 s against 1.4 s), and with 1 s of audio
    /// in 2.3 s its decoder looped ("Mr. John." 55 times).
    static let partialLeastPositions = 300

    /// whisper.cpp's `audio_ctx` for a partial search (``DecoderConfiguration/partialsOnly``):
    /// the audio so far and a short margin after it, at least ``partialLeastPositions``, whatever
    /// ``WhisperEncoderWindow`` the finals use. A search of tiny.en then takes 0.12-0.2 s on these
    /// two cores instead of 0.3-0.45 s over half the window, so a session can search every 0.2 s
    /// of audio; its words are a little less sure, which ``PartialStabilizer`` allows for, and
    /// the final replaces them.
    static func partialAudioContext(sampleCount: Int, modelContext: Int) -> Int32 {
        let positions = max(partialLeastPositions, (sampleCount + 319) / 320 + partialMarginPositions)
        return positions >= modelContext ? 0 : Int32(positions)
    }
}
