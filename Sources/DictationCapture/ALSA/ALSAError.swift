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
                message: DictationError.Text(
                    english: "I can't open the microphone \"\(device)\": another program is using it (\(detail)). "
                        + "Close that program, or pick another microphone from `dictate devices`, and try again.",
                    norwegianBokmal: "Jeg får ikke åpnet mikrofonen «\(device)»: et annet program bruker den "
                        + "(\(detail)). Lukk det programmet, eller velg en annen mikrofon fra `dictate devices`, og "
                        + "prøv igjen."))
        case .permissionDenied:
            return DictationError(
                code: .permissionDenied,
                message: DictationError.Text(
                    english: "I'm not allowed to use the microphone \"\(device)\" (\(detail)). "
                        + "Join the `audio` group: `sudo usermod -aG audio $USER`, then log out and in again.",
                    norwegianBokmal: "Jeg har ikke lov til å bruke mikrofonen «\(device)» (\(detail)). Bli med i "
                        + "gruppen `audio`: `sudo usermod -aG audio $USER`, og logg så ut og inn igjen."))
        case .missing:
            let what =
                device == "default"
                ? DictationError.Text(
                    english: "I can't find a microphone to listen to: ALSA has no working \"default\" device (\(detail)).",
                    norwegianBokmal: "Jeg finner ingen mikrofon å lytte til: ALSA har ingen fungerende "
                        + "«default»-enhet (\(detail)).")
                : DictationError.Text(
                    english: "I can't find or open the microphone \"\(device)\" (\(detail)).",
                    norwegianBokmal: "Jeg finner ikke mikrofonen «\(device)», eller får ikke åpnet den (\(detail)).")
            return DictationError(
                code: .microphoneUnavailable,
                message: DictationError.Text(
                    english: what.english + " Check that it is plugged in; `dictate devices` lists the microphones I can use.",
                    norwegianBokmal: what.norwegianBokmal
                        + " Sjekk at den er koblet til; `dictate devices` viser mikrofonene jeg kan bruke."))
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
                DictationError.Text(
                    english: "it can't deliver interleaved samples",
                    norwegianBokmal: "den kan ikke levere flettede samples")
            case .noReadableSampleFormat:
                DictationError.Text(
                    english: "it offers no sample format I can read (16-bit, 32-bit or float PCM)",
                    norwegianBokmal: "den tilbyr ikke noe sampleformat jeg kan lese (16-bits, 32-bits eller flyttalls-PCM)")
            case .tooManyChannels(let count):
                DictationError.Text(
                    english: "it records at least \(count) channels, and I can read at most "
                        + "\(AudioFormat.readableChannelCounts.upperBound)",
                    norwegianBokmal: "den tar opp minst \(count) kanaler, og jeg kan lese høyst "
                        + "\(AudioFormat.readableChannelCounts.upperBound)")
            case .sampleRate(let rate):
                DictationError.Text(
                    english: "it records at \(rate) Hz", norwegianBokmal: "den tar opp med \(rate) Hz")
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
            message: DictationError.Text(
                english: "I can't use the microphone \"\(device)\": \(reason.text.english). Try its `plughw:` name, "
                    + "which converts for me, or pick another one from `dictate devices`.",
                norwegianBokmal: "Jeg kan ikke bruke mikrofonen «\(device)»: \(reason.text.norwegianBokmal). Prøv "
                    + "`plughw:`-navnet dens, som gjør om lyden for meg, eller velg en annen fra `dictate devices`."))
    }

    /// A device that failed while capturing, after the audio before the failure was delivered.
    /// - Parameters:
    ///   - code: The negative errno of the failed read or recovery.
    ///   - device: The ALSA device name.
    /// - Returns: A fatal ``DictationKit/DictationError/Code/deviceDisconnected`` error.
    static func streamFailure(_ code: Int, device: String) -> DictationError {
        DictationError(
            code: .deviceDisconnected,
            message: DictationError.Text(
                english: "The microphone \"\(device)\" stopped working while I was listening (\(text(code))). "
                    + "I kept what I heard before that. Check that it is still plugged in and start again; "
                    + "`dictate devices` lists the microphones I can see.",
                norwegianBokmal: "Mikrofonen «\(device)» sluttet å virke mens jeg lyttet (\(text(code))). "
                    + "Jeg har tatt vare på det jeg hørte før det. Sjekk at den fortsatt er koblet til, og start på "
                    + "nytt; `dictate devices` viser mikrofonene jeg ser."))
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
                english: "The microphone \"\(device)\" stopped sending audio (nothing for "
                    + "\(seconds.formatted(decimals: 1)) s). I kept what I heard before that. Check that it "
                    + "is still plugged in and start again; `dictate devices` lists the microphones I can see.",
                norwegianBokmal: "Mikrofonen «\(device)» sluttet å sende lyd (ingenting på "
                    + "\(seconds.formatted(decimals: 1, comma: true)) s). Jeg har tatt vare på det jeg hørte før det. "
                    + "Sjekk at den fortsatt er koblet til, og start på nytt; `dictate devices` viser mikrofonene "
                    + "jeg ser."))
    }

    /// libasound could not make an empty configuration.
    static func configurationNotCreated() -> DictationError {
        .internal(
            DictationError.Text(
                english: "I couldn't create an ALSA configuration",
                norwegianBokmal: "jeg klarte ikke å lage en ALSA-konfigurasjon"))
    }

    /// An ALSA configuration file that can't be opened.
    /// - Parameters:
    ///   - path: The file.
    ///   - reason: The system's text for the failure.
    static func configurationUnreadable(_ path: String, reason: String) -> DictationError {
        .internal(
            DictationError.Text(
                english: "I couldn't read the ALSA configuration \(path) (\(reason))",
                norwegianBokmal: "jeg klarte ikke å lese ALSA-konfigurasjonen \(path) (\(reason))"))
    }

    /// An ALSA configuration file that libasound refuses.
    /// - Parameters:
    ///   - path: The file.
    ///   - code: The negative error libasound returned.
    static func configurationInvalid(_ path: String, code: Int) -> DictationError {
        .internal(
            DictationError.Text(
                english: "the ALSA configuration \(path) is not valid (\(text(code)))",
                norwegianBokmal: "ALSA-konfigurasjonen \(path) er ugyldig (\(text(code)))"))
    }

    /// libasound could not allocate a hardware parameter set.
    static func hardwareParametersNotAllocated() -> DictationError {
        .internal(
            DictationError.Text(
                english: "I couldn't allocate ALSA hardware parameters",
                norwegianBokmal: "jeg fikk ikke satt av minne til ALSA-maskinvareparametrene"))
    }

    /// The capture thread ended its setup without saying how it went.
    static func captureThreadSilent() -> DictationError {
        .internal(
            DictationError.Text(
                english: "the capture thread reported nothing",
                norwegianBokmal: "opptakstråden meldte ingenting tilbake"))
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
