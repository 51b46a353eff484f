import DictationWhisper
import Foundation

extension ReadinessReport {
    /// One finding of a ``ReadinessReport``: what was checked, whether it passed, and what was
    /// found or why it failed, in words for people.
    public struct Check: Sendable, Hashable {
        /// What a check looks at.
        public enum Subject: Sendable, Hashable {
            /// Whether ALSA lists any capture device.
            case captureDevices
            /// Whether the named capture device opens.
            case device(String)
            /// Whether any complete model is installed.
            case installedModels
            /// Whether a model serves the locale (and, when a second check of it fails, loads).
            case locale(String)
            /// Whether the locale's model loads into a decoder, and how long that takes.
            case decoder
            /// Which Whisper model serves the locale, and whether its file is whole. Optional
            /// when none is installed: PocketSphinx serves the locale without one.
            case whisperModel(String)
            /// Whether the Silero voice activity model is installed and loads. Optional: without
            /// it, Whisper's sessions judge voice activity by energy.
            case voiceActivityModel
        }

        /// What was checked.
        public var subject: Subject
        /// Whether the check passed.
        public var passed: Bool
        /// What was found when it passed (the devices, the model, the load time); why it failed
        /// and what to do when it did not.
        public var detail: DictationError.Text
        /// The coded error behind a failure, when there is one.
        public var error: DictationError?
        /// Whether dictation works without it: a failed optional check says what could be had
        /// (a Whisper model for the locale) and does not make the report unready.
        public var isOptional: Bool

        /// Creates a finding.
        /// - Parameters:
        ///   - subject: What was checked.
        ///   - passed: Whether it passed.
        ///   - detail: What was found, or why it failed and what to do.
        ///   - error: The coded error behind a failure, if any.
        ///   - isOptional: Whether dictation works when it fails.
        public init(
            subject: Subject, passed: Bool, detail: DictationError.Text, error: DictationError? = nil, isOptional: Bool = false
        ) {
            self.subject = subject
            self.passed = passed
            self.detail = detail
            self.error = error
            self.isOptional = isOptional
        }

        /// A short name for what was checked, such as "device default".
        public var name: DictationError.Text {
            switch subject {
            case .captureDevices: DictationError.Text(.readinessCaptureDevices)
            case .device(let name): DictationError.Text(.readinessDevice, ["name": "\(name)"])
            case .installedModels:
                DictationError.Text(.readinessInstalledModels)
            case .locale(let locale): DictationError.Text(.readinessLocale, ["locale": "\(locale)"])
            case .decoder: DictationError.Text(.readinessDecoder)
            case .whisperModel(let locale):
                DictationError.Text(.readinessWhisperModel, ["locale": "\(locale)"])
            case .voiceActivityModel: DictationError.Text(.readinessVoiceActivityModel)
            }
        }
    }
}

// The findings the report makes, with their words.
extension ReadinessReport.Check {
    /// The devices ALSA lists: the first five by name.
    static func captureDevices(_ devices: [ALSADevice]) -> Self {
        guard !devices.isEmpty else {
            return Self(
                subject: .captureDevices, passed: false,
                detail: DictationError.Text(.readinessNoCaptureDevices))
        }
        let names = devices.map(\.name).prefix(5).joined(separator: ", ") + (devices.count > 5 ? ", …" : "")
        return Self(subject: .captureDevices, passed: true, detail: DictationError.Text(names))
    }

    /// Whether the device opened; `error` is why not.
    static func device(_ name: String, error: DictationError?) -> Self {
        guard let error else {
            return Self(
                subject: .device(name), passed: true,
                detail: DictationError.Text(.readinessDeviceOpens))
        }
        // Access refused and a busy device have a reason and a remedy of their own; anything
        // else means there is no such device to open.
        let detail =
            error.code == .permissionDenied || error.code == .deviceBusy
            ? error.messageText
            : DictationError.Text(.readinessNoSuchDevice)
        return Self(subject: .device(name), passed: false, detail: detail, error: error)
    }

    /// The locales with a model.
    static func installedModels(_ locales: [String]) -> Self {
        guard !locales.isEmpty else {
            return Self(
                subject: .installedModels, passed: false,
                detail: DictationError.Text(.readinessNoModels))
        }
        return Self(subject: .installedModels, passed: true, detail: DictationError.Text(locales.joined(separator: ", ")))
    }

    /// The PocketSphinx model that serves the locale.
    static func locale(_ locale: String, model: PocketSphinxModel) -> Self {
        Self(
            subject: .locale(locale), passed: true,
            detail: DictationError.Text(
                .readinessPocketSphinxModel,
                [
                    "name": "\(model.name)", "locale": "\(model.locale)", "rank": "\(model.rank)",
                    "directory": "\(model.directory)",
                ]))
    }

    /// The Whisper model that serves the locale: its name, size and languages, and its file.
    static func whisperModel(_ locale: String, model: WhisperModelLocator.InstalledModel) -> Self {
        let size = model.sizeName.map { ", \($0)" } ?? ""
        return Self(
            subject: .whisperModel(locale), passed: true,
            detail: DictationError.Text(
                .readinessWhisperModelFound,
                [
                    "name": "\(model.name)",
                    "languages": DictationError.Text(model.isMultilingual ? .readinessMultilingual : .readinessEnglishOnly),
                    "size": "\(size)", "path": "\(model.path)",
                ]))
    }

    /// Why no Whisper model serves the locale (optional: none installed, or a language Whisper
    /// lacks) or its model can't be used (a damaged file): the error with its code.
    static func whisperModel(_ locale: String, error: DictationError, isOptional: Bool) -> Self {
        Self(
            subject: .whisperModel(locale), passed: false,
            detail: error.descriptionText,
            error: error, isOptional: isOptional)
    }

    /// The Silero voice activity model: its file when it loads, else why not (optional).
    static func voiceActivityModel() -> Self {
        do throws(DictationError) {
            let detector = try SileroVoiceActivityDetector()
            return Self(subject: .voiceActivityModel, passed: true, detail: DictationError.Text(detector.modelPath))
        } catch {
            return Self(
                subject: .voiceActivityModel, passed: false, detail: error.descriptionText, error: error, isOptional: true)
        }
    }

    /// Why the locale has no model, or its model does not load: the error with its code.
    static func locale(_ locale: String, error: DictationError) -> Self {
        Self(
            subject: .locale(locale), passed: false,
            detail: error.descriptionText,
            error: error)
    }

    /// How long the model took to load.
    static func decoder(loadTime: Duration) -> Self {
        let seconds = Double(loadTime / .milliseconds(1)) / 1000
        return Self(
            subject: .decoder, passed: true,
            detail: DictationError.Text(
                .readinessDecoderLoadTime, ["seconds": DictationError.Text(number: String(format: "%.2f", seconds))]))
    }
}
