import DictationKit
import Foundation

/// One run of a desktop tool (`xdotool`, `xclip`, ...): no shell, the arguments as an array,
/// standard error captured for the error message, and a deadline after which the tool is
/// killed. Blocking: callers run it on a dedicated thread, never on the cooperative pool.
struct ToolProcess {
    /// What a finished tool left behind.
    struct Outcome {
        var status: Int32
        var standardOutput: Data
        var standardError: String

        /// The first non-empty line of standard error, for a message.
        var firstErrorLine: String? {
            standardError.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
                .first { !$0.isEmpty }
        }
    }

    /// The tool's full path.
    var executable: String
    var arguments: [String]
    /// The environment it runs in (the desktop's variables).
    var environment: [String: String]
    /// How long it may take before it is killed.
    var timeout: Double = 10

    /// The tool's name, for messages.
    var name: String { URL(fileURLWithPath: executable).lastPathComponent }

    /// Runs the tool to its end.
    /// - Parameter input: What to write to its standard input (closed after it), if anything.
    /// - Returns: Its exit status and output.
    /// - Throws: `DictationError/Code/typingFailed` when it can't be started or does not finish in time.
    func run(input: Data? = nil) throws(DictationError) -> Outcome {
        let process = makeProcess()
        let output = Pipe()
        let errors = Pipe()
        let inputPipe = input.map { _ in Pipe() }
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = inputPipe ?? FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try launch(process)
        if let input, let inputPipe {
            // A tool that exits without reading its input must not take us down with SIGPIPE.
            try? inputPipe.fileHandleForWriting.write(contentsOf: input)
            try? inputPipe.fileHandleForWriting.close()
        }
        // Read while it runs, so that a chatty tool never blocks on a full pipe.
        let collected = PipeCollector(output: output, errors: errors)
        if exited.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            if exited.wait(timeout: .now() + 1) == .timedOut { kill(process.processIdentifier, SIGKILL) }
            throw DictationError.typingTimedOut(name, seconds: timeout)
        }
        let (standardOutput, standardError) = collected.finish()
        return Outcome(
            status: process.terminationStatus, standardOutput: standardOutput,
            standardError: String(decoding: standardError, as: UTF8.self))
    }

    /// Runs the tool and throws unless it exits with status 0.
    /// - Parameter input: What to write to its standard input, if anything.
    /// - Returns: Its output.
    /// - Throws: `DictationError/Code/typingFailed` with its status and first line of standard error.
    @discardableResult
    func succeed(input: Data? = nil) throws(DictationError) -> Outcome {
        let outcome = try run(input: input)
        guard outcome.status == 0 else {
            throw DictationError.typingFailed(name, status: outcome.status, standardError: outcome.firstErrorLine)
        }
        return outcome
    }

    func makeProcess() -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        return process
    }

    func launch(_ process: Process) throws(DictationError) {
        do {
            try process.run()
        } catch {
            throw DictationError.typingFailed(name, status: -1, standardError: "\(error)")
        }
    }
}

/// Reads a running tool's standard output and error on their own until it ends.
/// `@unchecked Sendable`: the buffers are only touched under `lock`.
final class PipeCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var output = Data()
    private var errors = Data()
    private let done = DispatchGroup()

    init(output: Pipe, errors: Pipe) {
        read(output.fileHandleForReading) { self.output.append($0) }
        read(errors.fileHandleForReading) { self.errors.append($0) }
    }

    private func read(_ handle: FileHandle, into append: @escaping @Sendable (Data) -> Void) {
        done.enter()
        Thread.detachNewThread { [self] in
            let data = (try? handle.readToEnd()) ?? Data()
            lock.withLock { append(data) }
            done.leave()
        }
    }

    /// Waits for both pipes to reach their end (the tool has exited), and gives what they held.
    func finish() -> (Data, Data) {
        _ = done.wait(timeout: .now() + 2)
        return lock.withLock { (output, errors) }
    }
}
