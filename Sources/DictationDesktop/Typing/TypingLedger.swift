import DictationKit

/// What has been typed in one dictation, utterance by utterance, and what to type next: the
/// bookkeeping that keeps text from being typed twice, and lets "scratch that" erase exactly what
/// an utterance typed.
///
/// Pure: it plans ``Edit``s and is told (``typed(_:utterance:window:)``,
/// ``erased(_:)``) what really reached the window, so a tool that fails halfway leaves it true.
struct TypingLedger {
    /// One change to the text in the window.
    enum Edit: Hashable {
        /// Type these characters.
        case type(String)
        /// Erase this many characters before the cursor.
        case erase(Int)
    }

    /// A run of characters typed for one utterance (or one command), into one window.
    struct Segment: Hashable {
        var utterance: Int
        var text: String
        var window: String?
    }

    /// Characters that take no space before them.
    private static let closing: Set<Character> = [",", ".", ";", ":", "!", "?", ")", "]", "}", "”", "’", "%", "…"]
    /// Characters after which no space comes.
    private static let opening: Set<Character> = ["(", "[", "{", "“", "‘", "\n", " ", "\t"]

    /// What was typed, oldest first; bounded, so that a long dictation keeps what "scratch that"
    /// can reach.
    private(set) var segments: [Segment] = []
    /// How far back "scratch that" reaches, as the formatting stage's own bound.
    static let keptSegments = 200

    /// What the utterance has typed so far, its leading space included.
    /// - Parameter utterance: The utterance.
    /// - Returns: Its characters, or `""` when it typed nothing (yet).
    func text(of utterance: Int) -> String {
        guard let last = segments.last, last.utterance == utterance else { return "" }
        return last.text
    }

    /// The edits that bring the utterance's text to `target` (its written text): nothing typed
    /// twice, and only what differs erased.
    /// - Parameters:
    ///   - target: What the utterance should read, without the space before it.
    ///   - utterance: The utterance.
    /// - Returns: The edits, in order; none when the text is already there.
    func edits(bringing utterance: Int, to target: String) -> [Edit] {
        guard !target.isEmpty else { return [] }
        let typed = text(of: utterance)
        let full = typed.isEmpty ? separator(before: target) + target : Self.leadingSpace(of: typed) + target
        let common = zip(typed, full).prefix { $0 == $1 }.count
        var edits: [Edit] = []
        if typed.count > common { edits.append(.erase(typed.count - common)) }
        let rest = String(full.dropFirst(common))
        if !rest.isEmpty { edits.append(.type(rest)) }
        return edits
    }

    /// The edits that bring the utterance's text to at least `prefix`, for words typed before the
    /// final: only characters added, never any erased (the final corrects what differs).
    /// - Parameters:
    ///   - prefix: Text the utterance's final is expected to start with.
    ///   - utterance: The utterance.
    /// - Returns: What to type, or nothing when `prefix` adds nothing to what is there.
    func additions(bringing utterance: Int, toAtLeast prefix: String) -> [Edit] {
        let edits = edits(bringing: utterance, to: prefix)
        guard edits.count == 1, case .type = edits[0] else { return [] }
        return edits
    }

    /// Characters typed for the utterance since `utterance` began, later utterances and layout
    /// included: what "scratch that" erases to take the utterance back.
    /// - Parameter utterance: The utterance to take back.
    /// - Returns: How many characters, and the windows they went to; `nil` when the utterance typed nothing.
    func charactersSince(_ utterance: Int) -> (count: Int, windows: Set<String?>)? {
        guard let first = segments.lastIndex(where: { $0.utterance == utterance }) else { return nil }
        let since = segments[first...]
        return (since.reduce(0) { $0 + $1.text.count }, Set(since.map(\.window)))
    }

    /// The space that goes before `text`: none at the start of the dictation or a line, after an
    /// opening bracket or quote, or before punctuation that closes.
    /// - Parameter text: What comes next.
    /// - Returns: `" "` or `""`.
    func separator(before text: String) -> String {
        guard let last = segments.last?.text.last, let first = text.first else { return "" }
        if Self.opening.contains(last) || Self.closing.contains(first) || first == "\n" { return "" }
        return " "
    }

    /// Notes characters that reached the window.
    /// - Parameters:
    ///   - text: The characters.
    ///   - utterance: The utterance (or command) they were typed for.
    ///   - window: The window they went to, where it is known.
    mutating func typed(_ text: String, utterance: Int, window: String?) {
        guard !text.isEmpty else { return }
        if let last = segments.last, last.utterance == utterance, last.window == window {
            segments[segments.count - 1].text += text
        } else {
            segments.append(Segment(utterance: utterance, text: text, window: window))
            if segments.count > Self.keptSegments { segments.removeFirst() }
        }
    }

    /// Notes characters erased before the cursor.
    /// - Parameter count: How many.
    mutating func erased(_ count: Int) {
        var left = count
        while left > 0, let last = segments.last {
            if last.text.count <= left {
                left -= last.text.count
                segments.removeLast()
            } else {
                segments[segments.count - 1].text.removeLast(left)
                left = 0
            }
        }
    }

    /// Forgets what was typed: a new dictation, whose first words take no space before them.
    mutating func startOver() {
        segments.removeAll()
    }

    private static func leadingSpace(of typed: String) -> String {
        typed.first == " " ? " " : ""
    }
}
