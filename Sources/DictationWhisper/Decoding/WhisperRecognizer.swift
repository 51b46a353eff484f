import CWhisper
import DictationKit
import Foundation

/// Speech recognition with OpenAI's Whisper, through whisper.cpp.
///
/// ```swift
/// let recognizer = WhisperRecognizer()                      // the best installed model per locale
/// let session = DictationSession(
///     source: AudioFileSource(path: "memo.wav"), preprocessing: StandardPreprocessing(),
///     recognizer: recognizer)
/// ```
///
/// Whisper decodes each utterance whole, once the session's endpointer has cut it: its finals are
/// written text already (capitals, punctuation, digits). It has no partial hypotheses of its own:
/// a session that shows partials searches the utterance so far again, on a cadence, with a
/// second decoder made ``DecoderConfiguration/partialsOnly`` (a greedy search over the audio
/// alone), and shows each search's words.
/// Models are whisper.cpp's ggml files; ``WhisperModelLocator`` finds the installed ones
/// (`dictate models install whisper-tiny.en` installs one). One loaded model serves every decoder
/// of the process that uses it.
///
/// For a live source (``DecoderConfiguration/isLive``), a doubtful utterance is not decoded again
/// at higher temperatures, as whisper.cpp does by default and as files still are: a final in
/// under a second matters more there than the point of word error rate the retries win.
public struct WhisperRecognizer: SpeechRecognizer {
    /// The sample rate Whisper takes: 16 kHz mono.
    public static let decoderSampleRate = 16_000

    /// The sample rate the decoder takes.
    public var sampleRate: Int { Self.decoderSampleRate }

    /// One model file to use for every locale it knows, or `nil` to use the installed models.
    public var modelPath: String?
    /// whisper.cpp's threads for one decoding, or `nil` (the default) for one per core.
    ///
    /// A count given here is used whatever else runs. With `nil`, a file's decodings use one
    /// thread per core, always: whisper.cpp's sums come out in an order that depends on the
    /// count, so a borderline word could otherwise differ between a file decoded alone and in a
    /// batch. A live session's decodings use fewer while other work keeps the cores busy, since
    /// whisper.cpp's threads wait for each other by spinning and a core taken by something else
    /// made a 0.5-s decoding take tens of seconds.
    public var threads: Int?
    /// The width of the beam search; 1 searches greedily (faster, a little less accurate). A live
    /// decoding that starts while other decodings of the process hold or wait for the cores (a
    /// server's sessions ending together) searches greedily whatever the width, so that finals
    /// stay prompt under load; a file's decoding always uses it.
    public var beamSize: Int
    /// How much of the encoder's 30-second window each decoding runs.
    public var encoderWindow: WhisperEncoderWindow
    /// Where installed models are looked for.
    public var locator: WhisperModelLocator

    /// Creates a recognizer.
    /// - Parameters:
    ///   - modelPath: A whisper.cpp model file to use, or `nil` for the installed models.
    ///   - threads: whisper.cpp's threads for one decoding; `nil` for one per core.
    ///   - beamSize: The beam width; 5 by default (whisper.cpp's own default), 1 for greedy.
    ///   - encoderWindow: How much of the encoder's window each decoding runs; by default
    ///     ``WhisperEncoderWindow/automatic`` (fitted for English, full for other languages).
    ///   - locator: Where installed models are looked for.
    public init(
        modelPath: String? = nil, threads: Int? = nil, beamSize: Int = 5, encoderWindow: WhisperEncoderWindow = .automatic,
        locator: WhisperModelLocator = WhisperModelLocator()
    ) {
        self.modelPath = modelPath
        self.threads = threads.map { max(1, $0) }
        self.beamSize = max(1, beamSize)
        self.encoderWindow = encoderWindow
        self.locator = locator
    }

    /// The locales the installed models serve: English for an English-only model; for a
    /// multilingual one also Norwegian (bokmål and nynorsk), though it takes any language Whisper
    /// knows.
    /// - Returns: The locales, English first.
    public func supportedLocales() -> [String] {
        let models = modelPath.map { [WhisperModelLocator.InstalledModel(path: $0)] } ?? locator.installedModels()
        guard !models.isEmpty else { return [] }
        return models.contains(where: \.isMultilingual) ? ["en-US", "nb-NO", "nn-NO"] : ["en-US"]
    }

