import DictationKit
import Foundation

/// Why a ``WhisperModelDownload`` was not installed, each with its code and its message in
/// English and Norwegian bokmål.
///
/// The exhaustive `switch` in ``error(_:)`` makes a new case impossible to add without both texts.
enum WhisperDownloadProblem: Hashable {
    /// What a file that came instead of the model looks like.
    enum Content: Hashable {
        /// An HTML page (a Hugging Face `/blob/` address, a login page).
        case webPage
        /// A Git LFS pointer (a raw address of a file kept in LFS).
        case lfsPointer
        /// A whole whisper.cpp model, just not the one pinned.
        case whisperModel
        /// Anything else.
        case other
    }

    case invalidName(String)
    case nameTaken(String)
    case noDataFolder
    case unwritable(String, String)
    case fetch(url: String, ModelFileFetch.Failure)
    case checksumMismatch(url: String, expected: WhisperModelChecksum, found: WhisperModelChecksum, content: Content)
    case notAModel(url: String, fault: WhisperModelFault, content: Content)
    case installedDiffers(path: String, expected: WhisperModelChecksum)

    /// The coded error, for the model of this name.
    func error(_ name: String) -> DictationError {
        switch self {
        case .fetch(let url, let failure):
            let detail = Self.text(of: failure)
            return DictationError(
                code: failure.isLocal ? .modelInstallFailed : .modelDownloadFailed,
                message: DictationError.Text(
                    english: "I couldn't download the Whisper model \(name) from \(url): \(detail.english). Nothing "
                        + "was installed; check the address and the network, then try again.",
                    norwegianBokmal: "Jeg klarte ikke å laste ned Whisper-modellen \(name) fra \(url): "
                        + "\(detail.norwegianBokmal). Ingenting ble installert; sjekk adressen og nettverket, og prøv igjen."))
        case .checksumMismatch(let url, let expected, let found, let content):
            let hint = Self.hint(content)
            return DictationError(
                code: .modelChecksumMismatch,
                message: DictationError.Text(
                    english: "I didn't install the Whisper model \(name): what \(url) serves has \(found.algorithm.rawValue) "
                        + "\(found.hexadecimal), not the \(expected.hexadecimal) it must have. \(hint.english) Nothing "
                        + "was installed.",
                    norwegianBokmal: "Jeg installerte ikke Whisper-modellen \(name): det \(url) gir, har "
                        + "\(found.algorithm.rawValue) \(found.hexadecimal), ikke \(expected.hexadecimal) som den skal ha. "
                        + "\(hint.norwegianBokmal) Ingenting ble installert."))
        case .notAModel(let url, let fault, let content):
            let hint =
                content == .other
                ? DictationError.Text(
                    english: "Give the address of the ggml file (often ggml-model.bin), not of another format "
                        + "(model.safetensors, pytorch_model.bin).",
                    norwegianBokmal: "Oppgi adressen til ggml-filen (ofte ggml-model.bin), ikke til et annet format "
                        + "(model.safetensors, pytorch_model.bin).")
                : Self.hint(content)
            return DictationError(
                code: .modelInstallFailed,
                message: DictationError.Text(
                    english: "I couldn't install the Whisper model \(name): what \(url) serves has the hash asked for, "
                        + "but it is not a whisper.cpp ggml model (\(fault.english)). \(hint.english) Nothing was installed.",
                    norwegianBokmal: "Jeg klarte ikke å installere Whisper-modellen \(name): det \(url) gir, har hashen "
                        + "som ble oppgitt, men er ikke en whisper.cpp-modell i ggml-format (\(fault.norwegianBokmal)). "
                        + "\(hint.norwegianBokmal) Ingenting ble installert."))
        case .installedDiffers(let path, let expected):
            return Self.installFailed(
                name,
                DictationError.Text(
                    english: "\(path) is there already, and its \(expected.algorithm.rawValue) is not \(expected.hexadecimal); "
                        + "install with --force to replace it, or choose another name",
                    norwegianBokmal: "\(path) finnes allerede, og dens \(expected.algorithm.rawValue) er ikke "
                        + "\(expected.hexadecimal); installer med --force for å erstatte den, eller velg et annet navn"))
        case .invalidName(let given):
            return Self.installFailed(
                name,
                DictationError.Text(
                    english: "\"\(given)\" can't be a model's name: use 1 to 100 letters, digits, '.', '-' and '_', "
                        + "without .bin",
                    norwegianBokmal: "«\(given)» kan ikke være navnet på en modell: bruk 1 til 100 bokstaver, sifre, "
                        + "'.', '-' og '_', uten .bin"))
        case .nameTaken(let given):
            return Self.installFailed(
                name,
                DictationError.Text(
                    english: "\(given) is the name of a model in the catalog; give a file of your own another name",
                    norwegianBokmal: "\(given) er navnet på en modell i katalogen; gi en egen fil et annet navn"))
        case .noDataFolder:
            return Self.installFailed(
                name,
                DictationError.Text(
                    english: "neither XDG_DATA_HOME nor HOME is an absolute path, so there is no folder to install into",
                    norwegianBokmal: "verken XDG_DATA_HOME eller HOME er en absolutt sti, så det finnes ingen mappe å "
                        + "installere i"))
        case .unwritable(let path, let reason):
            return Self.installFailed(
                name,
                DictationError.Text(
                    english: "\(path) can't be written (\(reason))", norwegianBokmal: "\(path) kan ikke skrives (\(reason))"))
        }
    }

