/// A command the user spoke while dictating ("scratch that", "new line"), delivered as an event
/// (``DictationEvent/command(_:)``) rather than as text.
///
/// A recognizer only hears words; a formatting stage (`DictationFormatting`'s `FormattingStage`)
/// tells a command from ordinary words, and only as a whole utterance or at an utterance's end,
/// so that a sentence which merely contains the words is not eaten. The final of the utterance
/// comes first (its written text without the command's words), then the command: an app applies
/// it to the text it has built from the finals before.
public struct DictationCommand: Sendable, Hashable, Codable {
    /// What a command asks for. A struct with static values rather than an enum, like
    /// ``DictationError/Code``: new kinds can come without breaking an app's `switch`.
    public struct Kind: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
        /// The stable name, as in the `command` field of the JSON form.
        public var rawValue: String

        /// Creates a kind from its stable name.
        /// - Parameter rawValue: The name, e.g. `"scratchThat"`.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// "scratch that": remove the last final that is still in the text
        /// (``DictationCommand/scratchedUtterance``).
        public static let scratchThat = Kind(rawValue: "scratchThat")
        /// "new line": what follows starts on a line of its own.
        public static let newLine = Kind(rawValue: "newLine")
        /// "new paragraph": what follows starts a paragraph (after a blank line).
        public static let newParagraph = Kind(rawValue: "newParagraph")
        /// "stop dictating": the user is done; an app stops its session (``DictationSession/stop()``).
        public static let stopDictating = Kind(rawValue: "stopDictating")
        /// "read that back": the last final still in the text is said aloud (DictationFeedback's
        /// `AudioFeedback` does it); the text is unchanged.
        public static let readBack = Kind(rawValue: "readBack")

        /// The stable name.
        public var description: String { rawValue }
    }

    /// What the command asks for.
    public var kind: Kind
    /// The utterance the command was spoken in; its final comes just before the command.
    public var utteranceIndex: Int
    /// For ``Kind/scratchThat``: the utterance whose final to remove, the last one still in the
    /// text (a second "scratch that" removes the one before); `nil` when there is none left, or
    /// for other kinds.
    public var scratchedUtterance: Int?

    /// Creates a command.
    /// - Parameters:
    ///   - kind: What the command asks for.
    ///   - utteranceIndex: The utterance it was spoken in.
    ///   - scratchedUtterance: For "scratch that", the utterance to remove.
    public init(kind: Kind, utteranceIndex: Int, scratchedUtterance: Int? = nil) {
        self.kind = kind
        self.utteranceIndex = utteranceIndex
        self.scratchedUtterance = scratchedUtterance
    }
}
