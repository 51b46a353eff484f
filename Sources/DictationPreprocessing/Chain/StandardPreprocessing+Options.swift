extension StandardPreprocessing {
    /// How ``StandardPreprocessing`` conditions the audio before the recognizer and the endpointer
    /// hear it.
    ///
    /// The defaults remove rumble and hum below 90 Hz, lower background noise when the audio is
    /// noisy, and bring quiet speakers up to a steady level. ``none`` turns the conditioning off:
    /// the audio is only converted to the recognizer's format. Voice activity is judged either
    /// way, by the chain's ``StandardPreprocessing/voiceActivityDetector``.
    public struct Options: Sendable, Hashable {
        /// The high-pass filter's cutoff in Hz, or `nil` for no filter. Defaults to 90.
        public var highPassCutoff: Double?
        /// When steady background noise is lowered under the speech. Defaults to
        /// ``NoiseSuppression/automatic``: only when the audio is noisy.
        public var noiseSuppression: NoiseSuppression
        /// Whether automatic gain control brings the speech to a steady level. Defaults to `true`.
        public var automaticGainControl: Bool

        /// No high-pass filter, no noise suppression and no gain control: the audio reaches the
        /// recognizer as converted.
        public static let none = Options(highPassCutoff: nil, noiseSuppression: .off, automaticGainControl: false)

        /// Creates options; values out of range are clamped.
        /// - Parameters:
        ///   - highPassCutoff: Cutoff in Hz (20 to 1000), or `nil` for none.
        ///   - noiseSuppression: When to lower steady background noise.
        ///   - automaticGainControl: Whether to level the speech.
        public init(
            highPassCutoff: Double? = 90, noiseSuppression: NoiseSuppression = .automatic,
            automaticGainControl: Bool = true
        ) {
            self.highPassCutoff = highPassCutoff.flatMap { $0.isFinite ? min(1000, max(20, $0)) : nil }
            self.noiseSuppression = noiseSuppression
            self.automaticGainControl = automaticGainControl
        }
    }
}
