import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A real X desktop for end-to-end tests: an Xvfb server on a display of its own, the openbox
/// window manager (so that the active window is known, as on a user's desktop), and xterm
/// windows whose `cat` writes what is typed into them to a file.
final class VirtualDesktop {
    let display: String
    private let server: Process
    private let windowManager: Process
    private var terminals: [Terminal] = []
    let folder: URL

    /// An xterm running `cat > file`: in the terminal's canonical mode, BackSpace erases and a
    /// line reaches the file when Return is pressed.
    struct Terminal {
        let window: String
        let file: URL
        let process: Process
    }

    init() throws {
        for tool in ["/usr/bin/Xvfb", "/usr/bin/xdotool", "/usr/bin/xterm", "/usr/bin/openbox", "/usr/bin/xdpyinfo"] {
            try #require(
                FileManager.default.isExecutableFile(atPath: tool),
                "\(tool) is missing: scripts/install-system-packages.sh installs it")
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("dictate-desktop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Xvfb picks a display number nobody uses and says which (-displayfd): two suites starting
        // servers at once can't end up on one display.
        server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        server.arguments = ["-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp"]
        let announced = Pipe()
        server.standardOutput = announced
        server.standardError = FileHandle.nullDevice
        try server.run()
        let number = String(decoding: announced.fileHandleForReading.availableData, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(Int(number) != nil, "Xvfb did not say its display: \(number)")
        let display = ":\(number)"
        self.display = display
        try #require(Self.waitUntil(seconds: 30) { Self.succeeds("/usr/bin/xdpyinfo", ["-display", display]) }, "Xvfb did not start")
        let manager = Process()
        manager.executableURL = URL(fileURLWithPath: "/usr/bin/openbox")
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        manager.environment = environment
        manager.standardOutput = FileHandle.nullDevice
        manager.standardError = FileHandle.nullDevice
        windowManager = manager
        try manager.run()
        try #require(Self.waitUntil(seconds: 30) { Self.managerIsUp(environment) }, "openbox did not start")
    }

    deinit {
        // SIGKILL: children of the test process may inherit blocked signals and ignore SIGTERM
        // (they did: every test left its Xvfb and openbox running).
        let processes = terminals.map(\.process) + [windowManager, server]
        for process in processes where process.isRunning { kill(process.processIdentifier, SIGKILL) }
        for process in processes { process.waitUntilExit() }
        try? FileManager.default.removeItem(at: folder)
    }

    /// The environment of a program on this desktop: an X11 session on its display.
    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        environment["XDG_SESSION_TYPE"] = "x11"
        environment["WAYLAND_DISPLAY"] = nil
        return environment
    }

    /// Opens an xterm running `cat > FILE` and gives it the focus.
    func openTerminal(named name: String) throws -> Terminal {
        let file = folder.appendingPathComponent("\(name).txt")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xterm")
        process.arguments = ["-title", name, "-e", "sh", "-c", "cat > '\(file.path)'"]
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let window = try #require(
            xdotool(["search", "--sync", "--onlyvisible", "--name", "^\(name)$"]).split(separator: "\n").first.map(String.init),
            "the xterm window did not appear")
        let terminal = Terminal(window: window, file: file, process: process)
        terminals.append(terminal)
        try focus(terminal)
        return terminal
    }

    /// Gives the terminal the focus, as a click would, and waits until it has it.
    func focus(_ terminal: Terminal) throws {
        _ = xdotool(["windowactivate", "--sync", terminal.window])
        try #require(Self.waitUntil(seconds: 10) { self.activeWindow == terminal.window }, "the window did not get the focus")
    }

    /// The window the window manager says is active.
    var activeWindow: String? {
        xdotool(["getactivewindow"]).split(separator: "\n").first.map(String.init)
    }

    /// Ends the terminal's input (Return, then Ctrl-D) and returns what its `cat` wrote.
    func text(of terminal: Terminal) throws -> String {
        try focus(terminal)
        _ = xdotool(["key", "--clearmodifiers", "Return", "ctrl+d"])
        _ = Self.waitUntil(seconds: 10) { !terminal.process.isRunning }
        return try String(contentsOf: terminal.file, encoding: .utf8)
    }

    @discardableResult
    func xdotool(_ arguments: [String]) -> String {
        Self.output("/usr/bin/xdotool", arguments, environment: environment)
    }

    static func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(50_000)
        }
        return condition()
    }

    private static func managerIsUp(_ environment: [String: String]) -> Bool {
        output("/usr/bin/xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"], environment: environment).contains("window id")
    }

    private static func succeeds(_ tool: String, _ arguments: [String], environment: [String: String]? = nil) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    static func output(_ tool: String, _ arguments: [String], environment: [String: String]) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
