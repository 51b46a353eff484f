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
            case .captureDevices: DictationError.Text(english: "capture devices", norwegianBokmal: "opptaksenheter")
            case .device(let name): DictationError.Text(english: "device \(name)", norwegianBokmal: "enhet \(name)")
            case .installedModels:
                DictationError.Text(english: "installed models", norwegianBokmal: "installerte modeller")
            case .locale(let locale): DictationError.Text(english: "locale \(locale)", norwegianBokmal: "språk \(locale)")
            case .decoder: DictationError.Text(english: "decoder", norwegianBokmal: "dekoder")
            case .whisperModel(let locale):
                DictationError.Text(english: "whisper model \(locale)", norwegianBokmal: "whisper-modell \(locale)")
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
                detail: DictationError.Text(
                    english: "ALSA lists none. Plug in a microphone, or check ALSA's set-up with `arecord -L`.",
                    norwegianBokmal: "ALSA viser ingen. Koble til en mikrofon, eller sjekk oppsettet av ALSA med "
                        + "`arecord -L`."))
        }
        let names = devices.map(\.name).prefix(5).joined(separator: ", ") + (devices.count > 5 ? ", …" : "")
        return Self(subject: .captureDevices, passed: true, detail: DictationError.Text(names))
    }

    /// Whether the device opened; `error` is why not.
    static func device(_ name: String, error: DictationError?) -> Self {
        guard let error else {
            return Self(
                subject: .device(name), passed: true,
                detail: DictationError.Text(english: "opens for capture", norwegianBokmal: "kan åpnes for opptak"))
        }
        // Access refused and a busy device have a reason and a remedy of their own; anything
        // else means there is no such device to open.
        let detail =
            error.code == .permissionDenied || error.code == .deviceBusy
            ? DictationError.Text(
                english: error.message(in: .english), norwegianBokmal: error.message(in: .norwegianBokmal))
            : DictationError.Text(
                english: "there is no such capture device; `dictate devices` lists them, pick one with --device",
                norwegianBokmal: "det finnes ingen slik opptaksenhet; `dictate devices` viser dem, velg en med --device")
        return Self(subject: .device(name), passed: false, detail: detail, error: error)
    }

    /// The locales with a model.
    static func installedModels(_ locales: [String]) -> Self {
        guard !locales.isEmpty else {
            return Self(
                subject: .installedModels, passed: false,
                detail: DictationError.Text(
                    english: "none. Install one: `dictate models install en-US-large` or `apt-get install "
                        + "pocketsphinx-en-us`, or give --model DIR",
                    norwegianBokmal: "ingen. Installer en: `dictate models install en-US-large` eller `apt-get install "
                        + "pocketsphinx-en-us`, eller oppgi --model MAPPE"))
        }
        return Self(subject: .installedModels, passed: true, detail: DictationError.Text(locales.joined(separator: ", ")))
    }

    /// The PocketSphinx model that serves the locale.
    static func locale(_ locale: String, model: PocketSphinxModel) -> Self {
        Self(
            subject: .locale(locale), passed: true,
            detail: DictationError.Text(
                english: "PocketSphinx model \(model.name) (\(model.locale), rank \(model.rank)) in \(model.directory)",
                norwegianBokmal: "PocketSphinx-modell \(model.name) (\(model.locale), rang \(model.rank)) i "
                    + "\(model.directory)"))
    }

    /// The Whisper model that serves the locale: its name, size and languages, and its file.
    static func whisperModel(_ locale: String, model: WhisperModelLocator.InstalledModel) -> Self {
        let size = model.sizeName.map { ", \($0)" } ?? ""
        return Self(
            subject: .whisperModel(locale), passed: true,
            detail: DictationError.Text(
                english: "\(model.name) (\(model.isMultilingual ? "multilingual" : "English only")\(size)) in \(model.path)",
                norwegianBokmal: "\(model.name) (\(model.isMultilingual ? "flerspråklig" : "bare engelsk")\(size)) i "
                    + "\(model.path)"))
    }

    /// Why no Whisper model serves the locale (optional: none installed, or a language Whisper
    /// lacks) or its model can't be used (a damaged file): the error with its code.
    static func whisperModel(_ locale: String, error: DictationError, isOptional: Bool) -> Self {
        Self(
            subject: .whisperModel(locale), passed: false,
            detail: DictationError.Text(
                english: error.localized(to: .english).description,
                norwegianBokmal: error.localized(to: .norwegianBokmal).description),
            error: error, isOptional: isOptional)
    }

    /// Why the locale has no model, or its model does not load: the error with its code.
    static func locale(_ locale: String, error: DictationError) -> Self {
        Self(
            subject: .locale(locale), passed: false,
            detail: DictationError.Text(
                english: error.localized(to: .english).description,
                norwegianBokmal: error.localized(to: .norwegianBokmal).description),
            error: error)
    }

    /// How long the model took to load.
    static func decoder(loadTime: Duration) -> Self {
        let seconds = Double(loadTime / .milliseconds(1)) / 1000
        let english = String(format: "%.2f", seconds)
        return Self(
            subject: .decoder, passed: true,
            detail: DictationError.Text(
                english: "loads in \(english) s",
                norwegianBokmal: "lastes inn på \(english.replacingOccurrences(of: ".", with: ",")) s"))
    }
}
