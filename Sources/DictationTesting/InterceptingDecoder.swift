import DictationKit

/// A decoder that passes every call on to another, after a hook of the test's that may wait (a
/// slow search), count, or throw (a decoder that fails).
public final class InterceptingDecoder: SpeechDecoder {
    /// A call the hook is told of, before it reaches the wrapped decoder.
    public enum Call: Sendable {
        /// ``SpeechDecoder/process(_:reportPartials:)`` with this many samples.
        case process(sampleCount: Int)
        /// ``SpeechDecoder/finish()``.
        case finish
        /// ``SpeechDecoder/beginUtterance(at:)``.
        case beginUtterance(at: Double)
        /// ``SpeechDecoder/endUtterance()``.
        case endUtterance
        /// ``SpeechDecoder/prepareFinal()``.
        case prepareFinal
    }

    private let base: any SpeechDecoder
    private let hook: (Call) throws(DictationError) -> Void

    /// Wraps a decoder.
    /// - Parameters:
    ///   - base: The decoder that decodes.
    ///   - hook: Called before each call reaches `base`, on the decoder's thread; what it throws,
    ///     the call throws without reaching `base`.
    public init(_ base: any SpeechDecoder, before hook: @escaping (Call) throws(DictationError) -> Void) {
        self.base = base
        self.hook = hook
    }

    /// The wrapped decoder's locale.
    public var locale: String { base.locale }
    /// The wrapped decoder's segmentation.
    public var segmentation: UtteranceSegmentation { base.segmentation }
    /// Whether the wrapped decoder decodes utterances independently.
    public var decodesUtterancesIndependently: Bool { base.decodesUtterancesIndependently }

    /// Passes the call on, after the hook.
    public func process(_ samples: [Float], reportPartials: Bool) throws(DictationError) -> [RecognitionUpdate] {
        try hook(.process(sampleCount: samples.count))
        return try base.process(samples, reportPartials: reportPartials)
    }

    /// Passes the call on, after the hook.
    public func finish() throws(DictationError) -> [RecognitionUpdate] {
        try hook(.finish)
        return try base.finish()
    }

    /// Passes the call on, after the hook.
    public func beginUtterance(at time: Double) throws(DictationError) {
        try hook(.beginUtterance(at: time))
        try base.beginUtterance(at: time)
    }

    /// Passes the call on, after the hook.
    public func endUtterance() throws(DictationError) -> [RecognitionUpdate] {
        try hook(.endUtterance)
        return try base.endUtterance()
    }

    /// Passes the call on, after the hook.
    public func prepareFinal() throws(DictationError) -> Transcript? {
        try hook(.prepareFinal)
        return try base.prepareFinal()
    }

    /// Passes the call on.
    public func discardUtterance() { base.discardUtterance() }

    /// Passes the call on.
    public func configure(_ settings: RecognitionSettings) throws(DictationError) -> [DictationError] {
        try base.configure(settings)
    }

    /// Passes the call on.
    public func takeNotices() -> [DictationError] { base.takeNotices() }
}
