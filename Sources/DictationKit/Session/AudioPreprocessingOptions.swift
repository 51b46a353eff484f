/// How a session's audio is conditioned before it reaches the recognizer and the endpointer.
///
/// The defaults remove rumble and hum below 90 Hz, lower background noise when the audio is noisy,
/// bring quiet speakers up to a steady level, and judge voice activity on 20 ms frames at medium
/// sensitivity. ``none`` turns the conditioning off (the audio is only converted to the
/// recognizer's format) but keeps voice activity detection, which the endpointer needs.
///
/// Deprecated: these settings belong to one chain, `StandardPreprocessing` in
/// DictationPreprocessing, and are given to it where it is made, the conditioning as its
/// `options` and the voice activity settings as its `voiceActivityDetector`:
/// `StandardPreprocessing(options: .none, voiceActivityDetector: .standard(sensitivity: 0.7))`.
/// `StandardPreprocessing(_:)` builds the chain from these options.
@available(
    *, deprecated,
    message: "give the settings to the chain: StandardPreprocessing(options:voiceActivityDetector:) in DictationPreprocessing"
)
public struct AudioPreprocessingOptions: Sendable, Hashable {
    /// The high-pass filter's cutoff in Hz, or `nil` for no filter. Defaults to 90.
    public var highPassCutoff: Double?
    /// When steady background noise is lowered under the speech. Defaults to
    /// ``NoiseSuppression/automatic``: only when the audio is noisy.
    public var noiseSuppression: NoiseSuppression
    /// Whether automatic gain control brings the speech to a steady level. Defaults to `true`.
    public var automaticGainControl: Bool
    /// How readily quiet sounds count as speech, 0 (only clear, loud speech) to 1 (anything above
    /// the noise floor). Defaults to 0.5.
    public var vadSensitivity: Double
    /// The analysis frame length for voice activity. Defaults to 20 ms.
    public var frameDuration: FrameDuration

    /// No high-pass filter, no noise suppression and no gain control: the audio reaches the
    /// recognizer as converted.
    public static let none = AudioPreprocessingOptions(
        highPassCutoff: nil, noiseSuppression: .off, automaticGainControl: false)

    /// Creates preprocessing options; values out of range are clamped.
    /// - Parameters:
    ///   - highPassCutoff: Cutoff in Hz (20 to 1000), or `nil` for none.
    ///   - noiseSuppression: When to lower steady background noise.
    ///   - automaticGainControl: Whether to level the speech.
    ///   - vadSensitivity: 0...1.
    ///   - frameDuration: The voice activity frame length.
    public init(
        highPassCutoff: Double? = 90,
        noiseSuppression: NoiseSuppression = .automatic,
        automaticGainControl: Bool = true,
        vadSensitivity: Double = 0.5,
        frameDuration: FrameDuration = .milliseconds20
    ) {
        self.highPassCutoff = highPassCutoff.flatMap { $0.isFinite ? min(1000, max(20, $0)) : nil }
        self.noiseSuppression = noiseSuppression
        self.automaticGainControl = automaticGainControl
        self.vadSensitivity = vadSensitivity.isFinite ? min(1, max(0, vadSensitivity)) : 0.5
        self.frameDuration = frameDuration
    }
}
