import DictationKit
import DictationPocketSphinx

/// Exit statuses of `dictate`, after BSD's sysexits.h so scripts can tell bad input from a missing model.
enum CLIExitCode {
    static func `for`(_ error: DictationError) -> Int32 {
        switch error.code {
        case .invalidAudio, .invalidVocabulary: 65  // EX_DATAERR
        case .modelNotFound, .localeUnsupported, .modelInstallFailed: 69  // EX_UNAVAILABLE
        case .permissionDenied: 77  // EX_NOPERM
        case .microphoneUnavailable, .deviceBusy, .deviceDisconnected, .historyUnavailable: 74  // EX_IOERR
        case .noSpeechDetected: 1
        default: 70  // EX_SOFTWARE
        }
    }
}
