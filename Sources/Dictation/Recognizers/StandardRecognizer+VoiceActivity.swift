import DictationKit
import DictationPreprocessing
import DictationWhisper

extension StandardRecognizer {
    /// The voice activity detector for sessions that recognize `locale`: a
    /// `SileroVoiceActivityDetector` where Whisper decodes the locale (``backend(for:)``) and the
    /// Silero model is installed, the energy detector (`EnergyVoiceActivityDetector.standard`)
    /// elsewhere.
    ///
    /// On noisy dictation the network cut speech as well as the energy detector or better, and
    /// took no fan, hum, knock or tune between sentences for speech; Whisper's finals kept their
    /// accuracy or gained. PocketSphinx's finals lost accuracy with it in pink noise, so
    /// PocketSphinx keeps the energy detector (docs/benchmarks.md, "Voice activity detectors").
    ///
    /// ```swift
    /// let recognizer = StandardRecognizer()
    /// let preprocessing = StandardPreprocessing(voiceActivityDetector: recognizer.voiceActivityDetector(forLocale: "nb-NO"))
    /// ```
    /// - Parameters:
    ///   - locale: The locale the sessions recognize.
    ///   - sensitivity: How readily sounds count as speech, 0...1. Defaults to 0.5.
    /// - Returns: The detector, a template each session makes its own from.
    public func voiceActivityDetector(forLocale locale: String, sensitivity: Double = 0.5) -> any VoiceActivityDetecting {
        guard case .whisper = backend(for: locale) else { return EnergyVoiceActivityDetector.standard(sensitivity: sensitivity) }
        return StandardPreprocessing.sileroOrEnergy(sensitivity: sensitivity)
    }
}
