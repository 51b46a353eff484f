import DictationKit
import Foundation

/// Types through `dotool` (not packaged in Debian), which reads commands on standard input and
/// writes keystrokes to `/dev/uinput`: `type TEXT` and `key backspace`, one a line.
struct DotoolOutput: KeyPressingOutput {
    var kind: TextOutputKind { .dotool }
    var tool: String
    var environment: DesktopEnvironment

    func type(_ text: String) throws(DictationError) {
        try dotool(Self.typeScript(text), keystrokes: text.count)
    }

    func erase(characters count: Int) throws(DictationError) {
        try dotool(Self.eraseScript(count), keystrokes: count)
    }

    func press(_ key: PasteKey) throws(DictationError) {
        try dotool(Self.pressScript(key), keystrokes: 1)
    }

    /// A `type` line per line of text (a command ends at its newline), `key enter` between them.
    static func typeScript(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "type \($0)\n" }
            .joined(separator: "key enter\n")
    }

    static func eraseScript(_ count: Int) -> String {
        String(repeating: "key backspace\n", count: max(0, count))
    }

    static func pressScript(_ key: PasteKey) -> String {
        switch key {
        case .control: "key ctrl+v\n"
        case .controlShift: "key ctrl+shift+v\n"
        case .shiftInsert: "key shift+insert\n"
        }
    }

    private func dotool(_ script: String, keystrokes: Int) throws(DictationError) {
        guard !script.isEmpty else { return }
        try ToolProcess(
            executable: tool, arguments: [], environment: environment.variables, timeout: 5 + Double(keystrokes) / 20
        ).succeed(input: Data(script.utf8))
    }
}
