import DictationKit

/// A recognizer that shows every decoder it loads to the test before a session gets it, so that
/// the test can count, slow down or fail decoders of a real recognizer on purpose: a condition
/// made, not hoped for from the machine's speed.
///
/// ```swift
/// // Finals that take three seconds longer than the search does.
/// let recognizer = InterceptingRecognizer(PocketSphinxRecognizer()) { decoder, role in
///     guard role == .finals(reportsPartials: false) else { return decoder }
///     return InterceptingDecoder(decoder) { call in
///         if case .endUtterance = call { Thread.sleep(forTimeInterval: 3) }
///     }
/// }
/// ```
public struct InterceptingRecognizer: SpeechRecognizer {
    /// What a session loads a decoder for.
    public enum DecoderRole: Sendable, Hashable {
        /// The decoder that makes finals (and partials too, when `reportsPartials`).
        case finals(reportsPartials: Bool)
        /// The streaming decoder of a two-pass session, for partials only.
        case partials
    }

    private let base: any SpeechRecognizer
    private let intercept: @Sendable (any SpeechDecoder, DecoderRole) throws(DictationError) -> any SpeechDecoder

    /// Wraps a recognizer.
    /// - Parameters:
    ///   - base: The recognizer that loads the decoders.
    ///   - intercept: Called with each decoder `base` loaded and what for, on the thread that loads
    ///     it; returns the decoder the session gets (the same, or an ``InterceptingDecoder`` around
    ///     it), or throws to fail the load.
    public init(
        _ base: any SpeechRecognizer,
        intercept: @escaping @Sendable (any SpeechDecoder, DecoderRole) throws(DictationError) -> any SpeechDecoder
    ) {
        self.base = base
        self.intercept = intercept
    }

    /// The base recognizer's rate.
    public var sampleRate: Int { base.sampleRate }

    /// The base recognizer's locales.
    /// - Returns: What `base` supports.
    public func supportedLocales() -> [String] { base.supportedLocales() }

    /// A decoder of `base`, passed through the test's `intercept`.
    /// - Parameters:
    ///   - locale: A BCP 47 identifier.
    ///   - segmentation: Who cuts the audio into utterances.
    /// - Returns: What `intercept` returns.
    /// - Throws: What `base` or `intercept` throws.
    public func makeDecoder(locale: String, segmentation: UtteranceSegmentation) throws(DictationError)
        -> any SpeechDecoder
    {
        try intercept(base.makeDecoder(locale: locale, segmentation: segmentation), .finals(reportsPartials: true))
    }

    /// A decoder of `base`, passed through the test's `intercept`.
    /// - Parameters:
    ///   - locale: A BCP 47 identifier.
    ///   - segmentation: Who cuts the audio into utterances.
    ///   - reportsPartials: Whether the session shows partials from it.
    ///   - maxUtteranceDuration: The longest utterance, in seconds.
    /// - Returns: What `intercept` returns.
    /// - Throws: What `base` or `intercept` throws.
    public func makeDecoder(
        locale: String, segmentation: UtteranceSegmentation, reportsPartials: Bool, maxUtteranceDuration: Double
    ) throws(DictationError) -> any SpeechDecoder {
        let decoder = try base.makeDecoder(
            locale: locale, segmentation: segmentation, reportsPartials: reportsPartials,
            maxUtteranceDuration: maxUtteranceDuration)
        return try intercept(decoder, .finals(reportsPartials: reportsPartials))
    }

    /// The partial decoder of `base`, if it has one, passed through the test's `intercept`.
    /// - Parameter locale: A BCP 47 identifier.
    /// - Returns: What `intercept` returns, or `nil` when `base` decodes in one pass.
    /// - Throws: What `base` or `intercept` throws.
    public func makePartialDecoder(locale: String) throws(DictationError) -> (any SpeechDecoder)? {
        guard let decoder = try base.makePartialDecoder(locale: locale) else { return nil }
        return try intercept(decoder, .partials)
    }
}
