import Foundation

/// The focused window of an X display, asked through `xdotool` (`getactivewindow`, which needs a
/// window manager that sets `_NET_ACTIVE_WINDOW`, else `getwindowfocus`) and its class through
/// `xprop WM_CLASS`. Each call runs the tools: blocking, for a dedicated thread.
public struct X11WindowFocus: WindowFocus {
    /// The desktop whose display is asked.
    public var environment: DesktopEnvironment

    /// Creates the focus of a desktop's X display.
    /// - Parameter environment: The desktop: `DISPLAY` and `PATH` (for xdotool and xprop).
    public init(environment: DesktopEnvironment = DesktopEnvironment()) {
        self.environment = environment
    }

    /// The window that has the keyboard focus now.
    /// - Returns: The window, or `nil` when no display, no xdotool, or no window has the focus
    ///   (with no window manager the focus may be the pointer's root window).
    public func focusedWindow() -> FocusedWindow? {
        guard environment.x11Display != nil, let xdotool = environment.tool(named: "xdotool") else { return nil }
        let id = run(xdotool, ["getactivewindow"]) ?? run(xdotool, ["getwindowfocus"])
        guard let id, let number = Int(id), number > 1 else { return nil }
        return FocusedWindow(id: id, className: className(of: id))
    }

    /// The class (second string of `WM_CLASS`) of a window, or its instance when it has no class.
    func className(of id: String) -> String? {
        guard let xprop = environment.tool(named: "xprop"), let line = run(xprop, ["-id", id, "WM_CLASS"]) else {
            return nil
        }
        // WM_CLASS(STRING) = "xterm", "XTerm"
        let quoted = line.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        return quoted.last
    }

    private func run(_ tool: String, _ arguments: [String]) -> String? {
        let process = ToolProcess(executable: tool, arguments: arguments, environment: environment.variables, timeout: 5)
        guard let outcome = try? process.run(), outcome.status == 0 else { return nil }
        let text = String(decoding: outcome.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
