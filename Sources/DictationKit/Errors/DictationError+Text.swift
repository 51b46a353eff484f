extension DictationError {
    /// Words for people, in whichever language DictationKit writes its messages in.
    ///
    /// A text is resolved only when it is shown: DictationKit's own messages are kept by key
    /// (`MessageID`) in one table per language (`MessageTable`), and ``string(in:)`` looks the
    /// key up in the table of the language asked for and fills in the message's placeholders. A
    /// placeholder's value is a text too, so a clause such as "the file /tmp/a.wav" reads in the
    /// language of the sentence around it.
    ///
    /// Text an app makes itself, such as the detail of an invalid-audio error, reads the same in
    /// every language:
    ///
    /// ```swift
    /// let detail: DictationError.Text = "the file \(path) is empty"
    /// throw DictationError.invalidAudio(detail)
    /// ```
    ///
    /// Two texts are equal when they read the same in every language, however they were made.
    public struct Text: Sendable, Hashable, ExpressibleByStringInterpolation {
        /// What a text is made of; rendered in a language by ``string(in:)``.
        private indirect enum Storage: Sendable {
            /// A message of the tables, with the values of its placeholders.
            case message(MessageID, arguments: [String: Text])
            /// Words that read the same in every language: a path, a name, a tool's output.
            case untranslated(String)
            /// A number written with a decimal point, shown with the decimal mark of the language.
            case number(String)
            /// Texts one after the other, with a separator between them.
            case joined([Text], separator: Text)
            /// A text that arrived already translated, from another process that has the
            /// tables: what the control socket carries.
            case translations([Language: String])
        }

        private let storage: Storage

        private init(storage: Storage) {
            self.storage = storage
        }

        /// Creates a text that reads the same in every language, such as a path or a name.
        /// - Parameter untranslated: The text for every language.
        public init(_ untranslated: String) {
            self.init(storage: .untranslated(untranslated))
        }

        /// Creates a text that reads the same in every language from a string literal.
        /// - Parameter value: The text for every language.
        public init(stringLiteral value: String) {
            self.init(value)
        }

        /// Creates a text that reads the same in every language from an interpolated string,
        /// such as `"the file \(path) is empty"`.
        /// - Parameter stringInterpolation: The interpolated string.
        public init(stringInterpolation: DefaultStringInterpolation) {
            self.init(String(stringInterpolation: stringInterpolation))
        }

        /// A message of the tables.
        /// - Parameters:
        ///   - id: The message's key.
        ///   - arguments: The value of each of its placeholders, by name (`"path"` fills `{path}`).
        package init(_ id: MessageID, _ arguments: [String: Text] = [:]) {
            self.init(storage: .message(id, arguments: arguments))
        }

        /// A number written with a decimal point (`"0.5"`), shown with the decimal mark of the
        /// language it is read in (`0,5` in Norwegian).
        /// - Parameter number: The number, with `.` as its decimal mark.
        package init(number: String) {
            self.init(storage: .number(number))
        }

        /// Texts one after the other, each in the language of the whole.
        /// - Parameters:
        ///   - parts: The texts.
        ///   - separator: What goes between two of them, such as `", "`.
        package init(joining parts: [Text], separator: Text) {
            self.init(storage: .joined(parts, separator: separator))
        }

        /// A text that arrived already translated, such as an error another process sent: the
        /// string for each language it was sent in, English for a language it was not.
        /// - Parameter translations: The text in each language; should have English.
        package init(translations: [Language: String]) {
            self.init(storage: .translations(translations))
        }

        /// The text in one language.
        ///
        /// A message the language's table lacks is shown in English, never not at all.
        /// - Parameter language: The language wanted.
        /// - Returns: The words in that language.
        public func string(in language: Language) -> String {
            switch storage {
            case .message(let id, let arguments):
                MessageTable.template(for: id, in: language).filling { name in
                    arguments[name]?.string(in: language)
                }
            case .untranslated(let text):
                text
            case .number(let number):
                number.replacing(".", with: MessageTable.template(for: .decimalMark, in: language))
            case .joined(let parts, let separator):
                parts.map { $0.string(in: language) }.joined(separator: separator.string(in: language))
            case .translations(let translations):
                translations[language] ?? translations[.english] ?? ""
            }
        }

        /// Whether two texts read the same in every language.
        /// - Parameters:
        ///   - lhs: A text.
        ///   - rhs: Another text.
        /// - Returns: `true` when they are the same words in each language.
        public static func == (lhs: Text, rhs: Text) -> Bool {
            Language.allCases.allSatisfy { lhs.string(in: $0) == rhs.string(in: $0) }
        }

        /// Hashes the words in every language, so that equal texts hash alike.
        /// - Parameter hasher: The hasher to feed.
        public func hash(into hasher: inout Hasher) {
            for language in Language.allCases { hasher.combine(string(in: language)) }
        }
    }
}
