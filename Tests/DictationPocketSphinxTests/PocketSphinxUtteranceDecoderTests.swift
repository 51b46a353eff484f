import DictationKit
import Testing

@testable import DictationPocketSphinx

/// The decoder a session's endpointer drives: one utterance at a time, PocketSphinx's own speech
/// detection off, times placed where the session says each utterance starts.
@Suite(.timeLimit(.minutes(25))) struct PocketSphinxUtteranceDecoderTests {
    static func decodeUtterance(
        _ samples: [Float], at start: Double, with decoder: any UtteranceDecoder
    ) throws -> (partials: [Transcript], final: Transcript?) {
        try decoder.beginUtterance(at: start)
        var partials: [Transcript] = []
        var index = 0
        while index < samples.count {
            let end = min(samples.count, index + 1600)
            for case .partial(let transcript) in try decoder.process(Array(samples[index..<end]), reportPartials: true) {
                partials.append(transcript)
            }
            index = end
        }
        return (partials, try decoder.endUtterance().finals.first)
    }

    @Test func utterancesAreDecodedWithTimesFromWhereTheyStart() throws {
        let decoder = try Fixtures.recognizer().makeUtteranceDecoder(DecoderConfiguration(locale: "en-US"))
        #expect(decoder is PocketSphinxUtteranceDecoder)
        let samples = try Fixtures.goForward()
        let duration = Double(samples.count) / Double(Fixtures.sampleRate)
        let first = try Self.decodeUtterance(samples, at: 0, with: decoder)
        let second = try Self.decodeUtterance(samples, at: 12.5, with: decoder)
        let one = try #require(first.final)
        let two = try #require(second.final)
        #expect(one.text == "go forward ten meters")
        #expect(two.text == "go forward ten meters")
        #expect(!first.partials.isEmpty && first.partials.allSatisfy { $0.startTime == 0 })
        // The same audio gives the same word times, shifted by where the utterance started.
        try #require(one.words.count == two.words.count)
        for (a, b) in zip(one.words, two.words) {
            #expect(abs((b.start - 12.5) - a.start) <= 0.03, "\(a) vs \(b)")
            #expect(b.end <= 12.5 + duration + 0.01)
        }
        #expect(one.words.first.map { $0.start > 0.2 && $0.start < 1.0 } == true, "\(one.words)")
    }

    @Test func anUtteranceOfSilenceGivesAnEmptyFinal() throws {
        let decoder = try Fixtures.recognizer().makeUtteranceDecoder(DecoderConfiguration(locale: "en-US"))
        let result = try Self.decodeUtterance([Float](repeating: 0, count: 16_000), at: 3, with: decoder)
        #expect(result.final?.text == "")
        #expect(try decoder.endUtterance().isEmpty, "nothing is open any more")
        #expect(try decoder.process([0.1, 0.2], reportPartials: true).isEmpty, "audio outside an utterance is ignored")
    }
}
