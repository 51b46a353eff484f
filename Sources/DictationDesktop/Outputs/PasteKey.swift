import DictationKit

/// A key chord that pastes, as the typing outputs press it.
enum PasteKey: Hashable {
    /// Ctrl+V: most applications paste the CLIPBOARD with it.
    case control
    /// Ctrl+Shift+V: terminals (gnome-terminal, konsole, kitty, Alacritty, foot...) paste the CLIPBOARD with it.
    case controlShift
    /// Shift+Insert: xterm and URxvt paste the PRIMARY selection with it.
    case shiftInsert

    /// The key for the window that has the focus; Ctrl+V when it is unknown (Wayland).
    init(for window: FocusedWindow?) {
        guard let window, window.isTerminal else {
            self = .control
            return
        }
        self = FocusedWindow.pastesPrimaryOnShiftInsert(className: window.className) ? .shiftInsert : .controlShift
    }

    /// Whether the paste goes through the PRIMARY selection (xterm, URxvt) rather than the CLIPBOARD.
    var usesPrimarySelection: Bool { self == .shiftInsert }
}

/// An output that can press a paste key and BackSpace: the typing outputs, which paste mode presses keys with.
protocol KeyPressingOutput: TextOutput {
    /// Presses a paste chord once.
    func press(_ key: PasteKey) throws(DictationError)
}

extension TextOutput {
    /// Splits a count into chunks, so that no command line grows without bound.
    static func chunks(of count: Int, size: Int = 100) -> [Int] {
        guard count > 0 else { return [] }
        return stride(from: 0, to: count, by: size).map { min(size, count - $0) }
    }
}
