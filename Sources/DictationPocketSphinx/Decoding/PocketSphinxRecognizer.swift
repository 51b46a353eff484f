import DictationKit
import Foundation
import Logging

/// The PocketSphinx speech recognition backend.
///
/// A recognizer is a cheap description; ``makeDecoder(_:)`` loads the model (about a second
/// for Debian's US English model) once per session.
///
/// ```swift
/// let recognizer = PocketSphinxRecognizer()                  // models found as described below
/// print(recognizer.supportedLocales())                       // ["en-US"]
/// let session = DictationSession(source: source, preprocessing: preprocessing, recognizer: recognizer)
/// ```
///
/// Models are found by ``PocketSphinxModelLocator``: the `modelDirectory` given here, else the
/// best-ranked model of the locale among the folders on `DICTATIONKIT_MODEL_PATH`, the model packs
/// installed by ``ModelPackInstaller`` (`~/.local/share/dictationkit/models`), and
/// `/usr/share/pocketsphinx/model` (Debian's
/// `pocketsphinx-en-us` package). In a session, utterances are cut by the session's endpointer;
/// with `UtteranceSegmentation.recognizer` they are cut by PocketSphinx's own voice activity
/// detection, as in `pocketsphinx_continuous`, so the words match what that tool finds.
/// PocketSphinx's log is switched off for the whole process: it would otherwise write to stderr.
///
/// Times are seconds from the first sample the decoder was given:
/// - a final spans its words (first word's start to last word's end); each `Word` carries its
///   frames' times (10 ms steps) and PocketSphinx's posterior probability as its confidence;
/// - a partial runs from the estimated start of the utterance to the audio decoded so far;
/// - speech start and end are the detector's: they include its pre-speech buffer (0.2 s) and
///   the silence it waits for before ending an utterance (0.5 s). The start is estimated when
///   speech is first heard and may be up to about 0.1 s late.
///
/// With the session's endpointer, each new session starts from the cepstral mean (the average
/// spectrum of speaker, room and microphone, which PocketSphinx subtracts from every frame) that
/// the recognizer's previous session ended with, rather than the model's generic estimate: its
/// first utterance starts warm.
///
/// Speech that goes on longer than the session's `EndpointingOptions.maxUtteranceDuration` is
/// cut into several utterances, each with its own speech start, end and final.
public struct PocketSphinxRecognizer: SpeechRecognizer {
    /// The sample rate PocketSphinx's acoustic models are trained for: 16 000 Hz.
    static let decoderSampleRate = 16_000

    /// Where models are looked for.
    public var locator: PocketSphinxModelLocator
    /// Extra PocketSphinx options, such as `["-beam": "1e-60"]`; everything else keeps
    /// PocketSphinx's defaults.
    public var decoderOptions: [String: String]
    private let logger: Logger
    /// The cepstral means sessions of this recognizer learnt, shared by its copies.
    private let cepstralMeans = CepstralMeanMemory()

    /// Creates a recognizer.
    /// - Parameters:
    ///   - modelDirectory: A model folder to use whatever the locale (one holding an acoustic model
    ///     folder, a `*.lm.bin` and a `*.dict`), or a folder of per-locale model folders (`en-us/`)
    ///     searched instead of the installed ones. `nil` searches `DICTATIONKIT_MODEL_PATH`, the installed
    ///     model packs and the system, the highest-ranked model of the locale winning.
    ///   - environment: The environment to read `DICTATIONKIT_MODEL_PATH`, `XDG_DATA_HOME` and `HOME`
    ///     from; the process's by default.
    ///   - decoderOptions: Extra PocketSphinx command-line options, names with or without the
    ///     leading `-`, for every decoder the recognizer makes; they win over the defaults
    ///     ``makeDecoder(_:)`` and ``makePartialDecoder(_:)`` describe.
    ///   - logger: Where utterance boundaries are logged, at debug level. Audio and text are never logged.
    public init(
        modelDirectory: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        decoderOptions: [String: String] = [:],
        logger: Logger = Logger(label: "DictationPocketSphinx")
    ) {
        self.init(
            locator: PocketSphinxModelLocator(modelDirectory: modelDirectory, environment: environment),
            decoderOptions: decoderOptions, logger: logger)
    }

    /// Creates a recognizer that finds models with a given locator.
    /// - Parameters:
    ///   - locator: Where models are looked for.
    ///   - decoderOptions: Extra PocketSphinx command-line options.
    ///   - logger: Where utterance boundaries are logged, at debug level.
    public init(
        locator: PocketSphinxModelLocator,
        decoderOptions: [String: String] = [:],
        logger: Logger = Logger(label: "DictationPocketSphinx")
    ) {
        self.locator = locator
        self.decoderOptions = decoderOptions
        self.logger = logger
    }

    /// 16 000: PocketSphinx takes 16 kHz mono audio.
    public var sampleRate: Int { Self.decoderSampleRate }

    /// The locales with a complete model installed.
    /// - Returns: BCP 47 identifiers such as `"en-US"`, in search order.
    public func supportedLocales() -> [String] {
        locator.supportedLocales()
    }

    /// Finds the model for a locale.
    /// - Parameter locale: A BCP 47 or POSIX locale name, or a bare language such as `"en"`.
    /// - Returns: The model that ``makeDecoder(_:)`` would load.
    /// - Throws: `DictationError` as ``PocketSphinxModelLocator/model(for:)`` does.
    public func model(for locale: String) throws(DictationError) -> PocketSphinxModel {
        try locator.model(for: locale)
    }

