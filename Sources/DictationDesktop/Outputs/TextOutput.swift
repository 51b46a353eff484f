import DictationKit

/// Where typed text goes: the focused window, through a typing tool or the clipboard, or
/// standard output.
///
/// Make one with ``TextOutputs/make(_:in:)``. Its calls block until the tool is done, so run them
/// on a dedicated thread, never on the cooperative pool.
public protocol TextOutput: Sendable {
    /// Which output this is.
    var kind: TextOutputKind { get }

    /// Types text into the focused window as the user's own keystrokes would; `"\n"` is Return.
    ///
    /// Blocks until the tool is done (the caller runs it on a dedicated thread, never the pool).
    /// - Parameter text: The text to type.
    /// - Throws: `DictationError/Code/typingFailed` when the tool fails or hangs.
    func type(_ text: String) throws(DictationError)

    /// Erases characters before the cursor (BackSpace `count` times).
    /// - Parameter count: How many characters; nothing happens for 0 or less.
    /// - Throws: `DictationError/Code/typingFailed` when the tool fails or hangs.
    func erase(characters count: Int) throws(DictationError)
}

/// The name of a text output, as `dictate --output` takes it.
public struct TextOutputKind: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible, CaseIterable {
    /// The `--output` name, such as `xdotool`.
    public let rawValue: String

    /// Creates a kind from its `--output` name; any name, so that a misspelt one can be reported.
    /// - Parameter rawValue: The name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The `--output` name.
    public var description: String { rawValue }

    /// X11 keystrokes through `xdotool type` (X11 sessions, and X clients under XWayland).
    public static let xdotool = TextOutputKind(rawValue: "xdotool")
    /// Wayland keystrokes through `wtype` (compositors with the virtual-keyboard protocol: sway,
    /// Hyprland, river, labwc, KDE Plasma 6...; not GNOME).
    public static let wtype = TextOutputKind(rawValue: "wtype")
    /// Kernel-level keystrokes through `ydotool` and `/dev/uinput` (any session, the console too).
    public static let ydotool = TextOutputKind(rawValue: "ydotool")
    /// Kernel-level keystrokes through `dotool` and `/dev/uinput`; not packaged in Debian.
    public static let dotool = TextOutputKind(rawValue: "dotool")
    /// The clipboard and a paste key: for characters and layouts the typing tools get wrong.
    public static let paste = TextOutputKind(rawValue: "paste")
    /// Standard output, for piping.
    public static let stdout = TextOutputKind(rawValue: "stdout")

    /// Every output, in the order `dictate doctor` lists them.
    public static let allCases: [TextOutputKind] = [.xdotool, .wtype, .ydotool, .dotool, .paste, .stdout]
}

/// Whether an output works here, and why not or what it uses.
public struct TextOutputAvailability: Sendable, Hashable {
    /// The output.
    public var kind: TextOutputKind
    /// Whether it can type here.
    public var isUsable: Bool
    /// Why not and what to do; or, when usable, what it uses (the tool's path, the display).
    public var detail: String

    /// Creates an availability.
    /// - Parameters:
    ///   - kind: The output.
    ///   - isUsable: Whether it can type here.
    ///   - detail: Why not and what to do, or what it uses.
    public init(kind: TextOutputKind, isUsable: Bool, detail: String) {
        self.kind = kind
        self.isUsable = isUsable
        self.detail = detail
    }
}
