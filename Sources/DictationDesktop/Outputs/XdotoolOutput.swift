import DictationKit

/// Types through `xdotool` on an X display.
///
/// `xdotool type` types any character: what the keymap lacks it binds to a spare keycode for the
/// moment. Bound that way, an upper-case letter outside ASCII (Æ, Ø, Ü) comes out in lower case
/// (X gives a keycode with one keysym its lower case unless Shift is down), so those are pressed
/// as `shift+U00C6` with `xdotool key` instead.
struct XdotoolOutput: KeyPressingOutput {
    /// Milliseconds between keystrokes. Under Xvfb with xterm, 4 ms lost characters bound to spare
    /// keycodes and 6 ms did not; 8 ms leaves a margin (about 210 characters a second).
    static let keyDelay = 8

    var kind: TextOutputKind { .xdotool }
    var tool: String
    var environment: DesktopEnvironment

    func type(_ text: String) throws(DictationError) {
        for segment in Self.segments(of: text) {
            switch segment {
            case .typed(let run):
                try xdotool(["type", "--clearmodifiers", "--delay", "\(Self.keyDelay)", "--", run], keystrokes: run.count)
            case .shifted(let letters):
                let keys = letters.map { "shift+" + Self.keysymName(of: $0) }
                try xdotool(["key", "--clearmodifiers", "--delay", "\(Self.keyDelay)"] + keys, keystrokes: keys.count)
            }
        }
    }

    func erase(characters count: Int) throws(DictationError) {
        for chunk in Self.chunks(of: count) {
            try xdotool(
                ["key", "--clearmodifiers", "--delay", "\(Self.keyDelay)"] + Array(repeating: "BackSpace", count: chunk),
                keystrokes: chunk)
        }
    }

    func press(_ key: PasteKey) throws(DictationError) {
        let chord =
            switch key {
            case .control: "ctrl+v"
            case .controlShift: "ctrl+shift+v"
            case .shiftInsert: "shift+Insert"
            }
        try xdotool(["key", "--clearmodifiers", chord], keystrokes: 1)
    }

    private func xdotool(_ arguments: [String], keystrokes: Int) throws(DictationError) {
        // Generous: a second plus ten times the keystrokes' own time.
        let timeout = 5 + Double(keystrokes * Self.keyDelay) / 100
        try ToolProcess(executable: tool, arguments: arguments, environment: environment.variables, timeout: timeout)
            .succeed()
    }

    /// A stretch of text and how it is typed.
    enum Segment: Equatable {
        case typed(String)
        case shifted([Character])
    }

    /// The text cut into runs `xdotool type` types right and runs of upper-case letters outside ASCII.
    static func segments(of text: String) -> [Segment] {
        var segments: [Segment] = []
        for character in text {
            let shifted = needsShift(character)
            switch (segments.last, shifted) {
            case (.typed(let run)?, false): segments[segments.count - 1] = .typed(run + String(character))
            case (.shifted(let run)?, true): segments[segments.count - 1] = .shifted(run + [character])
            case (_, false): segments.append(.typed(String(character)))
            case (_, true): segments.append(.shifted([character]))
            }
        }
        return segments
    }

    /// An upper-case letter outside ASCII whose lower case differs: one scalar, so that it has a keysym.
    static func needsShift(_ character: Character) -> Bool {
        !character.isASCII && character.isUppercase && character.unicodeScalars.count == 1
            && character.lowercased() != String(character)
    }

    /// The keysym name xdotool takes for a character: `U` and its code point in hex.
    static func keysymName(of character: Character) -> String {
        let scalar = character.unicodeScalars.first?.value ?? 0
        let hex = String(scalar, radix: 16, uppercase: true)
        return "U" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
