import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A real Wayland desktop for a test of its own: a headless sway, with one foot terminal running
/// `cat > FILE` that has the keyboard focus, so that what a Wayland typing tool types lands in
/// ``typed``.
///
/// sway refuses to run as root, so as root (CI) the compositor and its client run as `nobody`;
/// root's tools may still use the compositor's socket.
package final class WaylandTestDesktop {
    /// The compositor's runtime folder (its sockets, the typed file), removed with it.
    package let runtime: URL
    /// What the terminal's `cat` writes.
    package let typed: URL
    /// The environment of a Wayland client on this desktop.
    package let variables: [String: String]
    private let compositor: Process

    /// Starts sway and its terminal, and waits until the terminal has the keyboard focus.
    package init() throws {
        for tool in ["/usr/bin/sway", "/usr/bin/swaymsg", "/usr/bin/foot"] {
            try #require(
                FileManager.default.isExecutableFile(atPath: tool),
                "\(tool) is missing: scripts/install-system-packages.sh installs it")
        }
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("dk-wayland-\(UUID().uuidString)")
        self.runtime = runtime
        try FileManager.default.createDirectory(
            at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let typed = runtime.appendingPathComponent("typed.txt")
        self.typed = typed
        let config = runtime.appendingPathComponent("config")
        try "output HEADLESS-1 resolution 1024x768\nexec foot sh -c 'cat > \(typed.path)'\n"
            .write(to: config, atomically: true, encoding: .utf8)
        let asRoot = getuid() == 0
        if asRoot {
            _ = chown(runtime.path, 65534, 65534)
            _ = chown(config.path, 65534, 65534)
        }
        compositor = Process()
        compositor.executableURL = URL(fileURLWithPath: asRoot ? "/usr/bin/setpriv" : "/usr/bin/sway")
        compositor.arguments =
            (asRoot ? ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/sway"] : []) + ["-c", config.path]
        compositor.environment = [
            "PATH": "/usr/bin:/bin", "HOME": runtime.path, "XDG_RUNTIME_DIR": runtime.path, "LANG": "C.UTF-8",
            "WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman",
        ]
        compositor.standardOutput = FileHandle.nullDevice
        compositor.standardError = FileHandle.nullDevice
        try compositor.run()
        // foot's cat creates the file once the client runs; the compositor's sockets are there by then.
        try waitUntil("sway has started foot, whose cat made \(typed.lastPathComponent)", pollingEvery: .milliseconds(100)) {
            FileManager.default.fileExists(atPath: typed.path)
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: runtime.path)
        let socket = try #require(
            files.first { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }, "sway made no Wayland socket: \(files)")
        let ipc = try #require(files.first { $0.hasPrefix("sway-ipc.") }, "sway made no IPC socket: \(files)")
        variables = [
            "PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": runtime.path, "WAYLAND_DISPLAY": socket, "XDG_SESSION_TYPE": "wayland",
        ]
        // foot maps its window after cat started: what is typed goes nowhere until it has the focus.
        let tree = ["-s", runtime.appendingPathComponent(ipc).path, "-t", "get_tree", "-r"]
        try waitUntil("foot's window has the keyboard focus in sway", pollingEvery: .milliseconds(100)) {
            guard let output = X11TestDisplay.run("/usr/bin/swaymsg", tree),
                let root = try? JSONSerialization.jsonObject(with: Data(output.utf8))
            else { return false }
            return Self.focusedAppID(in: root) == "foot"
        }
    }

    deinit {
        kill(compositor.processIdentifier, SIGKILL)
        compositor.waitUntilExit()
        try? FileManager.default.removeItem(at: runtime)
    }

    /// The text the terminal's `cat` wrote so far.
    package var typedText: String { (try? String(contentsOf: typed, encoding: .utf8)) ?? "" }

    /// The `app_id` of the focused view in sway's tree (`swaymsg -t get_tree`), if any.
    private static func focusedAppID(in node: Any) -> String? {
        guard let node = node as? [String: Any] else { return nil }
        if node["focused"] as? Bool == true, let app = node["app_id"] as? String { return app }
        for key in ["nodes", "floating_nodes"] {
            for child in node[key] as? [Any] ?? [] {
                if let app = focusedAppID(in: child) { return app }
            }
        }
        return nil
    }
}
