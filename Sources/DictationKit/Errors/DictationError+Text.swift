extension DictationError {
    /// Words in each language DictationKit writes messages in: English and Norwegian bokmål.
    ///
    /// Used for whole messages, and for the details a factory such as `invalidAudio` puts into its
    /// sentence, so that a Norwegian reader gets the whole message in Norwegian.
    ///
    /// ```swift
    /// let detail = DictationError.Text(
    ///     english: "the file \(path) is empty", norwegianBokmal: "filen \(path) er tom")
    /// throw DictationError.invalidAudio(detail)
    /// ```
    public struct Text: Sendable, Hashable {
        /// The English words.
        public var english: String
        /// The same in Norwegian bokmål.
        public var norwegianBokmal: String

        /// Creates a text from its translations.
        /// - Parameters:
        ///   - english: The English words.
        ///   - norwegianBokmal: The same in Norwegian bokmål.
        public init(english: String, norwegianBokmal: String) {
            self.english = english
            self.norwegianBokmal = norwegianBokmal
        }

        /// Creates a text that reads the same in every language, such as a path or a name.
        /// - Parameter untranslated: The text for every language.
        public init(_ untranslated: String) {
            self.init(english: untranslated, norwegianBokmal: untranslated)
        }

        /// The text in one language.
        /// - Parameter language: The language wanted.
        /// - Returns: The words in that language.
        public func string(in language: Language) -> String {
            switch language {
            case .english: english
            case .norwegianBokmal: norwegianBokmal
            }
        }
    }
}
