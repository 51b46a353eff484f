/// What a running dictation reports over the control socket: its state, the level of what it
/// hears, and who it is. `dictate control status --format jsonl` prints it as JSON, one object a
/// line (`{"state":"listening","level":-32.5,"pid":4242}`), for bars and applets.
public struct DictationControlStatus: Sendable, Hashable, Codable {
    /// What it is doing.
    public var state: DictationControlState
    /// The level of the last audio read, in dBFS (0 is full scale), while listening; `nil`
    /// otherwise. In JSON it is never below ``levelFloor`` (silence is -infinity) and is left
    /// out when it is not a number.
    public var level: Float?
    /// The process id of the running instance.
    public var pid: Int32
    /// The output the text goes to (`xdotool`, `wtype`, `paste`, `stdout`, ...), when it says.
    public var output: String?
    /// The locale it recognizes, when it says.
    public var locale: String?

    /// The lowest level written in JSON: digital silence is -infinity dBFS, which JSON can't hold,
    /// and anything below the noise floor of 16-bit audio (-96 dBFS) reads as silence anyway.
    public static let levelFloor: Float = -100

    /// Creates a status.
    /// - Parameters:
    ///   - state: What the instance is doing.
    ///   - level: The level in dBFS while listening, else `nil`.
    ///   - pid: The instance's process id.
    ///   - output: The output the text goes to, if it says.
    ///   - locale: The locale it recognizes, if it says.
    public init(
        state: DictationControlState, level: Float? = nil, pid: Int32, output: String? = nil, locale: String? = nil
    ) {
        self.state = state
        self.level = level
        self.pid = pid
        self.output = output
        self.locale = locale
    }

    private enum CodingKeys: String, CodingKey {
        case state, level, pid, output, locale
    }

    /// Writes the status as the protocol's JSON object, the level clamped to ``levelFloor``.
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(state, forKey: .state)
        if let level, !level.isNaN {
            try container.encode(Swift.max(Self.levelFloor, level), forKey: .level)
        }
        try container.encode(pid, forKey: .pid)
        try container.encodeIfPresent(output, forKey: .output)
        try container.encodeIfPresent(locale, forKey: .locale)
    }
}
