import ArgumentParser
import Foundation

/// `--plain`: output a screen reader can follow. A screen reader re-reads every redraw of a line,
/// so plain output only ever appends whole lines: no cursor movement, colours, level meter or
/// symbols. It is also what a pipe, a file or a dumb terminal gets, none of which can show a redraw.
struct OutputStyleOptions: ParsableArguments {
    @Flag(
        help: """
            Plain lines for screen readers and braille displays: nothing redrawn, no colours or symbols \
            (automatic when standard output is not a terminal, or TERM=dumb).
            """)
    var plain = false

    /// Whether to print plain lines: asked for, or standard output can't show anything else.
    var isPlain: Bool { plain || Self.outputIsPlainByDefault }

    /// Whether standard output is something other than a terminal that can redraw: a pipe, a file,
    /// or a terminal that says it is dumb (Emacs' shell, some braille setups).
    static var outputIsPlainByDefault: Bool {
        !Terminal.standardOutputIsTerminal || ProcessInfo.processInfo.environment["TERM"] == "dumb"
    }
}
