import DictationKit

/// A recognizer that shows every decoder it loads to the test before a session gets it, so that
/// the test can count, slow down or fail decoders of a real recognizer on purpose: a condition
/// made, not hoped for from the machine's speed.
///
/// ```swift
/// // Finals that take three seconds longer than the search does.
/// let recognizer = InterceptingRecognizer(PocketSphinxRecognizer()) { decoder, role in
///     guard role == .finals(reportsPartials: false) else { return decoder }
///     return InterceptingDecoder.wrap(decoder) { call in
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
    ///     it; returns the decoder the session gets (the same, or one that ``InterceptingDecoder/wrap(_:before:)`` puts around
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
    /// - Returns: Its locales.
    public func supportedLocales() -> [String] { base.supportedLocales() }

    /// The base recognizer's decoder, after the test has seen it.
    /// - Parameter configuration: What the session asks for.
    /// - Returns: What the test's hook returns.
    /// - Throws: What the base recognizer or the hook throws.
    public func makeDecoder(_ configuration: DecoderConfiguration) throws(DictationError) -> any SpeechDecoder {
        try intercept(base.makeDecoder(configuration), .finals(reportsPartials: configuration.reportsPartials))
    }

    /// The base recognizer's partial decoder, after the test has seen it.
    /// - Parameter configuration: What the session asks for.
    /// - Returns: What the test's hook returns, when it is a decoder for utterances; `nil` when
    ///   the base recognizer has no partial decoder.
    /// - Throws: What the base recognizer or the hook throws.
    public func makePartialDecoder(_ configuration: DecoderConfiguration) throws(DictationError) -> (any UtteranceDecoder)? {
        guard let decoder = try base.makePartialDecoder(configuration) else { return nil }
        return try intercept(decoder, .partials) as? any UtteranceDecoder
    }
}
