import DictationKit

/// The language `dictate` writes errors and notes in.
enum MessageLanguage {
    /// That of `--locale` when it was given, else that of the environment (`LC_ALL`,
    /// `LC_MESSAGES`, `LANG`): someone who asks for Norwegian speech reads Norwegian, and
    /// someone whose system is Norwegian does too, whatever is recognized.
    /// - Parameter locale: The `--locale` given, if any.
    static func resolve(locale: String?) -> DictationError.Language {
        locale.map(DictationError.Language.init(locale:)) ?? DictationError.Language()
    }
}