    /// The prompt a vocabulary becomes: Whisper has no word list to extend, so the entries, as
    /// they are written, are given as the text said just before each utterance, which makes them
    /// and their spelling likelier. whisper.cpp keeps the prompt's last 224 tokens.
    /// - Parameter vocabulary: The vocabulary.
    /// - Returns: The prompt; empty for an empty vocabulary.
    public static func prompt(for vocabulary: Vocabulary) -> String {
        vocabulary.isEmpty ? "" : WhisperDecoding.prompt(for: vocabulary)
    }

    /// The model file that serves a locale: ``modelPath`` when one is given, else the installed
    /// model that serves the locale's language best (``WhisperModelLocator/model(forLanguage:)``).
    /// - Parameter locale: A BCP 47 or POSIX locale (`"nb-NO"` is Whisper's language `no`).
    /// - Returns: The file's path; `nil` when no installed model knows the language.
    public func modelPath(for locale: String) -> String? {
        modelPath ?? locator.model(forLanguage: WhisperDecoding.language(of: locale))?.path
    }

    /// Loads (or shares) the model for a configuration's locale and makes a decoder.
    ///
    /// With ``UtteranceSegmentation/endpointer``, one final per utterance the session cuts; with
    /// ``UtteranceSegmentation/recognizer``, the whole stream decoded at its end into whisper.cpp's
    /// segments. The vocabulary becomes Whisper's prompt; Whisper gives no alternatives (its
    /// beams are not exposed). A decoder made ``DecoderConfiguration/partialsOnly`` searches
    /// greedily, over the audio alone.
    /// - Parameter configuration: The locale (`"en-US"`, `"nb-NO"`), segmentation and vocabulary.
    /// - Returns: A decoder.
    /// - Throws: ``DictationError`` with ``DictationError/Code/modelNotFound`` when no model is
    ///   installed or the file is damaged, ``DictationError/Code/localeUnsupported`` when the
    ///   model knows English only and another language is asked for.
    public func makeDecoder(_ configuration: DecoderConfiguration) throws(DictationError) -> any SpeechDecoder {
        let locale = configuration.locale
        let language = WhisperDecoding.language(of: locale)
        guard let path = modelPath(for: locale) else {
            throw WhisperProblem.noModel(locale: locale, installed: locator.installedModels().map(\.name)).error
        }
        let model = try WhisperModel.shared(path: path)
        guard model.isMultilingual || language == "en" else {
            throw WhisperProblem.englishOnly(model: path, locale: locale).error
        }
        guard whisper_lang_id(language) >= 0 else { throw DictationError.localeUnsupported(locale) }
        var settings = WhisperDecoding(
            language: language, threads: threads ?? ProcessInfo.processInfo.activeProcessorCount, beamSize: beamSize,
            encoderWindow: encoderWindow.resolved(forLanguage: language), retriesDoubtfulDecodings: !configuration.isLive,
            noSpeechThreshold: 0.6)
        settings.sharesCoresWithLoad = threads == nil && configuration.isLive
        settings.isLive = configuration.isLive
        if configuration.partialsOnly {
            // Searched again and again, and replaced by the final: a greedy search over the audio
            // alone, never retried, cut short if it loops. Over half the encoder's window, as the
            // finals run it, a search took 0.3-0.45 s and words showed 0.65 s (p50) and 1.5 s (p95)
            // after they were said; over the audio alone (6 s at least) it takes 0.12-0.2 s, so the
            // session searches twice as often (docs/benchmarks.md).
            settings.isPartialSearch = true
            settings.beamSize = 1
            settings.retriesDoubtfulDecodings = false
        }
        let transcriber = WhisperTranscriber(model: model, settings: settings, vocabulary: configuration.vocabulary)
        switch configuration.segmentation {
        case .endpointer: return WhisperUtteranceDecoder(locale: locale, transcriber: transcriber)
        case .recognizer: return WhisperStreamDecoder(locale: locale, transcriber: transcriber)
        }
    }
}
