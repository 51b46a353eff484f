import DictationKit
import DictationPreprocessing
import DictationWhisper

extension StandardPreprocessing {
    /// The standard chain with the voice activity detector that suits `recognizer` for `locale`:
    /// the Silero detector where Whisper decodes (see
    /// ``StandardRecognizer/voiceActivityDetector(forLocale:sensitivity:)``), the energy detector
    /// for any other recognizer.
    package static func standard(
        for recognizer: any SpeechRecognizer, locale: String, options: Options = Options()
    ) -> StandardPreprocessing {
        let detector: any VoiceActivityDetecting =
            switch recognizer {
            case let standard as StandardRecognizer: standard.voiceActivityDetector(forLocale: locale)
            case is WhisperRecognizer: sileroOrEnergy(sensitivity: 0.5)
            default: EnergyVoiceActivityDetector.standard()
            }
        return StandardPreprocessing(options: options, voiceActivityDetector: detector)
    }

    /// The Silero detector, or the energy detector where the Silero model is not installed.
    static func sileroOrEnergy(sensitivity: Double) -> any VoiceActivityDetecting {
        guard let silero = try? SileroVoiceActivityDetector(sensitivity: sensitivity) else {
            return EnergyVoiceActivityDetector.standard(sensitivity: sensitivity)
        }
        return silero
    }
}