    /// PocketSphinx options for utterances decoded whole: its noise removal helps only a streaming search.
    static let wholeUtteranceDefaults = ["-remove_noise": "no"]

    /// PocketSphinx options for utterances searched as they arrive, for partials: prompt partials.
    ///
    /// The partial is the forward search's best path; the flat-lexicon and best-path rescoring
    /// (`-fwdflat`, `-bestpath`) would only run at the utterance's end, whose final the
    /// whole-utterance search makes. The phone lookahead (`-pl_window`, 5 frames in PocketSphinx)
    /// holds the search that many frames behind the audio. Measured with `dictation-latency`
    /// (Debian's model, 50 utterances), partial latency p50 / p95 with a lookahead of 5, 3, 2, 1
    /// and 0 frames: 75 / 420, 48 / 346, 43 / 316, 23 / 283 and 43 / 582 ms.
    static let streamingDefaults = ["-fwdflat": "no", "-bestpath": "no", "-pl_window": "1"]

    /// Loads the model for a configuration's locale into a new decoder.
    ///
    /// With `UtteranceSegmentation.recognizer` the decoder cuts a stream itself, with
    /// PocketSphinx's own voice activity detection, as `pocketsphinx_continuous` does; speech
    /// longer than the configuration's longest utterance is cut into several utterances, so that
    /// the decoder's memory stays bounded.
    ///
    /// With `UtteranceSegmentation.endpointer` it is handed one utterance at a time (PocketSphinx's
    /// speech detection off). Without partials, each utterance is searched whole once it has
    /// ended, with the cepstral mean of the whole utterance (as `pocketsphinx_batch` does) and
    /// PocketSphinx's own noise removal off (unless ``decoderOptions`` sets `-remove_noise`):
    /// on the LibriVox recordings that takes the word error rate of the large English model from
    /// 26.8 % to 12.7 %. This is the decoder that makes the finals of every session with the
    /// endpointer, with partials or without: partials come from a second, streaming decoder
    /// (``makePartialDecoder(_:)``). Asked for partials, it searches as the audio arrives, in
    /// one forward pass, with only a running estimate of the mean (noise removal then helps).
    ///
    /// The configuration's vocabulary is added to the dictionary and the language model; its
    /// alternative count gives each final up to that many alternatives from PocketSphinx's n-best
    /// list. Entries it can't use come from the decoder's `SpeechDecoder.takeNotices()`.
    /// - Parameter configuration: The locale (a BCP 47 or POSIX name, or a bare language such as
    ///   `"en"`), segmentation, partials, longest utterance, vocabulary and alternatives.
    /// - Returns: A decoder whose `SpeechDecoder.locale` is the model's locale (`"en-US"`).
    /// - Throws: `DictationError` with `DictationError.Code.localeUnsupported` when no model is
    ///   installed for the locale, `DictationError.Code.modelNotFound` when the model found is
    ///   incomplete or can't be loaded (or none is installed at all), and
    ///   `DictationError.Code.recognitionFailed` when PocketSphinx rejects ``decoderOptions``.
    public func makeDecoder(_ configuration: DecoderConfiguration) throws(DictationError) -> any SpeechDecoder {
        let model = try locator.model(for: configuration.locale)
        logger.debug(
            "loading PocketSphinx model",
            metadata: [
                "locale": "\(model.locale)", "acousticModel": "\(model.acousticModel)",
                "languageModel": "\(model.languageModel)", "dictionary": "\(model.dictionary)",
                "segmentation": "\(configuration.segmentation)", "partials": "\(configuration.reportsPartials)",
            ])
        switch configuration.segmentation {
        case .endpointer:
            // The caller's options win over the defaults of either way of decoding.
            let defaults = configuration.reportsPartials ? Self.streamingDefaults : Self.wholeUtteranceDefaults
            let options = decoderOptions.merging(defaults) { caller, _ in caller }
            return try PocketSphinxUtteranceDecoder(
                model: model, options: options, mode: configuration.reportsPartials ? .streaming : .wholeUtterance,
                configuration: configuration, cepstralMeans: cepstralMeans, logger: logger)
        case .recognizer:
            return try PocketSphinxDecoder(
                model: model, options: decoderOptions, configuration: configuration, logger: logger)
        }
    }

    /// Loads the streaming decoder that shows a session's partials while the whole-utterance
    /// decoder makes its finals (two passes; see `SpeechRecognizer.makePartialDecoder(_:)`).
    ///
    /// It searches each utterance as it is spoken, in one forward pass
    /// (`streamingDefaults`, under the caller's ``decoderOptions``), and ends it without a
    /// final: the finals of a session with partials are those of one without.
    /// - Parameter configuration: The configuration of the session's final decoder.
    /// - Returns: The partial decoder.
    /// - Throws: `DictationError` as ``makeDecoder(_:)`` does.
    public func makePartialDecoder(_ configuration: DecoderConfiguration) throws(DictationError) -> (any UtteranceDecoder)? {
        let model = try locator.model(for: configuration.locale)
        let options = decoderOptions.merging(Self.streamingDefaults) { caller, _ in caller }
        return try PocketSphinxUtteranceDecoder(
            model: model, options: options, mode: .partialsOnly, configuration: configuration,
            cepstralMeans: cepstralMeans, logger: logger)
    }
}
