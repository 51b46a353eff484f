import Foundation
import Logging

/// The decoders one run uses, loaded on its audio thread before any audio is decoded.
struct SessionDecoders {
    /// The decoder that makes the finals: with the endpointer, the final pass's; else the one
    /// that segments and decodes the stream, partials included.
    var main: any SpeechDecoder
    /// The streaming decoder that shows partials beside ``main`` (two passes), when the
    /// recognizer offers one and the session shows partials.
    var partials: (any SpeechDecoder)?
    /// ``DictationEvent/localeSelected(requested:used:)`` when the recognizer had no model for the
    /// locale asked for.
    var localeEvent: DictationEvent?
    /// Where the final pass gets more decoders like ``main``, to decode utterances side by side;
    /// `nil` when it decodes with ``main`` alone.
    var moreFinalDecoders: FinalDecoderSupply?

    /// Loads the decoders for a run.
    ///
    /// With the endpointer, a session with partials decodes in two passes when the recognizer
    /// offers a partial decoder (``SpeechRecognizer/makePartialDecoder(locale:)``): the main
    /// decoder is then the one a session without partials gets, so the two give the same finals.
    /// Otherwise one decoder makes partials and finals.
    /// - Parameters:
    ///   - recognizer: The backend.
    ///   - options: The session's locale and whether it shows partials.
    ///   - segmentation: Who cuts the audio into utterances.
    ///   - sourceIsLive: Whether the source is live, which decides how many decoders may make
    ///     finals when the options leave it to the session.
    ///   - logger: Where a locale fallback is logged.
    /// - Throws: What the recognizer throws.
    static func load(
        recognizer: any SpeechRecognizer, options: DictationOptions, segmentation: UtteranceSegmentation,
        sourceIsLive: Bool, logger: Logger
    ) throws(DictationError) -> SessionDecoders {
        let wantsTwoPasses = options.reports.contains(.partials) && segmentation == .endpointer
        let choice = try LocaleFallback().makeDecoder(
            for: options.locale, segmentation: segmentation, reportsPartials: options.reports.contains(.partials) && !wantsTwoPasses,
            maxUtteranceDuration: options.endpointing.maxUtteranceDuration, recognizer: recognizer, logger: logger)
        var decoders = SessionDecoders(main: choice.decoder, localeEvent: choice.event)
        decoders.moreFinalDecoders = supply(
            like: choice.decoder, recognizer: recognizer, options: options, sourceIsLive: sourceIsLive)
        guard wantsTwoPasses, choice.decoder.segmentation == .endpointer else { return decoders }
        let locale = choice.decoder.locale
        if let partials = try recognizer.makePartialDecoder(locale: locale) {
            decoders.partials = partials
        } else {
            // One pass: the decoder that shows partials makes the finals too.
            decoders.main = try recognizer.makeDecoder(
                locale: locale, segmentation: segmentation, reportsPartials: true,
                maxUtteranceDuration: options.endpointing.maxUtteranceDuration)
        }
        return decoders
    }

    /// Seconds of audio that must wait for a decoder before the final pass loads another. Loading
    /// Debian's en-us model takes about a second of CPU, decoding a second of speech 0.25-0.35 s:
    /// below this, the decoders there finish sooner than a new one would be ready.
    static let audioWorthAnotherDecoder = 10.0

    /// How the final pass gets more decoders like `main`: when its utterances are decoded
    /// independently and the session allows more than one (``DictationOptions/finalDecoderLimit``).
    private static func supply(
        like main: any SpeechDecoder, recognizer: any SpeechRecognizer, options: DictationOptions, sourceIsLive: Bool
    ) -> FinalDecoderSupply? {
        guard main.segmentation == .endpointer, main.decodesUtterancesIndependently else { return nil }
        let automatic = sourceIsLive ? 1 : min(ProcessInfo.processInfo.activeProcessorCount, 4)
        let limit = max(1, options.finalDecoderLimit ?? automatic)
        guard limit > 1 else { return nil }
        let locale = main.locale
        let maxUtteranceDuration = options.endpointing.maxUtteranceDuration
        let worthwhile = Int(Self.audioWorthAnotherDecoder * Double(recognizer.sampleRate))
        return FinalDecoderSupply(limit: limit, worthwhileSamples: worthwhile) { () throws(DictationError) in
            // The kind of decoder the main one is: no partials, the same locale and limit.
            try recognizer.makeDecoder(
                locale: locale, segmentation: .endpointer, reportsPartials: false,
                maxUtteranceDuration: maxUtteranceDuration)
        }
    }
}
