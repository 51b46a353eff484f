/// The messages DictationKit writes for people, one table per language, each keyed by
/// ``MessageID``.
///
/// A table is a Swift dictionary compiled into the library (`MessageTable+English.swift`,
/// `MessageTable+NorwegianBokmal.swift`) rather than a SwiftPM resource file per language. On
/// Linux, Foundation finds a target's resource bundle (`Bundle.module`) only next to the
/// executable or at the absolute build path compiled into it, and calls `fatalError` when it
/// finds neither: a `dictate` binary copied elsewhere, or an app that embeds the library and
/// ships its binary alone, would crash on its first error message. A table compiled in can't go
/// missing.
///
/// A template names its values with placeholders such as `{path}`, so that a translation may put
/// them where its language wants them. Adding a language is adding a table: a file with the
/// language's dictionary, a case of ``DictationError/Language``, and its line in
/// ``table(for:)``; `MessageTableTests` fails until the table has every key with the same
/// placeholders as English.
package enum MessageTable {
    /// The table of a language: the one place a language is tied to its messages.
    /// - Parameter language: The language.
    /// - Returns: Its templates by key.
    package static func table(for language: DictationError.Language) -> [MessageID: String] {
        switch language {
        case .english: english
        case .norwegianBokmal: norwegianBokmal
        }
    }

    /// The template of a message in a language: in English when the language's table lacks it
    /// (a test keeps that from happening), and its key when even English does, so that a
    /// message is never lost and never crashes.
    /// - Parameters:
    ///   - id: The message's key.
    ///   - language: The language wanted.
    /// - Returns: The template, with its `{placeholders}` unfilled.
    package static func template(for id: MessageID, in language: DictationError.Language) -> String {
        table(for: language)[id] ?? english[id] ?? id.rawValue
    }
}
