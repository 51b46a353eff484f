#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CALSA
import DictationKit

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
                message: "I can't open the microphone \"\(device)\": another program is using it (\(detail)). "
                    + "Close that program, or pick another microphone from `dictate devices`, and try again.")
        case .permissionDenied:
            return DictationError(
                code: .permissionDenied,
                message: "I'm not allowed to use the microphone \"\(device)\" (\(detail)). "
                    + "Join the `audio` group: `sudo usermod -aG audio $USER`, then log out and in again.")
        case .missing:
            let what = device == "default"
                ? "I can't find a microphone to listen to: ALSA has no working \"default\" device (\(detail))."
                : "I can't find or open the microphone \"\(device)\" (\(detail))."
            return DictationError(
                code: .microphoneUnavailable,
                message: what + " Check that it is plugged in; `dictate devices` lists the microphones I can use.")
        }
    }

    /// A capture device whose formats DictationKit can't read.
    /// - Parameters:
    ///   - device: The ALSA device name.
    ///   - detail: What it offers instead.
    /// - Returns: A ``DictationKit/DictationError/Code/microphoneUnavailable`` error.
    static func unsupportedDevice(_ device: String, detail: String) -> DictationError {
        DictationError(
            code: .microphoneUnavailable,
            message: "I can't use the microphone \"\(device)\": \(detail). Try its `plughw:` name, "
                + "which converts for me, or pick another one from `dictate devices`.")
    }

    /// A device that failed while capturing, after the audio before the failure was delivered.
    /// - Parameters:
    ///   - code: The negative errno of the failed read or recovery.
    ///   - device: The ALSA device name.
    /// - Returns: A fatal ``DictationKit/DictationError/Code/deviceDisconnected`` error.
    static func streamFailure(_ code: Int, device: String) -> DictationError {
        DictationError(
            code: .deviceDisconnected,
            message: "The microphone \"\(device)\" stopped working while I was listening (\(text(code))). "
                + "I kept what I heard before that. Check that it is still plugged in and start again; "
                + "`dictate devices` lists the microphones I can see.")
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
            message: "The microphone \"\(device)\" stopped sending audio (nothing for "
                + "\(seconds.formatted(decimals: 1)) s). I kept what I heard before that. Check that it "
                + "is still plugged in and start again; `dictate devices` lists the microphones I can see.")
    }

    /// Overruns the device recovered from: a moment of audio was lost each time.
    /// - Parameters:
    ///   - count: How many since the last warning.
    ///   - device: The ALSA device name.
    /// - Returns: A non-fatal ``DictationKit/DictationError/Code/captureOverrun`` error.
    static func overrunWarning(count: Int, device: String) -> DictationError {
        let times = count == 1 ? "once" : "\(count) times"
        return DictationError(
            code: .captureOverrun,
            message: "I couldn't keep up with the microphone \"\(device)\" and lost a moment of audio "
                + "(\(times)). I'm still listening; if it keeps happening, close programs that keep the "
                + "computer busy.",
            isFatal: false)
    }

    /// Audio dropped because recognition fell further behind than the capture buffer holds.
    /// - Parameter seconds: How much audio was dropped since the last warning.
    /// - Returns: A non-fatal ``DictationKit/DictationError/Code/captureOverrun`` error.
    static func droppedAudioWarning(seconds: Double) -> DictationError {
        DictationError(
            code: .captureOverrun,
            message: "Recognition fell behind the microphone, so I dropped the oldest "
                + "\(seconds.formatted(decimals: 2)) s of audio waiting for it. I'm still listening; a "
                + "larger capture buffer or a smaller speech model helps.",
            isFatal: false)
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

extension Double {
    /// The value with at most `decimals` decimals and no trailing zeros, e.g. `0.5`, `2`.
    fileprivate func formatted(decimals: Int) -> String {
        // Far beyond any duration here, and kept clear of Int's range below.
        guard isFinite, abs(self) < 1e12 else { return String(self) }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (self * scale).rounded() / scale
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(rounded)
    }
}
