import DictationKit

/// What can go wrong with Whisper, each with its message in English and Norwegian bokmål.
///
/// The exhaustive `switch` in ``error`` makes a new case impossible to add without both texts.
enum WhisperProblem: Hashable {
    /// No model file at this path.
    case modelMissing(path: String)
    /// The file exists but can't be read.
    case modelUnreadable(path: String, reason: String)
    /// The file is not a whole whisper.cpp model.
    case modelDamaged(path: String, fault: WhisperModelFault)
    /// whisper.cpp refused a file that passed the checks.
    case modelRejected(path: String)
    /// No Whisper model is installed for the locale.
    case noModel(locale: String, installed: [String])
    /// The model knows only English and another language was asked for.
    case englishOnly(model: String, locale: String)
    /// whisper.cpp could not make a decoding state (memory).
    case stateFailed
    /// `whisper_full` returned an error code.
    case decodingFailed(status: Int32)

    var error: DictationError {
        switch self {
        case .modelMissing(let path):
            .modelNotFound(
                DictationError.Text(
                    english: "the Whisper model \(path) does not exist",
                    norwegianBokmal: "Whisper-modellen \(path) finnes ikke"))
        case .modelUnreadable(let path, let reason):
            .modelNotFound(
                DictationError.Text(
                    english: "the Whisper model \(path) can't be read (\(reason))",
                    norwegianBokmal: "Whisper-modellen \(path) kan ikke leses (\(reason))"))
        case .modelDamaged(let path, let fault):
            .modelNotFound(
                DictationError.Text(
                    english: "\(path) is not a whole whisper.cpp model (\(fault.english)); install it again "
                        + "with `dictate models install`",
                    norwegianBokmal: "\(path) er ikke en hel whisper.cpp-modell (\(fault.norwegianBokmal)); "
                        + "installer den på nytt med `dictate models install`"))
        case .modelRejected(let path):
            .modelNotFound(
                DictationError.Text(
                    english: "whisper.cpp could not load \(path); `dictate transcribe --verbose` shows why",
                    norwegianBokmal: "whisper.cpp klarte ikke å laste \(path); `dictate transcribe --verbose` "
                        + "viser hvorfor"))
        case .noModel(let locale, let installed):
            .modelNotFound(
                DictationError.Text(
                    english: "no Whisper model for \(locale) is installed"
                        + (installed.isEmpty ? "" : " (installed: \(installed.joined(separator: ", ")))")
                        + "; `dictate models list` shows the ones to install",
                    norwegianBokmal: "ingen Whisper-modell for \(locale) er installert"
                        + (installed.isEmpty ? "" : " (installert: \(installed.joined(separator: ", ")))")
                        + "; `dictate models list` viser hvilke som kan installeres"))
        case .englishOnly(let model, let locale):
            DictationError(
                code: .localeUnsupported,
                message: DictationError.Text(
                    english: "The Whisper model \(model) knows English only, so I can't transcribe \(locale) with it; "
                        + "install a multilingual one (`dictate models install whisper-base`).",
                    norwegianBokmal: "Whisper-modellen \(model) kan bare engelsk, så jeg kan ikke transkribere "
                        + "\(locale) med den; installer en flerspråklig (`dictate models install whisper-base`)."))
        case .stateFailed:
            .recognitionFailed(
                DictationError.Text(
                    english: "whisper.cpp could not make room to decode (memory)",
                    norwegianBokmal: "whisper.cpp fikk ikke plass til å dekode (minne)"))
        case .decodingFailed(let status):
            .recognitionFailed(
                DictationError.Text(
                    english: "whisper.cpp failed with status \(status)",
                    norwegianBokmal: "whisper.cpp feilet med status \(status)"),
                isFatal: false)
        }
    }
}

extension WhisperModelFault {
    var english: String {
        switch self {
        case .notAModel: "it does not start as one"
        case .truncated(let what): "it ends early, reading \(what)"
        case .badField(let what): "it says \(what)"
        }
    }

    var norwegianBokmal: String {
        switch self {
        case .notAModel: "den begynner ikke som en"
        case .truncated(let what): "den slutter for tidlig, ved lesing av \(what)"
        case .badField(let what): "den oppgir \(what)"
        }
    }
}
