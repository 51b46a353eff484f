import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A real X server (Xvfb) of a test's own, on a display number it picks itself, optionally with
/// a window manager (openbox, so that the active window is known, as on a user's desktop), and
/// the real client windows its tests type into: xterm running `cat > FILE`, a Tk text widget.
/// Xvfb missing fails the test: CI installs it (scripts/install-system-packages.sh).
///
/// `@unchecked Sendable`: `clients` is only touched under `lock`.
package final class X11TestDisplay: @unchecked Sendable {
    /// An xterm running `cat > file`: in the terminal's canonical mode, BackSpace erases and a line
    /// reaches the file when Return is pressed.
    package struct Terminal {
        package let window: String
        package let file: URL
        package let process: Process
    }

    /// The display's name (`:99`).
    package let display: String
    /// Whether a window manager runs on it.
    package let hasWindowManager: Bool
    /// A folder for the test's files, removed with the display.
    package let folder: URL
    private let server: Process
    private let lock = NSLock()
    private var clients: [Process] = []

    /// The environment of a program on this display: this process's, with this DISPLAY, an X11
    /// session and no Wayland.
    package var variables: [String: String] {
        var variables = ProcessInfo.processInfo.environment
        variables["DISPLAY"] = display
        variables["XDG_SESSION_TYPE"] = "x11"
        variables.removeValue(forKey: "WAYLAND_DISPLAY")
        return variables
    }

    /// Starts Xvfb, and openbox when `windowManager`, and waits until they answer.
    package init(windowManager: Bool = false) throws {
        hasWindowManager = windowManager
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("x11-display-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        guard let xvfb = ExecutableSearch.path(of: "Xvfb") else {
            throw TestFailure("Xvfb is not installed: apt-get install xvfb (scripts/install-system-packages.sh)")
        }
        // Xvfb picks a display number nobody uses and says which (-displayfd), rather than the
        // test trying numbers: a stale lock whose pid was reused (pid_max is 32768 here), a server
        // another run left behind or another suite's can't then pass for ours.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: xvfb)
        process.arguments = ["-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp"]
        let announced = Pipe()
        process.standardOutput = announced
        process.standardError = FileHandle.nullDevice
        try process.run()
        server = process
        let number = String(decoding: announced.fileHandleForReading.availableData, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard Int(number) != nil else {
            Self.kill(process)
            throw TestFailure("Xvfb did not say its display: \(number.debugDescription)")
        }
        let display = ":\(number)"
        self.display = display
        do {
            try waitUntil("Xvfb answers on \(display)", pollingEvery: .milliseconds(100)) {
                guard process.isRunning else { throw TestFailure("Xvfb ended on \(display)") }
                return Self.run("xdpyinfo", ["-display", display]) != nil
            }
        } catch {
            Self.kill(process)
            throw error
        }
        guard windowManager else { return }
        // openbox's complaints go to a file, and an openbox that ended before it managed the
        // display is started again: a loaded CI run once waited the whole guard for one that
        // never managed it, with nothing to say why.
        let errors = folder.appendingPathComponent("openbox.err")
        var openbox = try startClient("openbox", [], errors: errors)
        var starts = 1
        let environment = variables
        do {
            try waitUntil("openbox manages \(display)", pollingEvery: .milliseconds(100)) {
                if Self.run("xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"], environment: environment)?.contains("window id")
                    == true
                {
                    return true
                }
                if !openbox.isRunning, starts < 3 {
                    openbox = try startClient("openbox", [], errors: errors)
                    starts += 1
                }
                return false
            }
        } catch {
            let said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw TestFailure("\(error) (openbox started \(starts) times, running: \(openbox.isRunning), said: \(said))")
        }
    }

    deinit {
        // SIGKILL: children of the test process may inherit blocked signals and ignore SIGTERM
        // (they did: every test left its Xvfb and openbox running).
        let processes = lock.withLock { clients } + [server]
        for process in processes { Self.kill(process) }
        try? FileManager.default.removeItem(at: folder)
    }

    // MARK: - Clients

    /// Starts a client on this display and returns its top-level window id once it is mapped.
    ///
    /// A client that shows no window within a minute is killed and started once more (CI once saw
    /// the first xterm of a suite show none, and the next ones theirs); what it wrote on standard
    /// error is in the failure.
    /// - Parameters:
    ///   - tool: The program, found in `PATH`.
    ///   - title: The window's title to find it by.
    package func start(_ tool: String, _ arguments: [String], title: String, extraEnvironment: [String: String] = [:])
        throws -> (window: String, process: Process)
    {
        var failures: [String] = []
        for attempt in 1...2 {
            let errors = folder.appendingPathComponent("\(tool)-\(UUID().uuidString).stderr")
            let process = try startClient(tool, arguments, extraEnvironment: extraEnvironment, errors: errors)
            do {
                let window = try waitFor(
                    "\(tool) shows its window “\(title)” on \(display)", within: .seconds(60), pollingEvery: .milliseconds(100)
                ) {
                    self.xdotool(["search", "--onlyvisible", "--name", "^\(title)$"])?.split(separator: "\n").last.map(
                        String.init)
                }
                return (window, process)
            } catch {
                let state = process.isRunning ? "running" : "exited with \(process.terminationStatus)"
                let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
                failures.append("attempt \(attempt): \(state), stderr \(stderr.debugDescription)")
                print("X11TestDisplay: \(error); \(failures.last ?? "")")
                Self.kill(process)
            }
        }
        throw TestFailure("\(tool) showed no window on \(display): \(failures.joined(separator: "; "))")
    }

    /// Opens an xterm running `cat > FILE` (in the tty's canonical mode: BackSpace erases a
    /// character) and, with a window manager, gives it the focus.
    /// - Parameter title: Its window's title.
    package func startTerminal(title: String = "xterm-\(UUID().uuidString.prefix(8))") throws -> Terminal {
        let file = folder.appendingPathComponent("\(title).txt")
        let (window, process) = try start("xterm", ["-title", title, "-e", "sh", "-c", "cat > '\(file.path)'"], title: title)
        let terminal = Terminal(window: window, file: file, process: process)
        if hasWindowManager { try focus(window) }
        return terminal
    }

    /// A Tk window with a text widget that writes its content (UTF-8) to a file on Ctrl+S.
    package func startTkText() throws -> (window: String, file: URL) {
        let file = folder.appendingPathComponent("tk-\(UUID().uuidString).txt")
        let script = folder.appendingPathComponent("text-\(UUID().uuidString).tcl")
        try """
        wm title . $::env(TITLE)
        text .t
        pack .t
        focus -force .t
        bind .t <Control-s> {
            set f [open $::env(OUT) w]
            fconfigure $f -encoding utf-8
            puts -nonewline $f [.t get 1.0 {end-1c}]
            close $f
            break
        }
        """.write(to: script, atomically: true, encoding: .utf8)
        let title = "tk-\(UUID().uuidString)"
        let (window, _) = try start("wish", [script.path], title: title, extraEnvironment: ["OUT": file.path, "TITLE": title])
        return (window, file)
    }

    // MARK: - Focus and text

    /// Gives a window the keyboard focus, as a click would, and waits until it has it: with a
    /// window manager the active window, without one the X input focus.
    package func focus(_ window: String) throws {
        try waitUntil("window \(window) has the focus on \(display)", within: .seconds(60), pollingEvery: .milliseconds(100)) {
            // Not `windowfocus --sync` or `windowactivate --sync`: they wait forever for a window
            // whose focus lands on a child.
            if hasWindowManager {
                xdotool(["windowactivate", window])
                return activeWindow == window
            }
            xdotool(["windowfocus", window])
            return xdotool(["getwindowfocus"]) == window
        }
    }

    /// The window the window manager says is active.
    package var activeWindow: String? {
        xdotool(["getactivewindow"])?.split(separator: "\n").first.map(String.init)
    }

    /// Ends a terminal's input (Return, then Ctrl+D) and returns what its `cat` wrote, once it has
    /// ended.
    package func text(of terminal: Terminal) throws -> String {
        try focus(terminal.window)
        xdotool(["key", "--clearmodifiers", "Return", "ctrl+d"])
        try waitUntil("the terminal's cat has ended on Ctrl+D", within: .seconds(60)) { !terminal.process.isRunning }
        return try String(contentsOf: terminal.file, encoding: .utf8)
    }

    /// Asks the Tk window to save (Ctrl+S) until its file satisfies `done`.
    package func tkText(_ file: URL, window: String, until done: @escaping (String) -> Bool) throws -> String {
        try focus(window)
        var text = ""
        do {
            try waitUntil("the Tk window's text is what was expected", within: .seconds(60), pollingEvery: .milliseconds(100)) {
                xdotool(["key", "--clearmodifiers", "ctrl+s"])
                text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
                return done(text)
            }
        } catch {
            throw TestFailure("\(error); the Tk window's text was \(text.debugDescription)")
        }
        return text
    }

    /// Runs xdotool on this display; its trimmed output, or `nil` when it failed.
    @discardableResult
    package func xdotool(_ arguments: [String]) -> String? {
        Self.run("xdotool", arguments, environment: variables)
    }

    /// Runs a tool to its end.
    /// - Returns: Its trimmed standard output, or `nil` when it is missing or failed.
    @discardableResult
    package static func run(_ tool: String, _ arguments: [String], environment: [String: String]? = nil) -> String? {
        guard let path = ExecutableSearch.path(of: tool) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = (try? output.fileHandleForReading.readToEnd()) ?? Data()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Starts a program on this display, killed with it.
    @discardableResult
    private func startClient(_ tool: String, _ arguments: [String], extraEnvironment: [String: String] = [:], errors: URL? = nil)
        throws -> Process
    {
        guard let path = ExecutableSearch.path(of: tool) else {
            throw TestFailure("\(tool) is not installed (scripts/install-system-packages.sh)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = variables.merging(extraEnvironment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        if let errors {
            guard FileManager.default.createFile(atPath: errors.path, contents: nil) else {
                throw TestFailure("can't create \(errors.path)")
            }
            process.standardError = try FileHandle(forWritingTo: errors)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        lock.withLock { clients.append(process) }
        return process
    }

    private static func kill(_ process: Process) {
        guard process.isRunning else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
