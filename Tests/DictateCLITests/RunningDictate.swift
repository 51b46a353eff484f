import DictationTestSupport
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `dictate` running in the background, its output collected as it comes, so that a test can
/// wait for what it printed before it acts (presses Ctrl-C, moves the focus, kills it). Standard
/// error goes to a file, so reading standard output can never deadlock.
final class RunningDictate {
    let process = Process()
    private let output = Pipe()
    private let errorFile: URL
    private let inputPipe = Pipe()
    private let printed = PrintedOutput()

    /// - Parameters:
    ///   - arguments: `dictate`'s arguments.
    ///   - environment: Its environment.
    ///   - terminal: Run it on a pseudo-terminal made by util-linux's `script`, which passes what
    ///     is typed with ``type(_:)`` through the terminal's line discipline (Ctrl-C becomes SIGINT).
    ///   - watchdog: When a `dictate` that has not ended is killed: a hung `dictate` must fail its
    ///     test, not hold CI until its time limit. Ten minutes by default, far beyond any run's
    ///     work: at the start of a pass every suite starts at once, and five LibriVox files
    ///     transcribed with `--jobs 1`, some 10 s of work alone, were killed at the 90 s this was.
    init(
        _ arguments: [String], environment: [String: String], terminal: Bool = false, watchdog: Duration = .seconds(600)
    ) throws {
        let executable = try DictateExecutable.url
        if terminal {
            let script = "/usr/bin/script"
            try #require(FileManager.default.isExecutableFile(atPath: script), "script is missing: apt-get install bsdutils")
            process.executableURL = URL(fileURLWithPath: script)
            // `exec`: script runs the command through $SHELL, and a shell that stayed in between
            // (dash, when SHELL is unset as on CI) would itself die of the Ctrl-C's SIGINT.
            let command = "exec " + ([executable.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
            // -e: its exit status; -f: flush as it goes; /dev/null: keep no typescript file.
            process.arguments = ["-qefc", command, "/dev/null"]
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        process.environment = environment
        errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("dictate-err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorFile)
        process.standardInput = inputPipe
        try process.run()
        let reader = output.fileHandleForReading
        let printed = self.printed
        Thread.detachNewThread {
            while true {
                let data = reader.availableData
                if data.isEmpty { break }
                printed.text.withLock { $0 += String(decoding: data, as: UTF8.self) }
            }
            printed.ended.signal()
        }
        let watched = process
        DispatchQueue.global().asyncAfter(deadline: .now() + watchdog.timeInterval) {
            if watched.isRunning { kill(watched.processIdentifier, SIGKILL) }
        }
    }

    deinit { try? FileManager.default.removeItem(at: errorFile) }

    /// What it printed on standard output so far.
    var standardOutputSoFar: String { printed.text.withLock { $0 } }

    /// What it printed on standard error so far.
    var standardErrorSoFar: String { (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" }

    /// The complete lines it printed on standard output so far (a line still being written is not
    /// printed yet).
    var linesSoFar: [Substring] {
        let text = standardOutputSoFar
        guard let end = text.lastIndex(of: "\n") else { return [] }
        return text[..<end].split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// Waits until a complete line of standard output satisfies `predicate`.
    /// - Throws: ``WaitTimedOut``, or ``TestFailure`` when `dictate` ended without printing one.
    func waitForLine(_ awaited: String, where predicate: @escaping (Substring) -> Bool) throws {
        try waitUntil(awaited) {
            if linesSoFar.contains(where: predicate) { return true }
            guard process.isRunning else {
                throw TestFailure("dictate ended before \(awaited): \(standardOutputSoFar.suffix(1000)) \(standardErrorSoFar)")
            }
            return false
        }
    }

    /// Waits until standard error holds `text`.
    /// - Throws: ``WaitTimedOut``, or ``TestFailure`` when `dictate` ended without printing it.
    func waitForError(containing text: String) throws {
        try waitUntil("dictate says on standard error: \(text)") {
            if standardErrorSoFar.contains(text) { return true }
            guard process.isRunning else { throw TestFailure("dictate ended without saying \(text): \(standardErrorSoFar)") }
            return false
        }
    }

    /// Types into the process's standard input (for a wrapper that gives it a terminal).
    func type(_ text: String) {
        inputPipe.fileHandleForWriting.write(Data(text.utf8))
    }

    /// Writes `data` to standard input and closes it, from another thread so that a large input
    /// cannot deadlock against a full output pipe.
    func endInput(after data: Data) {
        let writer = inputPipe.fileHandleForWriting
        Thread.detachNewThread {
            writer.write(data)
            try? writer.close()
        }
    }

    func interrupt() { kill(process.processIdentifier, SIGINT) }

    /// Waits for the process to exit, and returns all it printed.
    func finish() -> DictateProcess.Result {
        process.waitUntilExit()
        printed.ended.wait()
        printed.ended.signal()
        return DictateProcess.Result(
            status: process.terminationStatus, standardOutput: standardOutputSoFar, standardError: standardErrorSoFar)
    }

    /// Kills the process with SIGKILL, which can't be caught, and returns all it printed, and
    /// whether the kill is what ended it.
    func killAndFinish() -> (result: DictateProcess.Result, killed: Bool) {
        kill(process.processIdentifier, SIGKILL)
        let result = finish()
        return (result, process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
    }
}

/// What the reader thread collected, and its end.
private final class PrintedOutput: Sendable {
    let text = Mutex("")
    let ended = DispatchSemaphore(value: 0)
}
