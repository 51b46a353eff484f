import Foundation
import Logging

/// The decoders one run uses, loaded on its audio thread before any audio is decoded.
struct SessionDecoders {
    /// The decoder that makes the finals.
    enum Main {
        /// One that segments and decodes the stream itself, partials included.
        case stream(any StreamDecoder)
        /// The final pass's, given the endpointer's utterances.
        case utterances(any UtteranceDecoder)

        /// The locale whose model it loaded.
        var locale: String {
            switch self {
            case .stream(let decoder): decoder.locale
            case .utterances(let decoder): decoder.locale
            }
        }
    }

    /// The decoder that makes the finals.
    var main: Main
    /// What ``main`` was made with, its locale the one it loaded: the pattern of every other
    /// decoder of the run.
    var configuration: DecoderConfiguration
    /// The streaming decoder that shows partials beside ``main`` (two passes), when the
    /// recognizer offers one and the session shows partials.
    var partials: (any UtteranceDecoder)?
    /// Whether the session's partials are searches of the utterance so far by a decoder of
    /// ``main``'s kind (``UtteranceDecoder/showsPartialsByRedecoding``), made on a
    /// ``RedecodingPass``, rather than a streaming decoder's.
    var partialsByRedecoding = false
    /// ``DictationEvent/localeSelected(requested:used:)`` when the recognizer had no model for the
    /// locale asked for.
    var localeEvent: DictationEvent?
    /// What ``main`` could not honour of the configuration (a vocabulary entry it can't
    /// pronounce), for the session to deliver once: the other decoders, made alike, would only
    /// repeat it.
    var notices: [DictationError] = []
    /// Where the final pass gets more decoders like ``main``, to decode utterances side by side;
    /// `nil` when it decodes with ``main`` alone.
    var moreFinalDecoders: FinalDecoderSupply?

    /// Loads the decoders for a run.
    ///
    /// With the endpointer, a session with partials decodes in two passes when the recognizer
    /// offers a partial decoder (``SpeechRecognizer/makePartialDecoder(_:)``), or when its decoder
    /// shows partials by searching the utterance so far again
    /// (``UtteranceDecoder/showsPartialsByRedecoding``): the main decoder is then the one a
    /// session without partials gets, so the two give the same finals. Otherwise one decoder
    /// makes partials and finals.
    /// - Parameters:
    ///   - recognizer: The backend.
    ///   - options: The session's locale, vocabulary, alternatives and whether it shows partials.
    ///   - segmentation: Who cuts the audio into utterances.
    ///   - sourceIsLive: Whether the source is live, which decides how many decoders may make
    ///     finals when the options leave it to the session.
    ///   - logger: Where a locale fallback is logged.
    /// - Throws: What the recognizer throws.
    static func load(
        recognizer: any SpeechRecognizer, options: DictationOptions, segmentation: UtteranceSegmentation,
        sourceIsLive: Bool, logger: Logger
    ) throws(DictationError) -> SessionDecoders {
        let showsPartials = options.reports.contains(.partials)
        let wantsTwoPasses = showsPartials && segmentation == .endpointer
        let asked = DecoderConfiguration(
            options: options, segmentation: segmentation, reportsPartials: showsPartials && !wantsTwoPasses,
            isLive: sourceIsLive)
        let choice = try LocaleFallback().makeDecoder(asked, recognizer: recognizer, logger: logger)
        let configuration = asked.with(locale: choice.decoder.locale)
        let notices = choice.decoder.takeNotices()
        guard segmentation == .endpointer, let utterances = choice.decoder as? any UtteranceDecoder else {
            guard let stream = choice.decoder as? any StreamDecoder else { throw Self.unusable }
            return SessionDecoders(
                main: .stream(stream), configuration: configuration, localeEvent: choice.event, notices: notices)
        }
        var decoders = SessionDecoders(
            main: .utterances(utterances), configuration: configuration, localeEvent: choice.event, notices: notices)
        decoders.moreFinalDecoders = supply(
            like: utterances, configuration: configuration, recognizer: recognizer, options: options,
            sourceIsLive: sourceIsLive)
        guard wantsTwoPasses else { return decoders }
        if let partials = try recognizer.makePartialDecoder(configuration) {
            // Its notices repeat the main decoder's.
            _ = partials.takeNotices()
            decoders.partials = partials
        } else if utterances.showsPartialsByRedecoding {
            // Two passes too: the main decoder makes the finals, as without partials; for a live
            // source, a decoder of its kind searches the utterance so far for the partials, on a
            // thread of its own. A file is read far faster than it is decoded: its final pass is
            // never idle for such searches, which would cost a decoder's memory for nothing.
            decoders.partialsByRedecoding = sourceIsLive
        } else {
            // One pass: the decoder that shows partials makes the finals too.
            let single = configuration.with(reportsPartials: true)
            guard let decoder = try recognizer.makeDecoder(single) as? any UtteranceDecoder else { throw Self.unusable }
            _ = decoder.takeNotices()
            decoders.main = .utterances(decoder)
            decoders.configuration = single
            decoders.moreFinalDecoders = nil
        }
        return decoders
    }

    /// A recognizer that made a decoder of neither kind.
    private static let unusable = DictationError.recognitionFailed("the recognizer made a decoder the session can't use")

    /// Seconds of audio that must wait for a decoder before the final pass loads another. Loading
    /// Debian's en-us model takes about a second of CPU, decoding a second of speech 0.25-0.35 s:
    /// below this, the decoders there finish sooner than a new one would be ready.
    static let audioWorthAnotherDecoder = 10.0

    /// How the final pass gets more decoders like `main`: when its utterances are decoded
    /// independently, each on one core, and the session allows more than one
    /// (``DictationOptions/finalDecoderLimit``).
    private static func supply(
        like main: any UtteranceDecoder, configuration: DecoderConfiguration, recognizer: any SpeechRecognizer,
        options: DictationOptions, sourceIsLive: Bool
    ) -> FinalDecoderSupply? {
        guard main.decodesUtterancesIndependently, !main.decodesOnSeveralCores else { return nil }
        let automatic = sourceIsLive ? 1 : min(ProcessInfo.processInfo.activeProcessorCount, 4)
        let limit = max(1, options.finalDecoderLimit ?? automatic)
        guard limit > 1 else { return nil }
        let worthwhile = Int(Self.audioWorthAnotherDecoder * Double(recognizer.sampleRate))
        return FinalDecoderSupply(limit: limit, worthwhileSamples: worthwhile) { () throws(DictationError) in
            // The kind of decoder the main one is: the same configuration.
            guard let decoder = try recognizer.makeDecoder(configuration) as? any UtteranceDecoder else { throw unusable }
            _ = decoder.takeNotices()
            return decoder
        }
    }
}
