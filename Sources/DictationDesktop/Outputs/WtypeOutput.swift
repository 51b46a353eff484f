import DictationKit

/// Types through `wtype` on a Wayland compositor that offers the virtual-keyboard protocol.
///
/// wtype sends its own keymap with the keystrokes, so any character types whatever the user's
/// layout; `"\n"` is Return. Keystrokes go to the surface that has the keyboard focus, which no
/// Wayland client can ask about.
///
/// Each run starts with `-s 100`: the client must take in wtype's new keymap before the first
/// key, and without the pause foot under a headless sway lost the first keystroke of a run ("rüß"
/// for "Grüß", one BackSpace of two). wtype reads its text as multibyte characters in the
/// locale, so it runs in a UTF-8 one (`C.UTF-8` unless the environment names another).
struct WtypeOutput: KeyPressingOutput {
    /// Milliseconds wtype waits after sending its keymap, before the first keystroke.
    static let keymapPause = 100

    var kind: TextOutputKind { .wtype }
    var tool: String
    var environment: DesktopEnvironment

    func type(_ text: String) throws(DictationError) {
        try wtype(Self.typeArguments(text), keystrokes: text.count)
    }

    func erase(characters count: Int) throws(DictationError) {
        for chunk in Self.chunks(of: count) { try wtype(Self.eraseArguments(chunk), keystrokes: chunk) }
    }

    func press(_ key: PasteKey) throws(DictationError) {
        try wtype(Self.pressArguments(key), keystrokes: 1)
    }

    /// `wtype -- TEXT`: after `--` a text that starts with `-` is typed, not taken as an option.
    static func typeArguments(_ text: String) -> [String] { ["-s", "\(keymapPause)", "--", text] }

    /// `wtype -k BackSpace` once per character.
    static func eraseArguments(_ count: Int) -> [String] {
        ["-s", "\(keymapPause)"] + Array(repeating: ["-k", "BackSpace"], count: max(0, count)).flatMap { $0 }
    }

    /// The chord: modifiers pressed (`-M`), the key typed (`-k`), the modifiers released (`-m`).
    static func pressArguments(_ key: PasteKey) -> [String] {
        let chord: [String] =
            switch key {
            case .control: ["-M", "ctrl", "-k", "v", "-m", "ctrl"]
            case .controlShift: ["-M", "ctrl", "-M", "shift", "-k", "v", "-m", "shift", "-m", "ctrl"]
            case .shiftInsert: ["-M", "shift", "-k", "Insert", "-m", "shift"]
            }
        return ["-s", "\(keymapPause)"] + chord
    }

    /// The variables with a UTF-8 locale: those given when they name one, else `C.UTF-8`.
    static func utf8Locale(_ variables: [String: String]) -> [String: String] {
        let locale = variables["LC_ALL"] ?? variables["LC_CTYPE"] ?? variables["LANG"] ?? ""
        guard !locale.lowercased().contains("utf-8"), !locale.lowercased().contains("utf8") else { return variables }
        var variables = variables
        variables["LC_ALL"] = "C.UTF-8"
        return variables
    }

    private func wtype(_ arguments: [String], keystrokes: Int) throws(DictationError) {
        try ToolProcess(
            executable: tool, arguments: arguments, environment: Self.utf8Locale(environment.variables),
            timeout: 5 + Double(keystrokes) / 20
        ).succeed()
    }
}
