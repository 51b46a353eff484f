import ArgumentParser
import Dictation
import DictationKit
import DictationPreprocessing

/// How much conditioning `--preprocessing` asks for.
enum PreprocessingPreset: String, ExpressibleByArgument, CaseIterable {
    /// High-pass filter, noise suppression when the audio is noisy, and gain control, as
    /// `StandardPreprocessing` does by default.
    case standard
    /// Format conversion only: the audio reaches the recognizer as recorded.
    case none
}

/// Which voice activity detector `--voice-detector` asks for.
enum VoiceDetectorChoice: String, ExpressibleByArgument, CaseIterable {
    /// The one that suits the recognizer: Silero where Whisper decodes the locale (and its model
    /// is installed), the energy detector where PocketSphinx does.
    case auto
    /// `EnergyVoiceActivityDetector`: frame energy against a noise floor.
    case energy
    /// `SileroVoiceActivityDetector`: the Silero network through whisper.cpp.
    case silero
}

extension UtteranceSegmentation: ExpressibleByArgument {}
extension StandardPreprocessing.NoiseSuppression: ExpressibleByArgument {}

/// The preprocessing and endpointing knobs of `transcribe` and `listen`.
struct SpeechProcessingOptions: ParsableArguments {
    @Option(help: "Who cuts speech into utterances: endpointer (DictationKit's) or recognizer (PocketSphinx's own).")
    var segmentation: UtteranceSegmentation = .endpointer

    @Option(help: "standard (high-pass filter, noise suppression when noisy, gain control) or none (the audio as recorded).")
    var preprocessing: PreprocessingPreset = .standard

    @Option(help: "Lower steady background noise under the speech: auto (when the audio is noisy), on or off.")
    var noiseSuppression: StandardPreprocessing.NoiseSuppression?

    @Option(name: .customLong("high-pass"), help: ArgumentHelp("High-pass cutoff in Hz.", valueName: "hz"))
    var highPassCutoff: Double?

    @Option(
        help: ArgumentHelp("Voice activity sensitivity, 0 (only clear speech) to 1 (anything above the noise).", valueName: "0-1")
    )
    var vadSensitivity: Double?

    @Option(
        help: ArgumentHelp(
            "Who tells speech from the rest: auto (silero where Whisper decodes, energy where PocketSphinx does), energy (loudness against the noise floor) or silero (a neural network: noise, hum and music are not speech).",
            valueName: "detector"))
    var voiceDetector: VoiceDetectorChoice = .auto

    @Option(help: ArgumentHelp("Silence that ends an utterance.", valueName: "seconds"))
    var trailingSilence: Double?

    @Option(help: ArgumentHelp("The longest utterance; longer speech is split at a pause.", valueName: "seconds"))
    var maxUtterance: Double?

    @Option(help: ArgumentHelp("Audio kept before the detected start of speech.", valueName: "seconds"))
    var preRoll: Double?

    @Option(help: ArgumentHelp("Of the trailing silence, how much stays in the utterance's audio.", valueName: "seconds"))
    var keptSilence: Double?

    func validate() throws {
        for (name, value) in [
            ("--high-pass", highPassCutoff), ("--trailing-silence", trailingSilence), ("--max-utterance", maxUtterance),
        ] {
            if let value, !(value > 0) { throw ValidationError("\(name) must be a positive number") }
        }
        if let vadSensitivity, !(0...1).contains(vadSensitivity) {
            throw ValidationError("--vad-sensitivity must be between 0 and 1")
        }
        if let preRoll, !(0...1).contains(preRoll) { throw ValidationError("--pre-roll must be between 0 and 1 second") }
        if let keptSilence, !(keptSilence >= 0) { throw ValidationError("--kept-silence must be 0 or more seconds") }
    }

    /// The conditioning `StandardPreprocessing` is made with.
    var preprocessingOptions: StandardPreprocessing.Options {
        var options = preprocessing == .none ? StandardPreprocessing.Options.none : StandardPreprocessing.Options()
        if let highPassCutoff { options.highPassCutoff = highPassCutoff }
        if let noiseSuppression { options.noiseSuppression = noiseSuppression }
        return options
    }

    /// The voice activity detector `StandardPreprocessing` is made with, at `--vad-sensitivity`
    /// if given (with either preset: the endpointer needs it). `auto` is the one that suits the
    /// recognizer for the locale: Silero where Whisper decodes it and the model is installed.
    /// - Parameters:
    ///   - recognizer: The command's recognizer.
    ///   - locale: The locale the session recognizes.
    ///   - language: The language of the message when the Silero model is missing.
    /// - Throws: `ExitCode` 69 after printing the `modelNotFound` error when `--voice-detector
    ///   silero` is asked for and its model is missing or refused.
    func voiceActivityDetector(
        for recognizer: StandardRecognizer, locale: String, language: DictationError.Language
    ) throws -> any VoiceActivityDetecting {
        let sensitivity = vadSensitivity ?? 0.5
        switch voiceDetector {
        case .energy: return EnergyVoiceActivityDetector.standard(sensitivity: sensitivity)
        case .auto: return recognizer.voiceActivityDetector(forLocale: locale, sensitivity: sensitivity)
        case .silero:
            do {
                return try SileroVoiceActivityDetector(sensitivity: sensitivity)
            } catch {
                Terminal.write("dictate: \(error.localized(to: language).description)\n", toStandardError: true)
                throw ExitCode(CLIExitCode.for(error))
            }
        }
    }

    /// The endpointing options as DictationKit takes them.
    var endpointingOptions: EndpointingOptions {
        let defaults = EndpointingOptions()
        return EndpointingOptions(
            segmentation: segmentation, trailingSilence: trailingSilence ?? defaults.trailingSilence,
            maxUtteranceDuration: maxUtterance ?? defaults.maxUtteranceDuration, preRoll: preRoll ?? defaults.preRoll,
            keptSilence: keptSilence ?? defaults.keptSilence)
    }
}
