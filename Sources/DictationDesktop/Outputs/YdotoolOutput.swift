import DictationKit

/// Types through `ydotool`, which writes keystrokes to `/dev/uinput` (or asks `ydotoold` to):
/// a virtual keyboard the kernel offers every session, GNOME Wayland and the console included.
///
/// Its keystrokes are key codes that the session's layout interprets, so text comes out right
/// on a US layout only; paste mode is the way around that. Two command lines exist: Debian 12's
/// 0.1.x (`key --repeat N BackSpace`, `key ctrl+v`) and 1.x (raw `CODE:PRESSED` key events).
struct YdotoolOutput: KeyPressingOutput {
    /// The command-line generation of the installed ydotool.
    enum Generation: Equatable {
        /// 0.1.x (Debian 12): key names such as `ctrl+v`.
        case legacy
        /// 1.x: raw evdev key codes.
        case current
    }

    /// Milliseconds between keystrokes.
    static let keyDelay = 8

    var kind: TextOutputKind { .ydotool }
    var tool: String
    var environment: DesktopEnvironment
    var generation: Generation

    /// Which command line the ydotool at `tool` takes: 0.1.x lists `recorder` in its usage, 1.x does not.
    static func generation(of tool: String, in environment: DesktopEnvironment) -> Generation {
        let usage = try? ToolProcess(executable: tool, arguments: [], environment: environment.variables, timeout: 5).run()
        let text = (usage.map { String(decoding: $0.standardOutput, as: UTF8.self) + $0.standardError }) ?? ""
        return text.contains("recorder") ? .legacy : .current
    }

    func type(_ text: String) throws(DictationError) {
        try ydotool(Self.typeArguments(text, generation), keystrokes: text.count)
    }

    func erase(characters count: Int) throws(DictationError) {
        for chunk in Self.chunks(of: count) { try ydotool(Self.eraseArguments(chunk, generation), keystrokes: chunk) }
    }

    func press(_ key: PasteKey) throws(DictationError) {
        try ydotool(Self.pressArguments(key, generation), keystrokes: 1)
    }

    /// Both generations take `type --key-delay MS -- TEXT`.
    static func typeArguments(_ text: String, _ generation: Generation) -> [String] {
        ["type", "--key-delay", "\(keyDelay)", "--", text]
    }

    /// evdev key codes (linux/input-event-codes.h) for 1.x.
    private static let backspace = 14, leftControl = 29, leftShift = 42, v = 47, insert = 110

    static func eraseArguments(_ count: Int, _ generation: Generation) -> [String] {
        switch generation {
        case .legacy: ["key", "--delay", "0", "--key-delay", "\(keyDelay)", "--repeat", "\(count)", "BackSpace"]
        case .current:
            ["key", "--key-delay", "\(keyDelay)"]
                + Array(repeating: ["\(backspace):1", "\(backspace):0"], count: count).flatMap { $0 }
        }
    }

    static func pressArguments(_ key: PasteKey, _ generation: Generation) -> [String] {
        switch generation {
        case .legacy:
            let chord =
                switch key {
                case .control: "ctrl+v"
                case .controlShift: "ctrl+shift+v"
                case .shiftInsert: "shift+insert"
                }
            return ["key", "--delay", "0", chord]
        case .current:
            let codes =
                switch key {
                case .control: [leftControl, v]
                case .controlShift: [leftControl, leftShift, v]
                case .shiftInsert: [leftShift, insert]
                }
            return ["key"] + codes.map { "\($0):1" } + codes.reversed().map { "\($0):0" }
        }
    }

    private func ydotool(_ arguments: [String], keystrokes: Int) throws(DictationError) {
        try ToolProcess(
            executable: tool, arguments: arguments, environment: environment.variables,
            timeout: 5 + Double(keystrokes * Self.keyDelay) / 100
        ).succeed()
    }
}
