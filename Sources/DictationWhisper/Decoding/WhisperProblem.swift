import DictationKit

/// What can go wrong with Whisper, each with its message in English and Norwegian bokmål.
///
/// The exhaustive `switch` in ``error`` gives every case its message; the words are in DictationKit's
/// message tables, one per language, where a test checks that no language lacks one.
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
    /// The Silero voice activity model is at none of these paths.
    case sileroModelMissing(searched: [String])
    /// whisper.cpp refused the Silero voice activity model at this path.
    case sileroModelRejected(path: String)

    var error: DictationError {
        switch self {
        case .modelMissing(let path):
            Self.modelNotFound(
                DictationError.Text(.whisperModelMissing, ["path": "\(path)"]),
                advice: Self.listAdvice)
        case .modelUnreadable(let path, let reason):
            Self.modelNotFound(
                DictationError.Text(.whisperModelUnreadable, ["path": "\(path)", "reason": "\(reason)"]),
                advice: DictationError.Text(.whisperModelPermissionAdvice))
        case .modelDamaged(let path, let fault):
            Self.modelNotFound(
                DictationError.Text(.whisperModelDamaged, ["path": "\(path)", "fault": fault.text]),
                advice: DictationError.Text(.whisperModelReinstallAdvice))
        case .modelRejected(let path):
            Self.modelNotFound(
                DictationError.Text(.whisperModelRejected, ["path": "\(path)"]),
                advice: DictationError.Text(.whisperVerboseAdvice))
        case .noModel(let locale, let installed):
            DictationError(
                code: .modelNotFound,
                message: DictationError.Text(
                    .whisperNoModel,
                    [
                        "locale": "\(locale)",
                        "installed": installed.isEmpty
                            ? ""
                            : DictationError.Text(.whisperInstalledModels, ["models": "\(installed.joined(separator: ", "))"]),
                        "pack": "\(WhisperModelPack.recommended(forLocale: locale).name)",
                    ]))
        case .unknownLanguage(let locale, let language):
            DictationError(
                code: .localeUnsupported,
                message: DictationError.Text(.whisperUnknownLanguage, ["locale": "\(locale)", "language": "\(language)"]))
        case .englishOnly(let model, let locale):
            DictationError(
                code: .localeUnsupported,
                message: DictationError.Text(.whisperEnglishOnly, ["model": "\(model)", "locale": "\(locale)"]))
        case .stateFailed:
            .recognitionFailed(
                DictationError.Text(.whisperStateFailed))
        case .decodingFailed(let status):
            .recognitionFailed(
                DictationError.Text(.whisperDecodingFailed, ["status": "\(status)"]),
                isFatal: false)
        case .sileroModelMissing(let searched):
            DictationError(
                code: .modelNotFound,
                message: DictationError.Text(.sileroModelMissing, ["paths": "\(searched.joined(separator: ", "))"]))
        case .sileroModelRejected(let path):
            DictationError(
                code: .modelNotFound,
                message: DictationError.Text(.sileroModelRejected, ["path": "\(path)"]))
        }
    }
}

extension WhisperProblem {
    /// What to do about a missing model: see which there are.
    static let listAdvice = DictationError.Text(.whisperListAdvice)

    /// A Whisper model that is missing or can't be used, with Whisper's advice rather than the
    /// PocketSphinx advice of ``DictationError/modelNotFound(_:)``.
    static func modelNotFound(_ detail: DictationError.Text, advice: DictationError.Text) -> DictationError {
        DictationError(
            code: .modelNotFound,
            message: DictationError.Text(.whisperModelNotFound, ["detail": detail, "advice": advice]))
    }
}

extension WhisperModelFault {
    /// What is wrong, as a clause for a message.
    var text: DictationError.Text {
        switch self {
        case .notAModel: DictationError.Text(.whisperFaultNotAModel)
        case .truncated(let what): DictationError.Text(.whisperFaultTruncated, ["what": "\(what)"])
        case .badField(let what): DictationError.Text(.whisperFaultBadField, ["what": "\(what)"])
        }
    }
}
