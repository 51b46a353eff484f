/// The window that has the keyboard focus.
public struct FocusedWindow: Sendable, Hashable {
    /// The desktop's id of the window (on X11 the window id in decimal, as xdotool prints it).
    public var id: String
    /// Its class (the second string of X11's `WM_CLASS`, such as `XTerm`), when it has one.
    public var className: String?
    /// Whether it is a terminal emulator by its class (they paste with Ctrl+Shift+V or Shift+Insert).
    public var isTerminal: Bool

    /// Creates a description of a focused window.
    /// - Parameters:
    ///   - id: The desktop's id of the window.
    ///   - className: Its class, when it has one.
    ///   - isTerminal: Whether it is a terminal emulator; by default judged from `className`.
    public init(id: String, className: String?, isTerminal: Bool? = nil) {
        self.id = id
        self.className = className
        self.isTerminal = isTerminal ?? Self.isTerminalClass(className)
    }

    /// Classes of terminal emulators, lowercased (either string of `WM_CLASS`).
    static let terminalClasses: Set<String> = [
        "xterm", "uxterm", "urxvt", "rxvt", "urxvt-unicode", "gnome-terminal", "gnome-terminal-server",
        "org.gnome.terminal", "org.gnome.console", "kgx", "konsole", "org.kde.konsole", "kitty", "alacritty",
        "foot", "footclient", "tilix", "com.gexperts.tilix", "terminator", "xfce4-terminal", "wezterm",
        "org.wezfurlong.wezterm", "st", "st-256color", "lxterminal", "mate-terminal", "qterminal", "terminology",
        "sakura", "guake", "tilda", "yakuake", "cool-retro-term", "ghostty", "com.mitchellh.ghostty", "termite",
        "eterm", "roxterm", "deepin-terminal", "io.elementary.terminal", "blackbox", "com.raggesilver.blackbox",
    ]

    /// Whether a `WM_CLASS` string names a terminal emulator.
    static func isTerminalClass(_ className: String?) -> Bool {
        guard let className else { return false }
        return terminalClasses.contains(className.lowercased())
    }

    /// xterm and URxvt paste the PRIMARY selection on Shift+Insert and bind nothing to
    /// Ctrl+Shift+V by default.
    static func pastesPrimaryOnShiftInsert(className: String?) -> Bool {
        guard let className = className?.lowercased() else { return false }
        return ["xterm", "uxterm", "urxvt", "rxvt", "urxvt-unicode"].contains(className)
    }
}

/// Where the desktop lets a program know which window has the keyboard focus (X11); Wayland
/// does not tell clients, so there is nothing to ask there.
public protocol WindowFocus: Sendable {
    /// The window that has the keyboard focus now.
    /// - Returns: The window, or `nil` when no window has it or the desktop doesn't say.
    func focusedWindow() -> FocusedWindow?
}
