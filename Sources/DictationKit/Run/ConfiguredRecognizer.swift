import Logging
import Synchronization

/// The session's recognizer, seen through the session's ``RecognitionSettings``: every decoder it
/// makes (the final pass's, the partials', the confirmation pass's) is configured with them
/// before the session uses it, so that no decoder of the session recognizes without the
/// vocabulary, and none keeps an earlier session's.
///
/// What the first decoder could not honour is kept for the session to deliver once; the other
/// decoders, configured alike, would only repeat it.
final class ConfiguredRecognizer: SpeechRecognizer {
    private let base: any SpeechRecognizer
    private let settings: RecognitionSettings
    private let logger: Logger
    /// The notes of the first decoder configured, until the session takes them; `nil` before.
    private let notes = Mutex<[DictationError]?>(nil)

    /// - Parameters:
    ///   - base: The session's recognizer.
    ///   - settings: The session's settings.
    ///   - logger: Where a later decoder's failure to take them is logged.
    init(base: any SpeechRecognizer, settings: RecognitionSettings, logger: Logger) {
        self.base = base
        self.settings = settings
        self.logger = logger
    }

    var sampleRate: Int { base.sampleRate }

    func supportedLocales() -> [String] { base.supportedLocales() }

    func makeDecoder(locale: String, segmentation: UtteranceSegmentation) throws(DictationError) -> any SpeechDecoder {
        try configured(try base.makeDecoder(locale: locale, segmentation: segmentation))
    }

    func makeDecoder(locale: String, segmentation: UtteranceSegmentation, reportsPartials: Bool)
        throws(DictationError) -> any SpeechDecoder
    {
        try configured(try base.makeDecoder(locale: locale, segmentation: segmentation, reportsPartials: reportsPartials))
    }

    func makeDecoder(
        locale: String, segmentation: UtteranceSegmentation, reportsPartials: Bool, maxUtteranceDuration: Double
    ) throws(DictationError) -> any SpeechDecoder {
        try configured(
            try base.makeDecoder(
                locale: locale, segmentation: segmentation, reportsPartials: reportsPartials,
                maxUtteranceDuration: maxUtteranceDuration))
    }

    func makePartialDecoder(locale: String) throws(DictationError) -> (any SpeechDecoder)? {
        guard let decoder = try base.makePartialDecoder(locale: locale) else { return nil }
        return try configured(decoder)
    }

    /// What the first decoder could not honour, once: later calls return nothing.
    func takeNotes() -> [DictationError] {
        notes.withLock { notes in
            defer { notes = [] }
            return notes ?? []
        }
    }

    private func configured(_ decoder: any SpeechDecoder) throws(DictationError) -> any SpeechDecoder {
        let found = try decoder.configure(settings)
        notes.withLock { notes in
            if notes == nil {
                notes = found
            } else if !found.isEmpty {
                logger.debug("a decoder could not take the vocabulary", metadata: ["codes": "\(found.map(\.code))"])
            }
        }
        return decoder
    }
}
