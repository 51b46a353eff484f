import DictationKit

extension VoiceActivityDetecting where Self == EnergyVoiceActivityDetector {
    /// The detector ``StandardPreprocessing`` uses unless given another: an
    /// ``EnergyVoiceActivityDetector`` with a 60 ms hangover.
    ///
    /// The hangover is shorter than the detector's own default (0.2 s) because the session's
    /// endpointer bridges pauses itself: it waits for `EndpointingOptions.trailingSilence` after
    /// the last speech frame before it ends an utterance.
    ///
    /// ```swift
    /// StandardPreprocessing(voiceActivityDetector: .standard(sensitivity: 0.7))
    /// ```
    /// - Parameters:
    ///   - sensitivity: How readily quiet sounds count as speech, 0 (only clear, loud speech) to
    ///     1 (anything above the noise floor); clamped. Defaults to 0.5.
    ///   - frameDuration: The analysis frame length. Defaults to 20 ms.
    /// - Returns: The detector, at the recognizer's usual rate; the chain makes each session's at
    ///   the rate the recognizer takes.
    public static func standard(
        sensitivity: Double = 0.5, frameDuration: EnergyVoiceActivityDetector.FrameDuration = .milliseconds20
    ) -> EnergyVoiceActivityDetector {
        EnergyVoiceActivityDetector(
            sampleRate: AudioFormat.recognizer.sampleRate, frameDuration: frameDuration, sensitivity: sensitivity,
            hangover: 0.06)
    }
}
