import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `dictate` running in the background, with its output collected. Standard error goes to a file,
/// so reading standard output alone can never deadlock.
final class RunningDictate {
    let process = Process()
    private let output = Pipe()
    private let errorFile: URL
    private let inputPipe = Pipe()

    /// - Parameters:
    ///   - arguments: `dictate`'s arguments.
    ///   - environment: Its environment.
    ///   - terminal: Run it on a pseudo-terminal made by util-linux's `script`, which passes what
    ///     is typed with ``type(_:)`` through the terminal's line discipline (Ctrl-C becomes SIGINT).
    init(_ arguments: [String], environment: [String: String], terminal: Bool = false) throws {
        let executable = try DictateProcess.executable
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
        // A hung dictate must fail its test, not hold CI until its time limit.
        let watched = process
        DispatchQueue.global().asyncAfter(deadline: .now() + 90) {
            if watched.isRunning { kill(watched.processIdentifier, SIGKILL) }
        }
    }

    deinit { try? FileManager.default.removeItem(at: errorFile) }

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

    /// Waits for the process to exit, reading all it printed.
    func finish() -> DictateProcess.Result {
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return DictateProcess.Result(
            status: process.terminationStatus, standardOutput: String(decoding: data, as: UTF8.self),
            standardError: (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "")
    }
}
