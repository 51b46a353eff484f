import DictationDesktop
import DictationKit
import DictationPocketSphinx

/// Exit statuses of `dictate`, after BSD's sysexits.h so scripts can tell bad input from a missing model.
enum CLIExitCode {
    static func `for`(_ error: DictationError) -> Int32 {
        switch error.code {
        case .invalidAudio, .invalidVocabulary: 65  // EX_DATAERR
        case .modelChecksumMismatch: 65  // EX_DATAERR: the address serves another file than the hash names
        case .modelNotFound, .localeUnsupported, .modelInstallFailed, .modelDownloadFailed: 69  // EX_UNAVAILABLE
        case .permissionDenied: 77  // EX_NOPERM
        case .microphoneUnavailable, .deviceBusy, .deviceDisconnected, .historyUnavailable: 74  // EX_IOERR
        case .noSpeechDetected: 1
        case .notRunning: 69  // EX_UNAVAILABLE: no instance to control
        case .outputUnavailable: 69  // EX_UNAVAILABLE: no way to type here
        case .alreadyRunning: 75  // EX_TEMPFAIL: one runs already; try again when it has quit
        case .resourcesExhausted: 71  // EX_OSERR: the system refused a thread
        case .controlFailed: 76  // EX_PROTOCOL
        default: 70  // EX_SOFTWARE
        }
    }
}
