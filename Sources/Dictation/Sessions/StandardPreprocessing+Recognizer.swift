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
        // The default one is checked once per process: a server makes a session's chain on its
        // connection's task, where loading the model file again for each would block.
        let checked = sensitivity == 0.5 ? installedSilero : try? SileroVoiceActivityDetector(sensitivity: sensitivity)
        guard let silero = checked else {
            return EnergyVoiceActivityDetector.standard(sensitivity: sensitivity)
        }
        return silero
    }

    /// The installed Silero detector at the default sensitivity, its model loaded once to check
    /// it; `nil` where it is missing or refused.
    private static let installedSilero = try? SileroVoiceActivityDetector()
}
