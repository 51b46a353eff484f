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

    /// The note printed when a session recognizes another locale than the one asked for.
    /// - Parameters:
    ///   - requested: The locale asked for.
    ///   - used: The locale recognized.
    ///   - language: The language to write in.
    static func localeNote(requested: String, used: String, in language: DictationError.Language) -> String {
        switch language {
        case .english:
            "I have no speech model for \(requested), so I'm recognizing \(used) instead; `dictate locales` lists "
                + "the installed ones."
        case .norwegianBokmal:
            "Jeg har ingen talemodell for \(requested), så jeg gjenkjenner \(used) i stedet; `dictate locales` viser "
                + "de installerte."
        }
    }
}

extension DictationEvent {
    /// The event with an error's message in a given language; any other event as it is.
    /// - Parameter language: The language for an error's message.
    func localized(to language: DictationError.Language) -> DictationEvent {
        guard case .error(let error) = self else { return self }
        return .error(error.localized(to: language))
    }
}
