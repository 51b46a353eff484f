import DictationDesktop
import Foundation
import Testing

/// A real X server (Xvfb) of a test suite's own, on a display number it picks itself, and the
/// real client windows its tests type into. Xvfb missing fails the suite: CI installs it
/// (scripts/install-system-packages.sh).
final class X11TestDisplay: @unchecked Sendable {
    // `@unchecked Sendable`: `clients` is only touched under `lock`.
    let display: String
    private let server: Process
    private let lock = NSLock()
    private var clients: [Process] = []
    let folder: URL

    /// The desktop of this display: the process's PATH and this DISPLAY, no Wayland.
    var environment: DesktopEnvironment {
        var variables = ProcessInfo.processInfo.environment
        variables["DISPLAY"] = display
        variables["XDG_SESSION_TYPE"] = "x11"
        variables.removeValue(forKey: "WAYLAND_DISPLAY")
        return DesktopEnvironment(variables: variables)
    }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("desktop-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        guard let xvfb = DesktopEnvironment().tool(named: "Xvfb") else {
            throw TestFailure("Xvfb is not installed: apt-get install xvfb (scripts/install-system-packages.sh)")
        }
        // Xvfb picks a display number nobody uses and says which (-displayfd), rather than this
        // suite trying numbers: a stale lock whose pid was reused (pid_max is 32768 here) or a
        // server another run left behind can't then pass for ours.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: xvfb)
        process.arguments = ["-displayfd", "1", "-screen", "0", "1024x768x24", "-nolisten", "tcp"]
        let announced = Pipe()
        process.standardOutput = announced
        process.standardError = FileHandle.nullDevice
        try process.run()
        let number = String(decoding: announced.fileHandleForReading.availableData, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard Int(number) != nil else {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            throw TestFailure("Xvfb did not say its display: \(number.debugDescription)")
        }
        let display = ":\(number)"
        guard Self.waitFor(seconds: 30, { !process.isRunning || Self.run("xdpyinfo", ["-display", display]) != nil }),
            process.isRunning
        else {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            throw TestFailure("Xvfb did not start on \(display)")
        }
        self.display = display
        server = process
    }

    deinit {
        // SIGKILL: children of the test process may inherit blocked signals and ignore SIGTERM.
        for client in lock.withLock({ clients }) where client.isRunning { kill(client.processIdentifier, SIGKILL) }
        kill(server.processIdentifier, SIGKILL)
        server.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Starts a client on this display and returns its top-level window id once it is mapped.
    ///
    /// A client that shows no window within 30 s is killed and started once more (CI once saw
    /// the first xterm of a suite show none, and the next ones theirs); what it wrote on standard
    /// error is in the failure.
    /// - Parameter title: The window's title to find it by; by default it is found by the client's pid.
    func start(_ tool: String, _ arguments: [String], title: String? = nil, extraEnvironment: [String: String] = [:])
        throws -> String
    {
        guard let path = environment.tool(named: tool) else {
            throw TestFailure("\(tool) is not installed (scripts/install-system-packages.sh)")
        }
        var failures: [String] = []
        for attempt in 1...2 {
            let errors = folder.appendingPathComponent("\(tool)-\(UUID().uuidString).stderr")
            guard FileManager.default.createFile(atPath: errors.path, contents: nil) else {
                throw TestFailure("can't create \(errors.path)")
            }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
            process.environment = environment.variables.merging(extraEnvironment) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: errors)
            try process.run()
            lock.withLock { clients.append(process) }
            var window: String?
            _ = Self.waitFor(seconds: 30) {
                let by = title.map { ["--name", "^\($0)$"] } ?? ["--pid", "\(process.processIdentifier)"]
                window = self.xdotool(["search", "--onlyvisible"] + by)?
                    .split(separator: "\n").last.map(String.init)
                return window != nil
            }
            if let window { return window }
            let state = process.isRunning ? "running" : "exited with \(process.terminationStatus)"
            let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            failures.append("attempt \(attempt): \(state), stderr \(stderr.debugDescription)")
            print("X11TestDisplay: \(tool) showed no window on \(display) within 30 s, \(failures.last ?? "")")
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        throw TestFailure("\(tool) showed no window on \(display): \(failures.joined(separator: "; "))")
    }

    /// An xterm running `cat > FILE` in the tty's canonical mode: BackSpace erases a character.
    func startTerminal() throws -> (window: String, file: URL) {
        let file = folder.appendingPathComponent("xterm-\(UUID().uuidString).txt")
        let window = try start("xterm", ["-e", "sh", "-c", "cat > '\(file.path)'"])
        return (window, file)
    }

    /// A Tk window with a text widget that writes its content (UTF-8) to a file on Ctrl+S.
    func startTkText() throws -> (window: String, file: URL) {
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
        let window = try start("wish", [script.path], title: title, extraEnvironment: ["OUT": file.path, "TITLE": title])
        return (window, file)
    }

    /// Gives a window the keyboard focus and waits until it has it.
    func focus(_ window: String) throws {
        // Not `windowfocus --sync`: it waits forever for a window whose focus lands on a child.
        guard X11TestDisplay.waitFor(seconds: 10, {
            self.xdotool(["windowfocus", window])
            return self.xdotool(["getwindowfocus"]) == window
        }) else { throw TestFailure("window \(window) did not take the focus") }
    }

    /// Ends an xterm's `cat`: Return, then Ctrl+D; returns the file once cat has closed it.
    func finishTerminal(_ file: URL, window: String) throws -> String {
        try focus(window)
        _ = xdotool(["key", "--clearmodifiers", "Return", "ctrl+d"])
        return try contents(of: file) { _ in true }
    }

    /// Asks the Tk window to save (Ctrl+S) until its file satisfies `done`.
    func tkText(_ file: URL, window: String, until done: @escaping (String) -> Bool) throws -> String {
        try focus(window)
        var text = ""
        let saved = Self.waitFor(seconds: 20) {
            _ = self.xdotool(["key", "--clearmodifiers", "ctrl+s"])
            text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            return done(text)
        }
        if !saved { throw TestFailure("the Tk window's text never became what was expected: \(text.debugDescription)") }
        return text
    }

    /// A file's text once `done` holds for it (an xterm's cat writes when its process ends).
    func contents(of file: URL, until done: @escaping (String) -> Bool) throws -> String {
        var text: String?
        _ = Self.waitFor(seconds: 20) {
            text = try? String(contentsOf: file, encoding: .utf8)
            return text.map(done) ?? false
        }
        guard let text else { throw TestFailure("\(file.lastPathComponent) was never written") }
        return text
    }

    /// Runs xdotool on this display; its trimmed output, or nil when it failed.
    @discardableResult
    func xdotool(_ arguments: [String]) -> String? {
        Self.run("xdotool", arguments, environment: environment.variables)
    }

    static func run(_ tool: String, _ arguments: [String], environment: [String: String]? = nil) -> String? {
        guard let path = DesktopEnvironment().tool(named: tool) else { return nil }
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

    /// Polls a condition every 100 ms until it holds or a generous deadline passes.
    static func waitFor(seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return condition()
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
