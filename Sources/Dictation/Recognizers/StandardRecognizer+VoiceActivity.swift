import DictationKit
import DictationPreprocessing
import DictationWhisper

extension StandardRecognizer {
    /// The voice activity detector for sessions that recognize `locale`: a
    /// `SileroVoiceActivityDetector` where Whisper decodes the locale (``backend(for:)``) and the
    /// Silero model is installed, the energy detector (`EnergyVoiceActivityDetector.standard`)
    /// elsewhere.
    ///
    /// On noisy dictation the network found every utterance the energy detector found, and took
    /// a fan, hum, knocks, typing or a tune between sentences for speech once in nine where the
    /// energy detector's utterances over them gave Whisper 7 invented finals; Whisper's finals
    /// kept their accuracy or gained (WER over eight sets 10.2 % against 12.8 %). PocketSphinx's
    /// finals lost accuracy with it in steady noise (73.1 % against 68.5 %), so PocketSphinx keeps
    /// the energy detector (docs/benchmarks.md, "Voice activity detectors").
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
