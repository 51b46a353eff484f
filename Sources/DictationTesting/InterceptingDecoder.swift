import DictationKit

/// Decoders that pass every call on to another, after a hook of the test's that may wait (a slow
/// search), count, or throw (a decoder that fails).
public enum InterceptingDecoder {
    /// A call the hook is told of, before it reaches the wrapped decoder.
    public enum Call: Sendable {
        /// `process(_:reportPartials:)` with this many samples.
        case process(sampleCount: Int)
        /// ``StreamDecoder/finish()``.
        case finish
        /// ``UtteranceDecoder/beginUtterance(at:)``.
        case beginUtterance(at: Double)
        /// ``UtteranceDecoder/endUtterance()``.
        case endUtterance
        /// ``UtteranceDecoder/prepareFinal(abandoningWhen:)``, or a search of the utterance so far
        /// that may give way (``UtteranceDecoder/hypothesis(givingWayWhen:)``).
        case prepareFinal
    }

    /// Wraps a decoder in one of its kind (a ``StreamDecoder`` or an ``UtteranceDecoder``).
    /// - Parameters:
    ///   - base: The decoder that decodes.
    ///   - hook: Called before each call reaches `base`, on the decoder's thread; what it throws,
    ///     the call throws without reaching `base`.
    /// - Returns: The wrapper; `base` itself when it is of neither kind.
    public static func wrap(
        _ base: any SpeechDecoder, before hook: @escaping (Call) throws(DictationError) -> Void
    ) -> any SpeechDecoder {
        if let utterances = base as? any UtteranceDecoder { return Utterances(utterances, hook: hook) }
        if let stream = base as? any StreamDecoder { return Stream(stream, hook: hook) }
        return base
    }

    private final class Stream: StreamDecoder {
        private let base: any StreamDecoder
        private let hook: (Call) throws(DictationError) -> Void

        init(_ base: any StreamDecoder, hook: @escaping (Call) throws(DictationError) -> Void) {
            self.base = base
            self.hook = hook
        }

        var locale: String { base.locale }

        func process(_ samples: [Float], reportPartials: Bool) throws(DictationError) -> [RecognitionUpdate] {
            try hook(.process(sampleCount: samples.count))
            return try base.process(samples, reportPartials: reportPartials)
        }

        func finish() throws(DictationError) -> [RecognitionUpdate] {
            try hook(.finish)
            return try base.finish()
        }

        func takeNotices() -> [DictationError] { base.takeNotices() }
    }

    private final class Utterances: UtteranceDecoder {
        private let base: any UtteranceDecoder
        private let hook: (Call) throws(DictationError) -> Void

        init(_ base: any UtteranceDecoder, hook: @escaping (Call) throws(DictationError) -> Void) {
            self.base = base
            self.hook = hook
        }

        var locale: String { base.locale }
        var decodesUtterancesIndependently: Bool { base.decodesUtterancesIndependently }
        var decodesOnSeveralCores: Bool { base.decodesOnSeveralCores }
        var showsPartialsByRedecoding: Bool { base.showsPartialsByRedecoding }
        var sureWordConfidence: Double? { base.sureWordConfidence }

        func process(_ samples: [Float], reportPartials: Bool) throws(DictationError) -> [RecognitionUpdate] {
            try hook(.process(sampleCount: samples.count))
            return try base.process(samples, reportPartials: reportPartials)
        }

        func beginUtterance(at time: Double) throws(DictationError) {
            try hook(.beginUtterance(at: time))
            try base.beginUtterance(at: time)
        }

        func endUtterance() throws(DictationError) -> [RecognitionUpdate] {
            try hook(.endUtterance)
            return try base.endUtterance()
        }

        func prepareFinal(abandoningWhen abandons: @escaping @Sendable () -> Bool) throws(DictationError) -> Transcript? {
            try hook(.prepareFinal)
            return try base.prepareFinal(abandoningWhen: abandons)
        }

        func hypothesis(givingWayWhen givesWay: @escaping @Sendable () -> Bool) throws(DictationError) -> Transcript? {
            try hook(.prepareFinal)
            return try base.hypothesis(givingWayWhen: givesWay)
        }

        func discardUtterance() { base.discardUtterance() }

        func takeNotices() -> [DictationError] { base.takeNotices() }
    }
}
