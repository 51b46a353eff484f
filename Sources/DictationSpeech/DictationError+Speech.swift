import DictationKit

extension DictationError.Code {
    /// espeak-ng could not speak: its data (`espeak-ng-data`) is missing, or it has no voice for
    /// the language asked for.
    public static let speechUnavailable = DictationError.Code(rawValue: "speechUnavailable")
}

extension DictationError {
    /// espeak-ng could not speak in a voice.
    static func speechUnavailable(voice: String, problem: Espeak.Failure) -> DictationError {
        let reason: Text =
            switch problem {
            case .notLoaded: Text(.speechDataMissing)
            case .noVoice: Text(.speechNoVoice, ["voice": "\(voice)"])
            case .synthesis(let status): Text(.speechFailed, ["status": "\(status)"])
            }
        return DictationError(code: .speechUnavailable, message: Text(.speechUnavailable, ["reason": reason]), isFatal: false)
    }
}
