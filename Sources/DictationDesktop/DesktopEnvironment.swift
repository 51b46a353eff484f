import Foundation

/// What a process knows of the desktop it runs in: the session type and displays from the
/// environment (`XDG_SESSION_TYPE`, `WAYLAND_DISPLAY`, `DISPLAY`, `XDG_RUNTIME_DIR`) and where
/// to find the tools that type (`PATH`).
///
/// A value, so that tests and `dictate doctor` can describe another desktop than their own.
public struct DesktopEnvironment: Sendable, Hashable {
    /// The environment variables it was made from.
    public var variables: [String: String]

    /// Creates the description of a desktop from environment variables.
    /// - Parameter variables: The variables; the process's own by default.
    public init(variables: [String: String] = ProcessInfo.processInfo.environment) {
        self.variables = variables
    }

    /// `XDG_SESSION_TYPE`, lowercased: `x11`, `wayland`, `tty`, or `nil` when unset.
    public var sessionType: String? { variables["XDG_SESSION_TYPE"]?.lowercased() }

    /// The X display (`DISPLAY`), when one is set.
    public var x11Display: String? { nonEmpty("DISPLAY") }

    /// The Wayland display (`WAYLAND_DISPLAY`), when one is set.
    public var waylandDisplay: String? { nonEmpty("WAYLAND_DISPLAY") }

    /// The user's runtime folder (`XDG_RUNTIME_DIR`), when one is set.
    public var runtimeDirectory: String? { nonEmpty("XDG_RUNTIME_DIR") }

    /// Whether the session is a Wayland one: `XDG_SESSION_TYPE=wayland`, or a Wayland display
    /// and no session type saying otherwise.
    public var isWayland: Bool {
        if let sessionType { return sessionType == "wayland" }
        return waylandDisplay != nil
    }

    /// The full path of an executable found on `PATH`, or `nil`.
    /// - Parameter name: The tool's name, such as `xdotool`.
    /// - Returns: Its path, when an executable file of that name is on `PATH`.
    public func tool(named name: String) -> String? {
        let path = variables["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    private func nonEmpty(_ name: String) -> String? {
        guard let value = variables[name], !value.isEmpty else { return nil }
        return value
    }
}