    private static func installFailed(_ name: String, _ detail: DictationError.Text) -> DictationError {
        DictationError(
            code: .modelInstallFailed,
            message: DictationError.Text(
                english: "I couldn't install the Whisper model \(name): \(detail.english).",
                norwegianBokmal: "Jeg klarte ikke å installere Whisper-modellen \(name): \(detail.norwegianBokmal)."))
    }

    /// What a transfer's failure was, as a clause.
    private static func text(of failure: ModelFileFetch.Failure) -> DictationError.Text {
        switch failure {
        case .unsupportedScheme(let scheme):
            DictationError.Text(
                english: "\(scheme.isEmpty ? "an address without a scheme" : "a \(scheme) address") can't be "
                    + "downloaded, only https, http and file ones",
                norwegianBokmal: "\(scheme.isEmpty ? "en adresse uten skjema" : "en \(scheme)-adresse") kan ikke lastes "
                    + "ned, bare https, http og file")
        case .unreachable(let reason):
            // libcurl's English text is left out of the Norwegian message, as libsndfile's is.
            DictationError.Text(english: "the server can't be reached (\(reason))", norwegianBokmal: "serveren kan ikke nås")
        case .status(let status):
            DictationError.Text(
                english: "the server answered HTTP \(status)\(status == 404 ? " (no such file there)" : "")",
                norwegianBokmal: "serveren svarte HTTP \(status)\(status == 404 ? " (ingen slik fil der)" : "")")
        case .brokeOff(let received, let expected, let reason):
            DictationError.Text(
                english: "the transfer broke off after \(megabytes(received, .english))"
                    + (expected.map { " of \(megabytes($0, .english))" } ?? "") + " (\(reason))",
                norwegianBokmal: "overføringen stoppet etter \(megabytes(received, .norwegianBokmal))"
                    + (expected.map { " av \(megabytes($0, .norwegianBokmal))" } ?? ""))
        case .noSuchFile(let path):
            DictationError.Text(
                english: "there is no readable file at \(path)", norwegianBokmal: "det finnes ingen lesbar fil i \(path)")
        case .unwritable(let reason):
            DictationError.Text(
                english: "the file being downloaded can't be written (\(reason))",
                norwegianBokmal: "filen som lastes ned, kan ikke skrives (\(reason))")
        }
    }

    /// What to do about a file that came instead of the model.
    private static func hint(_ content: Content) -> DictationError.Text {
        switch content {
        case .webPage:
            DictationError.Text(
                english: "It is a web page, not the file: on Hugging Face, give the file's …/resolve/main/… address, "
                    + "not …/blob/main/….",
                norwegianBokmal: "Det er en nettside, ikke filen: på Hugging Face oppgir du filens …/resolve/main/…-adresse, "
                    + "ikke …/blob/main/….")
        case .lfsPointer:
            DictationError.Text(
                english: "It is a Git LFS pointer, not the file: on Hugging Face, give the file's …/resolve/main/… "
                    + "address, not …/raw/main/….",
                norwegianBokmal: "Det er en Git LFS-peker, ikke filen: på Hugging Face oppgir du filens "
                    + "…/resolve/main/…-adresse, ikke …/raw/main/….")
        case .whisperModel:
            DictationError.Text(
                english: "It is a whisper.cpp model, but another file than the hash names: check the hash on the "
                    + "model's page.",
                norwegianBokmal: "Det er en whisper.cpp-modell, men en annen fil enn den hashen peker på: sjekk hashen "
                    + "på modellens side.")
        case .other:
            DictationError.Text(english: "Check the address and the hash.", norwegianBokmal: "Sjekk adressen og hashen.")
        }
    }

    /// `"12.3 MB"`, with the language's decimal mark.
    private static func megabytes(_ bytes: Int, _ language: DictationError.Language) -> String {
        let text = String(format: "%.1f MB", Double(bytes) / 1_000_000)
        return language == .norwegianBokmal ? text.replacingOccurrences(of: ".", with: ",") : text
    }
}

extension ModelFileFetch.Failure {
    /// Whether the failure is on this machine (a file that can't be written), not the download's.
    var isLocal: Bool {
        if case .unwritable = self { return true }
        return false
    }
}
