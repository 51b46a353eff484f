/// What `dictate control` asks a running dictation to do, as it goes over the control socket.
///
/// A struct of static constants rather than an enum, like ``DictationKit/DictationError/Code``,
/// so that a command added later does not break a handler's `switch`: keep a `default:`. Its
/// `rawValue` is the word on the command line and in the protocol's JSON.
public struct DictationControlCommand: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The command's word: `start`, `stop`, `toggle`, ...
    public let rawValue: String

    /// Creates a command from its word.
    /// - Parameter rawValue: The word, such as `"start"`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The command's word.
    public var description: String { rawValue }

    /// Start listening (a hotkey's key down, for push-to-talk). Listening already: nothing changes.
    public static let start = DictationControlCommand(rawValue: "start")
    /// Stop listening and write what was heard, the last word included (the key up).
    public static let stop = DictationControlCommand(rawValue: "stop")
    /// Start when not listening, stop when listening.
    public static let toggle = DictationControlCommand(rawValue: "toggle")
    /// Stop listening and throw away the utterance under way instead of writing it.
    public static let cancel = DictationControlCommand(rawValue: "cancel")
    /// Close the audio device but keep the model loaded, so that ``resume`` is instant.
    public static let suspend = DictationControlCommand(rawValue: "suspend")
    /// Open the device again after ``suspend`` and listen.
    public static let resume = DictationControlCommand(rawValue: "resume")
    /// Only the current status; changes nothing.
    public static let status = DictationControlCommand(rawValue: "status")
    /// End the running instance.
    public static let quit = DictationControlCommand(rawValue: "quit")
    /// Say the last utterance still in the text aloud (as the spoken "read that back" does);
    /// changes nothing.
    public static let readBack = DictationControlCommand(rawValue: "read-back")
    /// Say the state aloud through the instance's own sounds (`dictate control --speak`):
    /// the instance silences its microphone while it plays, which a sound from another process
    /// would not be. Changes nothing.
    public static let sayStatus = DictationControlCommand(rawValue: "say-status")

    /// Every command this version knows, in the order `dictate control --help` lists them.
    public static let allKnown: [DictationControlCommand] = [
        .start, .stop, .toggle, .cancel, .suspend, .resume, .status, .readBack, .sayStatus, .quit,
    ]
}

/// What a running dictation is doing, as ``DictationControlStatus`` reports it.
public enum DictationControlState: String, Sendable, Codable, CaseIterable {
    /// The device is open and what is said is written.
    case listening
    /// Suspended: the model is loaded, the device closed.
    case paused
    /// Running, not listening: waiting for `start`.
    case idle
}
