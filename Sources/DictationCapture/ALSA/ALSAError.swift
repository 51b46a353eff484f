import CALSA
import DictationKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Turns libasound's negative error codes into ``DictationKit/DictationError``s with messages
/// that say what happened and what to do.
enum ALSAError {
    /// How a failure to open or set up a capture device is classified.
    enum OpenFailure: Equatable {
        case busy
        case permissionDenied
        case missing
    }

    /// Classifies an error from `snd_pcm_open` or the hardware setup.
    /// - Parameter code: The negative errno libasound returned.
    static func classifyOpenFailure(_ code: Int) -> OpenFailure {
        switch Int32(clamping: -code) {
        // A device opened without blocking answers "busy" as EBUSY, some drivers as EAGAIN.
        case EBUSY, EAGAIN: .busy
        case EACCES, EPERM: .permissionDenied
        // ENOENT and EINVAL are what ALSA says for a PCM name it doesn't know; ENODEV and ENXIO
        // for a card that isn't there. Anything else is reported the same way, with its text.
        default: .missing
        }
    }

    /// A capture device that can't be opened or set up.
    /// - Parameters:
    ///   - code: The negative errno libasound returned.
    ///   - device: The ALSA device name.
    /// - Returns: ``DictationKit/DictationError/Code/deviceBusy``,
    ///   ``DictationKit/DictationError/Code/permissionDenied`` or
    ///   ``DictationKit/DictationError/Code/microphoneUnavailable``.
    static func openFailure(_ code: Int, device: String) -> DictationError {
        let detail = text(code)
        switch classifyOpenFailure(code) {
        case .busy:
            return DictationError(
                code: .deviceBusy,
                message: DictationError.Text(.microphoneBusy, ["device": "\(device)", "detail": "\(detail)"]))
        case .permissionDenied:
            return DictationError(
                code: .permissionDenied,
                message: DictationError.Text(.microphonePermissionDenied, ["device": "\(device)", "detail": "\(detail)"]))
        case .missing:
            let what =
                device == "default"
                ? DictationError.Text(.microphoneNoDefault, ["detail": "\(detail)"])
                : DictationError.Text(.microphoneUnopenable, ["device": "\(device)", "detail": "\(detail)"])
            return DictationError(
                code: .microphoneUnavailable,
                message: DictationError.Text(.microphoneMissing, ["what": what]))
        }
    }

    /// Why a capture device that opened can't be used.
    enum Unsupported: Equatable {
        /// It can't deliver interleaved samples.
        case noInterleavedAccess
        /// It offers no 16-bit, 32-bit or float PCM.
        case noReadableSampleFormat
        /// It records at least this many channels, more than can be read.
        case tooManyChannels(Int)
        /// It records at this rate, outside the readable ones.
        case sampleRate(Int)

        var text: DictationError.Text {
            switch self {
            case .noInterleavedAccess:
                DictationError.Text(.microphoneNoInterleavedAccess)
            case .noReadableSampleFormat:
                DictationError.Text(.microphoneNoReadableSampleFormat)
            case .tooManyChannels(let count):
                DictationError.Text(
                    .microphoneTooManyChannels,
                    ["count": "\(count)", "maximum": "\(AudioFormat.readableChannelCounts.upperBound)"])
            case .sampleRate(let rate):
                DictationError.Text(.microphoneSampleRate, ["rate": "\(rate)"])
            }
        }
    }

    /// A capture device whose formats DictationKit can't read.
    /// - Parameters:
    ///   - device: The ALSA device name.
    ///   - reason: What it offers instead.
    /// - Returns: A ``DictationKit/DictationError/Code/microphoneUnavailable`` error.
    static func unsupportedDevice(_ device: String, _ reason: Unsupported) -> DictationError {
        DictationError(
            code: .microphoneUnavailable,
            message: DictationError.Text(.microphoneUnsupported, ["device": "\(device)", "reason": reason.text]))
    }

    /// A device that failed while capturing, after the audio before the failure was delivered.
    /// - Parameters:
    ///   - code: The negative errno of the failed read or recovery.
    ///   - device: The ALSA device name.
    /// - Returns: A fatal ``DictationKit/DictationError/Code/deviceDisconnected`` error.
    static func streamFailure(_ code: Int, device: String) -> DictationError {
        DictationError(
            code: .deviceDisconnected,
            message: DictationError.Text(.microphoneStreamFailed, ["device": "\(device)", "detail": "\(text(code))"]))
    }

    /// A device that went quiet: no audio and no error for `limit`.
    /// - Parameters:
    ///   - device: The ALSA device name.
    ///   - limit: How long it delivered nothing.
    /// - Returns: A fatal ``DictationKit/DictationError/Code/deviceDisconnected`` error.
    static func stalled(device: String, after limit: Duration) -> DictationError {
        let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
        return DictationError(
            code: .deviceDisconnected,
            message: DictationError.Text(
                .microphoneStalled,
                ["device": "\(device)", "seconds": DictationError.Text(number: seconds.formatted(decimals: 1))]))
    }

    /// libasound could not make an empty configuration.
    static func configurationNotCreated() -> DictationError {
        .internal(
            DictationError.Text(.alsaConfigurationNotCreated))
    }

    /// An ALSA configuration file that can't be opened.
    /// - Parameters:
    ///   - path: The file.
    ///   - reason: The system's text for the failure.
    static func configurationUnreadable(_ path: String, reason: String) -> DictationError {
        .internal(
            DictationError.Text(.alsaConfigurationUnreadable, ["path": "\(path)", "reason": "\(reason)"]))
    }

    /// An ALSA configuration file that libasound refuses.
    /// - Parameters:
    ///   - path: The file.
    ///   - code: The negative error libasound returned.
    static func configurationInvalid(_ path: String, code: Int) -> DictationError {
        .internal(
            DictationError.Text(.alsaConfigurationInvalid, ["path": "\(path)", "detail": "\(text(code))"]))
    }

    /// libasound could not allocate a hardware parameter set.
    static func hardwareParametersNotAllocated() -> DictationError {
        .internal(
            DictationError.Text(.alsaHardwareParametersNotAllocated))
    }

    /// The capture thread ended its setup without saying how it went.
    static func captureThreadSilent() -> DictationError {
        .internal(
            DictationError.Text(.alsaCaptureThreadSilent))
    }

    /// What ``ALSACaptureSource/checkAccess()`` answers for an open that failed.
    /// - Parameter error: The error opening the device threw.
    static func permissionStatus(for error: DictationError) -> PermissionStatus {
        switch error.code {
        // A busy device can't be used now, and the reason says why and what to do.
        case .permissionDenied, .deviceBusy: .denied(reason: error.message)
        default: .noDevice
        }
    }

    /// libasound's text for a negative error code, e.g. "No such file or directory".
    static func text(_ code: Int) -> String {
        guard let text = snd_strerror(Int32(clamping: code)) else { return "error \(code)" }
        return String(cString: text)
    }
}
