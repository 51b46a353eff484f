import DictationKit

/// Types through `wtype` on a Wayland compositor that offers the virtual-keyboard protocol.
///
/// wtype sends its own keymap with the keystrokes, so any character types whatever the user's
/// layout; `"\n"` is Return. Keystrokes go to the surface that has the keyboard focus, which no
/// Wayland client can ask about.
struct WtypeOutput: KeyPressingOutput {
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
    static func typeArguments(_ text: String) -> [String] { ["--", text] }

    /// `wtype -k BackSpace` once per character.
    static func eraseArguments(_ count: Int) -> [String] {
        Array(repeating: ["-k", "BackSpace"], count: max(0, count)).flatMap { $0 }
    }

    /// The chord: modifiers pressed (`-M`), the key typed (`-k`), the modifiers released (`-m`).
    static func pressArguments(_ key: PasteKey) -> [String] {
        switch key {
        case .control: ["-M", "ctrl", "-k", "v", "-m", "ctrl"]
        case .controlShift: ["-M", "ctrl", "-M", "shift", "-k", "v", "-m", "shift", "-m", "ctrl"]
        case .shiftInsert: ["-M", "shift", "-k", "Insert", "-m", "shift"]
        }
    }

    private func wtype(_ arguments: [String], keystrokes: Int) throws(DictationError) {
        try ToolProcess(
            executable: tool, arguments: arguments, environment: environment.variables,
            timeout: 5 + Double(keystrokes) / 20
        ).succeed()
    }
}
