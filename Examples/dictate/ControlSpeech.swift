import DictationDesktop
import DictationKit

/// What `dictate control --speak` says: the state in words of the user's language.
enum ControlSpeech {
    static func text(for state: DictationControlState, in language: DictationError.Language) -> String {
        let message: MessageID =
            switch state {
            case .listening: .spokenStateListening
            case .paused: .spokenStateSuspended
            case .idle: .spokenStateIdle
            }
        return DictationError.Text(message).string(in: language)
    }

    static func notRunning(in language: DictationError.Language) -> String {
        DictationError.Text(.spokenStateNotRunning).string(in: language)
    }

    /// The locale whose voice speaks a language's messages.
    static func locale(of language: DictationError.Language) -> String {
        language == .norwegianBokmal ? "nb-NO" : "en-US"
    }
}
