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
    /// No Whisper model is installed for the locale; the message names the pack to install.
    case noModel(locale: String, installed: [String])
    /// Whisper does not know the locale's language.
    case unknownLanguage(locale: String, language: String)
    /// The model knows only English and another language was asked for.
    case englishOnly(model: String, locale: String)
    /// whisper.cpp could not make a decoding state (memory).
    case stateFailed
    /// `whisper_full` returned an error code.
    case decodingFailed(status: Int32)

    var error: DictationError {
        switch self {
        case .modelMissing(let path):
            Self.modelNotFound(
                DictationError.Text(
                    english: "the Whisper model \(path) does not exist",
                    norwegianBokmal: "Whisper-modellen \(path) finnes ikke"),
                advice: Self.listAdvice)
        case .modelUnreadable(let path, let reason):
            Self.modelNotFound(
                DictationError.Text(
                    english: "the Whisper model \(path) can't be read (\(reason))",
                    norwegianBokmal: "Whisper-modellen \(path) kan ikke leses (\(reason))"),
                advice: DictationError.Text(
                    english: "Check its permissions, or install it again with `dictate models install`.",
                    norwegianBokmal: "Sjekk tillatelsene, eller installer den på nytt med `dictate models install`."))
        case .modelDamaged(let path, let fault):
            Self.modelNotFound(
                DictationError.Text(
                    english: "\(path) is not a whole whisper.cpp model (\(fault.english))",
                    norwegianBokmal: "\(path) er ikke en hel whisper.cpp-modell (\(fault.norwegianBokmal))"),
                advice: DictationError.Text(
                    english: "Install it again with `dictate models install` (with --force), or remove it with "
                        + "`dictate models remove`.",
                    norwegianBokmal: "Installer den på nytt med `dictate models install` (med --force), eller fjern den "
                        + "med `dictate models remove`."))
        case .modelRejected(let path):
            Self.modelNotFound(
                DictationError.Text(
                    english: "whisper.cpp could not load \(path)",
                    norwegianBokmal: "whisper.cpp klarte ikke å laste \(path)"),
                advice: DictationError.Text(
                    english: "`dictate transcribe --verbose` shows why.",
                    norwegianBokmal: "`dictate transcribe --verbose` viser hvorfor."))
        case .noModel(let locale, let installed):
            DictationError(
                code: .modelNotFound,
                message: DictationError.Text(
                    english: "I have no Whisper model for \(locale)"
                        + (installed.isEmpty ? "" : " (installed: \(installed.joined(separator: ", ")))")
                        + ". Install one with `dictate models install \(WhisperModelPack.recommended(forLocale: locale).name)`; "
                        + "`dictate models list` shows the others.",
                    norwegianBokmal: "Jeg har ingen Whisper-modell for \(locale)"
                        + (installed.isEmpty ? "" : " (installert: \(installed.joined(separator: ", ")))")
                        + ". Installer en med `dictate models install \(WhisperModelPack.recommended(forLocale: locale).name)`; "
                        + "`dictate models list` viser de andre."))
        case .unknownLanguage(let locale, let language):
            DictationError(
                code: .localeUnsupported,
                message: DictationError.Text(
                    english: "Whisper does not know the language of \(locale) (\(language)), so no Whisper model "
                        + "can transcribe it; `dictate locales` lists the languages I can transcribe.",
                    norwegianBokmal: "Whisper kan ikke språket i \(locale) (\(language)), så ingen Whisper-modell kan "
                        + "transkribere det; `dictate locales` viser språkene jeg kan transkribere."))
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

extension WhisperProblem {
    /// What to do about a missing model: see which there are.
    static let listAdvice = DictationError.Text(
        english: "`dictate models list` shows the Whisper models to install, or give a model file with --model.",
        norwegianBokmal: "`dictate models list` viser Whisper-modellene som kan installeres, eller oppgi en modellfil "
            + "med --model.")

    /// A Whisper model that is missing or can't be used, with Whisper's advice rather than the
    /// PocketSphinx advice of ``DictationError/modelNotFound(_:)``.
    static func modelNotFound(_ detail: DictationError.Text, advice: DictationError.Text) -> DictationError {
        DictationError(
            code: .modelNotFound,
            message: DictationError.Text(
                english: "I can't use the Whisper model: \(detail.english). \(advice.english)",
                norwegianBokmal: "Jeg kan ikke bruke Whisper-modellen: \(detail.norwegianBokmal). \(advice.norwegianBokmal)"))
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
