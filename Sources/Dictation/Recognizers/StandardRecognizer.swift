import DictationKit
import DictationPocketSphinx
import DictationWhisper
import Logging

/// The recognizer of the standard stack: Whisper wherever a Whisper model serves the locale,
/// PocketSphinx elsewhere.
///
/// ```swift
/// let recognizer = StandardRecognizer()                  // Whisper where installed
/// recognizer.backend(for: "nb-NO")                       // .whisper with base.bin, say
/// let sphinx = StandardRecognizer(choice: .pocketSphinx) // PocketSphinx whatever is installed
/// ```
///
/// Whisper gets the words right far more often (about a third of PocketSphinx's errors on real
/// read speech) and writes them as text, so it decodes the finals wherever it can. It has no
/// streaming search: a session that shows partials takes them from PocketSphinx's where
/// PocketSphinx has a model for the locale (two passes: PocketSphinx's words while the speaker
/// talks, at once, Whisper's final when the utterance ends), and their stable words are the
/// words Whisper itself confirms in the utterance so far (the session's redecoding pass runs the
/// final's kind of decoder), never PocketSphinx's guesses. Where PocketSphinx has no model
/// (Norwegian), or ``partialSearch`` says so, a live session shows Whisper's own searches of the
/// utterance so far as partials.
public struct StandardRecognizer: SpeechRecognizer {
    /// Which backend decodes.
    public enum Choice: String, Sendable, Hashable, CaseIterable {
        /// Whisper where a Whisper model serves the locale, else PocketSphinx.
        case automatic
        /// Whisper always: without a model for the locale, sessions fail with
        /// `DictationError.Code.modelNotFound` naming what to install.
        case whisper
        /// PocketSphinx always.
        case pocketSphinx
    }

    /// The backend that decodes a locale's finals.
    public enum Backend: Sendable, Hashable {
        /// Whisper, with this model file; `nil` when none serves the locale (``Choice/whisper``
        /// only), and decoding fails with `DictationError.Code.modelNotFound`.
        case whisper(modelPath: String?)
        /// PocketSphinx, with its best installed model for the locale.
        case pocketSphinx
    }

    /// Where the partials beside Whisper's finals come from.
    public enum PartialSearch: String, Sendable, Hashable, CaseIterable {
        /// PocketSphinx's streaming search, where PocketSphinx has a model of the locale's
        /// language: a word shows about as soon as it is said, in PocketSphinx's hearing, at about
        /// 0.2 s of CPU per second of audio whatever else the machine does. Whisper's own
        /// searches elsewhere.
        case streaming
        /// Whisper's own searches of the utterance so far: its words, a few tenths of a second
        /// later, on the idle cores, each stopping when its session's final pass searches; they
        /// cost no CPU a final wants, and under load they grow rare. A server's choice.
        case whisper
    }

    /// Which backend decodes.
    public var choice: Choice
    /// Where the partials beside Whisper's finals come from.
    public var partialSearch: PartialSearch
    /// The Whisper backend: its model (or the installed ones), threads and beam.
    public var whisper: WhisperRecognizer
    /// The PocketSphinx backend: finals where Whisper has no model, partials beside Whisper's finals.
    public var pocketSphinx: PocketSphinxRecognizer
    private let logger: Logger

    /// Creates the standard recognizer.
    /// - Parameters:
    ///   - choice: Which backend decodes; by default Whisper where it has a model.
    ///   - whisper: The Whisper backend; by default the installed models, a thread per core.
    ///   - pocketSphinx: The PocketSphinx backend; by default the installed models.
    ///   - partialSearch: Where the partials beside Whisper's finals come from; by default
    ///     PocketSphinx's streaming search where it has the language.
    ///   - logger: Where the backend chosen per decoder is logged, at debug level.
    public init(
        choice: Choice = .automatic, whisper: WhisperRecognizer = WhisperRecognizer(),
        pocketSphinx: PocketSphinxRecognizer = PocketSphinxRecognizer(), partialSearch: PartialSearch = .streaming,
        logger: Logger = Logger(label: "Dictation")
    ) {
        self.choice = choice
        self.partialSearch = partialSearch
        self.whisper = whisper
        self.pocketSphinx = pocketSphinx
        self.logger = logger
    }

    /// 16 000: both backends take 16 kHz mono audio.
    public var sampleRate: Int { pocketSphinx.sampleRate }

    /// The locales the chosen backends serve: Whisper's first, when it may decode.
    /// - Returns: BCP 47 identifiers, each once.
    public func supportedLocales() -> [String] {
        let locales: [String]
        switch choice {
        case .automatic: locales = whisper.supportedLocales() + pocketSphinx.supportedLocales()
        case .whisper: locales = whisper.supportedLocales()
        case .pocketSphinx: locales = pocketSphinx.supportedLocales()
        }
        var seen = Set<String>()
        return locales.filter { seen.insert($0.lowercased()).inserted }
    }

    /// The backend that decodes a locale's finals.
    /// - Parameter locale: A BCP 47 or POSIX locale.
    /// - Returns: Whisper with the model that serves the locale, or PocketSphinx.
    public func backend(for locale: String) -> Backend {
        switch choice {
        case .pocketSphinx: return .pocketSphinx
        case .whisper: return .whisper(modelPath: whisper.modelPath(for: locale))
        case .automatic: return whisper.modelPath(for: locale).map { .whisper(modelPath: $0) } ?? .pocketSphinx
        }
    }

    /// A decoder of the backend that serves the configuration's locale (``backend(for:)``).
    /// - Parameter configuration: What the session asks for.
    /// - Returns: A Whisper or PocketSphinx decoder.
    /// - Throws: What the backend throws.
    public func makeDecoder(_ configuration: DecoderConfiguration) throws(DictationError) -> any SpeechDecoder {
        switch backend(for: configuration.locale) {
        case .whisper(let path):
            logger.debug("finals from Whisper", metadata: ["locale": "\(configuration.locale)", "model": "\(path ?? "none")"])
            return try whisper.makeDecoder(configuration)
        case .pocketSphinx:
            return try pocketSphinx.makeDecoder(configuration)
        }
    }

    /// PocketSphinx's streaming decoder for partials: beside Whisper's finals when PocketSphinx
    /// has a model for the locale's language and ``partialSearch`` is ``PartialSearch/streaming``,
    /// beside its own finals always.
    /// - Parameter configuration: The configuration of the session's final decoder.
    /// - Returns: PocketSphinx's partial decoder, or `nil` (Whisper's own searches beside its
    ///   finals) when PocketSphinx has no model for the language or it fails to load, or Whisper's
    ///   searches are asked for.
    /// - Throws: What PocketSphinx throws when it decodes the finals too.
    public func makePartialDecoder(_ configuration: DecoderConfiguration) throws(DictationError) -> (any UtteranceDecoder)? {
        guard case .whisper = backend(for: configuration.locale) else {
            return try pocketSphinx.makePartialDecoder(configuration)
        }
        guard partialSearch == .streaming else { return nil }
        // Partials in another language than the speaker's would be noise: only a model of the
        // locale's own language, which the locator's fallback to en-US must not stand in for.
        guard let model = try? pocketSphinx.model(for: configuration.locale),
            Self.language(of: model.locale) == Self.language(of: configuration.locale)
        else { return nil }
        do {
            return try pocketSphinx.makePartialDecoder(configuration)
        } catch {
            logger.debug("no PocketSphinx partials beside Whisper", metadata: ["code": "\(error.code)"])
            return nil
        }
    }

    private static func language(of locale: String) -> String {
        locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
    }
}
