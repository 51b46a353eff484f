import Foundation

/// Whether live dictation can work here, part by part: the capture devices ALSA lists, the
/// microphone (it opens), the installed models, the locale's model, and its decoder (it loads).
/// What `dictate doctor` prints.
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
/// Nothing is left open.
public struct ReadinessReport: Sendable, Hashable {
    /// The findings, in the order they were checked: ``Check/Subject/captureDevices``,
    /// ``Check/Subject/device(_:)``, ``Check/Subject/installedModels``,
    /// ``Check/Subject/locale(_:)``, then ``Check/Subject/decoder`` when the locale has a model
    /// (or a second locale check, failed, when that model does not load).
    public var checks: [Check]
    /// The capture devices ALSA lists, `default` first.
    public var captureDevices: [ALSADevice]
    /// The locales with a complete model installed.
    public var installedLocales: [String]
    /// The model that serves the locale, when there is one.
    public var model: PocketSphinxModel?
    /// How long the locale's model took to load into a decoder, when it loaded.
    public var decoderLoadTime: Duration?

    /// Whether every check passed: a live session of the standard stack can start.
    public var isReady: Bool { checks.allSatisfy(\.passed) }

    /// Checks the microphone, the models and the locale, on a thread of its own (opening the
    /// device and loading the model block for up to a few seconds).
    /// - Parameters:
    ///   - device: The ALSA capture device to open: `"default"` (the default), or a name
    ///     `ALSACaptureSource.captureDevices()` lists.
    ///   - locale: The locale whose model should load; `"en-US"` by default.
    ///   - recognizer: The recognizer whose models are checked; by default the one a session of
    ///     the standard stack uses.
    public init(
        device: String = "default", locale: String = "en-US",
        recognizer: PocketSphinxRecognizer = PocketSphinxRecognizer()
    ) async {
        let microphone = ALSACaptureSource(device: device)
        self = await DedicatedThread.run { ReadinessReport(checking: microphone, locale: locale, recognizer: recognizer) }
    }

    /// Checks, blocking the calling thread.
    init(checking microphone: ALSACaptureSource, locale: String, recognizer: PocketSphinxRecognizer) {
        checks = []
        captureDevices = ALSACaptureSource.captureDevices()
        installedLocales = recognizer.supportedLocales()

        checks.append(Check.captureDevices(captureDevices))
        checks.append(Check.device(microphone.device, error: microphone.accessError()))
        checks.append(Check.installedModels(installedLocales))
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
            checks.append(Check.locale(locale, error: error))
        }
    }
}
