import DictationKit
import Foundation

/// Why a ``WhisperModelDownload`` was not installed, each with its code and its message in
/// English and Norwegian bokmål.
///
/// The exhaustive `switch` in ``error(_:)`` gives every case its message; the words are in DictationKit's
/// message tables, one per language, where a test checks that no language lacks one.
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
                message: DictationError.Text(.modelDownloadFailed, ["name": "\(name)", "url": "\(url)", "detail": detail]))
        case .checksumMismatch(let url, let expected, let found, let content):
            let hint = Self.hint(content)
            return DictationError(
                code: .modelChecksumMismatch,
                message: DictationError.Text(
                    .modelChecksumMismatch,
                    [
                        "name": "\(name)", "url": "\(url)", "algorithm": "\(found.algorithm.rawValue)",
                        "found": "\(found.hexadecimal)", "expected": "\(expected.hexadecimal)", "hint": hint,
                    ]))
        case .notAModel(let url, let fault, let content):
            let hint =
                content == .other
                ? DictationError.Text(.whisperGiveGgmlAdvice)
                : Self.hint(content)
            return DictationError(
                code: .modelInstallFailed,
                message: DictationError.Text(
                    .whisperNotAModel, ["name": "\(name)", "url": "\(url)", "fault": fault.text, "hint": hint]))
        case .installedDiffers(let path, let expected):
            return Self.installFailed(
                name,
                DictationError.Text(
                    .whisperInstalledDiffers,
                    ["path": "\(path)", "algorithm": "\(expected.algorithm.rawValue)", "expected": "\(expected.hexadecimal)"]))
        case .invalidName(let given):
            return Self.installFailed(
                name,
                DictationError.Text(.whisperInvalidName, ["given": "\(given)"]))
        case .nameTaken(let given):
            return Self.installFailed(
                name,
                DictationError.Text(.whisperNameTaken, ["given": "\(given)"]))
        case .noDataFolder:
            return Self.installFailed(
                name,
                DictationError.Text(.whisperNoDataFolder))
        case .unwritable(let path, let reason):
            return Self.installFailed(
                name,
                DictationError.Text(.whisperPathUnwritable, ["path": "\(path)", "reason": "\(reason)"]))
        }
    }

    private static func installFailed(_ name: String, _ detail: DictationError.Text) -> DictationError {
        DictationError(
            code: .modelInstallFailed,
            message: DictationError.Text(.whisperModelInstallFailed, ["name": "\(name)", "detail": detail]))
    }

    /// What a transfer's failure was, as a clause.
    private static func text(of failure: ModelFileFetch.Failure) -> DictationError.Text {
        switch failure {
        case .unsupportedScheme(let scheme):
            DictationError.Text(
                .downloadSchemeUnsupported,
                [
                    "address": scheme.isEmpty
                        ? DictationError.Text(.downloadAddressWithoutScheme)
                        : DictationError.Text(.downloadAddressWithScheme, ["scheme": "\(scheme)"])
                ])
        case .unreachable(let reason):
            // libcurl's English text is left out of the Norwegian message, as libsndfile's is.
            DictationError.Text(.downloadUnreachable, ["englishReason": "\(reason)"])
        case .status(let status):
            DictationError.Text(
                .downloadStatus,
                ["status": "\(status)", "notFound": status == 404 ? DictationError.Text(.downloadStatusNotFound) : ""])
        case .brokeOff(let received, let expected, let reason):
            DictationError.Text(
                .downloadBrokeOff,
                [
                    "received": megabytes(received),
                    "ofExpected": expected.map { DictationError.Text(.downloadOfExpected, ["expected": megabytes($0)]) } ?? "",
                    "englishReason": "\(reason)",
                ])
        case .noSuchFile(let path):
            DictationError.Text(.downloadNoSuchFile, ["path": "\(path)"])
        case .unwritable(let reason):
            DictationError.Text(.downloadUnwritable, ["reason": "\(reason)"])
        }
    }

    /// What to do about a file that came instead of the model.
    private static func hint(_ content: Content) -> DictationError.Text {
        switch content {
        case .webPage:
            DictationError.Text(.downloadHintWebPage)
        case .lfsPointer:
            DictationError.Text(.downloadHintLFSPointer)
        case .whisperModel:
            DictationError.Text(.downloadHintWhisperModel)
        case .other:
            DictationError.Text(.downloadHintOther)
        }
    }

    /// `"12.3 MB"`, with the decimal mark of the language it is read in.
    private static func megabytes(_ bytes: Int) -> DictationError.Text {
        DictationError.Text(
            .downloadMegabytes, ["amount": DictationError.Text(number: String(format: "%.1f", Double(bytes) / 1_000_000))])
    }
}

extension ModelFileFetch.Failure {
    /// Whether the failure is on this machine (a file that can't be written), not the download's.
    var isLocal: Bool {
        if case .unwritable = self { return true }
        return false
    }
}
