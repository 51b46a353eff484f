extension DictationEvent {
    /// The event with an error's message in a given language; any other event as it is.
    ///
    /// A session writes its errors in the language of its ``DictationOptions/locale``; an app
    /// whose user reads another language (a Norwegian user dictating English) localizes each
    /// event as it arrives.
    /// - Parameter language: The language for an error's message.
    /// - Returns: The event, an error in `language`.
    public func localized(to language: DictationError.Language) -> DictationEvent {
        guard case .error(let error) = self else { return self }
        return .error(error.localized(to: language))
    }

    /// What the event has to tell a person, in a language, for the events that are notices rather
    /// than results: a ``localeSelected(requested:used:)`` fallback ("I have no speech model for
    /// nb-NO, so I'm recognizing en-US instead; ...") and an error (its
    /// ``DictationError/description``: the message and the code).
    ///
    /// Results (partials, finals, commands) and measurements (levels, progress, speech activity, state
    /// changes, blocks) carry data an app shows in its own way; for them this is `nil`.
    /// - Parameter language: The language to write in.
    /// - Returns: A sentence for people, or `nil`.
    public func notice(in language: DictationError.Language) -> String? {
        switch self {
        case .localeSelected(let requested, let used):
            DictationError.Text(.localeFallbackNotice, ["requested": "\(requested)", "used": "\(used)"]).string(in: language)
        case .error(let error):
            error.localized(to: language).description
        default:
            nil
        }
    }
}
