import DictationWhisper
import Foundation

/// Whether live dictation can work here, part by part: the capture devices ALSA lists, the
/// microphone (it opens), the installed models, the locale's PocketSphinx model, its decoder (it
/// loads), and the Whisper model that serves the locale (its file whole). What `dictate doctor`
/// prints.
///
/// ```swift
/// let report = await ReadinessReport(device: "default", locale: "nb-NO")
/// for check in report.checks where !check.passed {
///     print(check.name.string(in: .norwegianBokmal), check.detail.string(in: .norwegianBokmal))
/// }
/// if report.isReady { ... }
/// ```
///
/// Each failed check says why and what to do, in English and Norwegian bokmål, and carries the
/// coded `DictationError` behind it when there is one: the device's
/// (`DictationError.Code.microphoneUnavailable`, `DictationError.Code.deviceBusy`,
/// `DictationError.Code.permissionDenied`) and the locale's
/// (`DictationError.Code.localeUnsupported`, `DictationError.Code.modelNotFound`, ...).
/// A locale without a Whisper model is an optional failure (``Check/isOptional``): its check
/// names the model to install, and the report is still ready. Nothing is left open.
public struct ReadinessReport: Sendable, Hashable {
    /// The findings, in the order they were checked: ``Check/Subject/captureDevices``,
    /// ``Check/Subject/device(_:)``, ``Check/Subject/installedModels``,
    /// ``Check/Subject/locale(_:)``, then ``Check/Subject/decoder`` when the locale has a model
    /// (or a second locale check, failed, when that model does not load), then
    /// ``Check/Subject/whisperModel(_:)``.
    public var checks: [Check]
    /// The capture devices ALSA lists, `default` first.
    public var captureDevices: [ALSADevice]
    /// The locales with a complete model installed.
    public var installedLocales: [String]
    /// The model that serves the locale, when there is one.
    public var model: PocketSphinxModel?
    /// How long the locale's model took to load into a decoder, when it loaded.
    public var decoderLoadTime: Duration?
    /// The Whisper model that serves the locale, when one is installed and its file is whole.
    public var whisperModel: WhisperModelLocator.InstalledModel?

    /// Whether every check passed but the optional ones: a live session of the standard stack
    /// can start. PocketSphinx's model is optional where a Whisper model serves the locale (it
    /// then shows only partials); the Whisper model is optional where PocketSphinx's serves it.
    public var isReady: Bool { checks.allSatisfy { $0.passed || $0.isOptional } }

    /// Checks the microphone, the models and the locale, on a thread of its own (opening the
    /// device and loading the model block for up to a few seconds).
    /// - Parameters:
    ///   - device: The ALSA capture device to open: `"default"` (the default), or a name
    ///     `ALSACaptureSource.captureDevices()` lists.
    ///   - locale: The locale whose model should load; `"en-US"` by default.
    ///   - recognizer: The recognizer whose models are checked; by default the one a session of
    ///     the standard stack uses.
    ///   - whisperModels: Where the Whisper models are looked for; by default the user's.
    public init(
        device: String = "default", locale: String = "en-US",
        recognizer: PocketSphinxRecognizer = PocketSphinxRecognizer(),
        whisperModels: WhisperModelLocator = WhisperModelLocator()
    ) async {
        let microphone = ALSACaptureSource(device: device)
        self = await DedicatedThread.run {
            ReadinessReport(checking: microphone, locale: locale, recognizer: recognizer, whisperModels: whisperModels)
        }
    }

    /// Checks, blocking the calling thread.
    init(
        checking microphone: ALSACaptureSource, locale: String, recognizer: PocketSphinxRecognizer,
        whisperModels: WhisperModelLocator = WhisperModelLocator()
    ) {
        checks = []
        captureDevices = ALSACaptureSource.captureDevices()
        installedLocales = recognizer.supportedLocales()

        checks.append(Check.captureDevices(captureDevices))
        checks.append(Check.device(microphone.device, error: microphone.accessError()))
        // Where Whisper serves the locale it decodes the finals, and PocketSphinx only shows
        // partials: its model is then welcome, not needed.
        let whisper = Self.whisperCheck(locale: locale, models: whisperModels)
        whisperModel = whisper.model
        let pocketSphinxIsOptional = whisper.model != nil
        var installed = Check.installedModels(installedLocales)
        installed.isOptional = pocketSphinxIsOptional
        checks.append(installed)
        do throws(DictationError) {
            let model = try recognizer.model(for: locale)
            self.model = model
            checks.append(Check.locale(locale, model: model))
            let started = ContinuousClock.now
            _ = try recognizer.makeDecoder(DecoderConfiguration(locale: locale))
            let loadTime = ContinuousClock.now - started
            decoderLoadTime = loadTime
            checks.append(Check.decoder(loadTime: loadTime))
        } catch {
            var failed = Check.locale(locale, error: error)
            failed.isOptional = pocketSphinxIsOptional
            checks.append(failed)
        }
        checks.append(Check.voiceActivityModel())
        checks.append(whisper.check)
    }

    /// The Whisper model for the locale: none installed (or a language Whisper lacks) is an
    /// optional failure; an installed file that is not whole is a failure.
    private static func whisperCheck(locale: String, models: WhisperModelLocator)
        -> (check: Check, model: WhisperModelLocator.InstalledModel?)
    {
        let model: WhisperModelLocator.InstalledModel
        do throws(DictationError) {
            model = try models.model(forLocale: locale)
        } catch {
            return (Check.whisperModel(locale, error: error, isOptional: true), nil)
        }
        do throws(DictationError) {
            try model.check()
            return (Check.whisperModel(locale, model: model), model)
        } catch {
            return (Check.whisperModel(locale, error: error, isOptional: false), nil)
        }
    }
}
