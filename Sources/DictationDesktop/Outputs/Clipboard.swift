import DictationKit
import Foundation

/// The desktop's clipboard as paste mode uses it: read what it holds, offer a text for one paste
/// and know when it was taken, put the old text back.
///
/// X11 through `xclip` (the CLIPBOARD selection, or PRIMARY for the terminals that paste it on
/// Shift+Insert); Wayland through `wl-copy`/`wl-paste`. Only text is kept and restored: an image
/// on the clipboard is lost when dictation pastes over it.
struct Clipboard {
    var copyTool: String
    var readTool: String
    var isWayland: Bool
    var environment: DesktopEnvironment

    /// The text the selection holds now, or `nil` when it holds none.
    func currentText(primary: Bool) -> String? {
        let arguments =
            isWayland
            ? ["--no-newline", "--type", "text"] + (primary ? ["--primary"] : [])
            : ["-selection", primary ? "primary" : "clipboard", "-o", "-t", "UTF8_STRING"]
        let process = ToolProcess(executable: readTool, arguments: arguments, environment: environment.variables, timeout: 5)
        guard let outcome = try? process.run(), outcome.status == 0 else { return nil }
        return String(decoding: outcome.standardOutput, as: UTF8.self)
    }

    /// Puts a text on the selection for the next paste only, and returns once the selection is ours.
    /// - Returns: The tool serving it; wait on it for the paste to be taken.
    func offerOnce(_ text: String, primary: Bool) throws(DictationError) -> SelectionOffer {
        let arguments =
            isWayland
            ? ["--foreground", "--paste-once", "--type", "text/plain;charset=utf-8"] + (primary ? ["--primary"] : [])
            : ["-selection", primary ? "primary" : "clipboard", "-loops", "1", "-quiet", "-verbose"]
        let tool = ToolProcess(executable: copyTool, arguments: arguments, environment: environment.variables, timeout: 10)
        // xclip says "Waiting for one selection request" once it owns the selection; wl-copy says
        // nothing, so it is given a moment to connect and take it.
        return try SelectionOffer(tool: tool, text: text, readyLine: isWayland ? nil : "Waiting for")
    }

    /// Puts a text back on the selection for good: the tool stays in the foreground, serving it,
    /// until another program takes the selection (not forked: a forked tool's exit is not
    /// reliably seen by Foundation's `Process`).
    func restore(_ text: String, primary: Bool) throws(DictationError) {
        let arguments =
            isWayland
            ? ["--foreground", "--type", "text/plain;charset=utf-8"] + (primary ? ["--primary"] : [])
            : ["-selection", primary ? "primary" : "clipboard", "-quiet", "-verbose"]
        let tool = ToolProcess(executable: copyTool, arguments: arguments, environment: environment.variables, timeout: 10)
        _ = try SelectionOffer(tool: tool, text: text, readyLine: isWayland ? nil : "Waiting for")
    }
}

/// A copy tool serving a selection: for one paste (`xclip -loops 1`, `wl-copy --paste-once`), when
/// it exits once the pasting window has taken the text, or until another program takes it.
final class SelectionOffer: @unchecked Sendable {
    // `@unchecked Sendable`: `said` is only touched under `lock`.
    private let process: Process
    private let name: String
    private let exited = DispatchSemaphore(value: 0)
    private let ready = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var said = ""

    init(tool: ToolProcess, text: String, readyLine: String?) throws(DictationError) {
        name = tool.name
        process = tool.makeProcess()
        let input = Pipe()
        let outputPipe = Pipe()
        process.standardInput = input
        process.standardOutput = outputPipe
        process.standardError = outputPipe
        process.terminationHandler = { [exited] _ in exited.signal() }
        try tool.launch(process)
        try? input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
        try? input.fileHandleForWriting.close()
        let handle = outputPipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            var signalled = false
            while true {
                let data = handle.availableData
                let seen = lock.withLock {
                    self.said += String(decoding: data, as: UTF8.self)
                    return readyLine.map { self.said.contains($0) } ?? false
                }
                if !signalled, seen || data.isEmpty {
                    signalled = true
                    ready.signal()
                }
                if data.isEmpty { return }
            }
        }
        if readyLine == nil {
            Thread.sleep(forTimeInterval: 0.2)
        } else if ready.wait(timeout: .now() + 5) == .timedOut {
            cancel()
            throw DictationError.typingTimedOut(
                name, seconds: 5,
                detail: DictationError.Text(.typingSelectionNotTaken))
        }
        if !process.isRunning, process.terminationStatus != 0 {
            throw DictationError.typingFailed(name, status: process.terminationStatus, standardError: firstLine)
        }
    }

    private var firstLine: String? {
        lock.withLock { said.split(whereSeparator: \.isNewline).first.map(String.init) }
    }

    /// Waits until the window took the text (the tool exited).
    /// - Parameter timeout: How long the window has to ask for it.
    /// - Throws: `DictationError/Code/typingFailed` when it never asked (the tool is stopped).
    func waitUntilTaken(timeout: Double) throws(DictationError) {
        if exited.wait(timeout: .now() + timeout) == .timedOut {
            cancel()
            throw DictationError.typingTimedOut(
                name, seconds: timeout,
                detail: DictationError.Text(.typingPasteNotRequested))
        }
    }

    /// Stops the tool, if it still runs.
    func cancel() {
        guard process.isRunning else { return }
        process.terminate()
        if exited.wait(timeout: .now() + 1) == .timedOut { kill(process.processIdentifier, SIGKILL) }
    }
}
