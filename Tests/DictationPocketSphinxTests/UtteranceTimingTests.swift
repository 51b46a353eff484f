import DictationKit
import DictationTestSupport
import Foundation
import Testing

@testable import DictationPocketSphinx

/// Times must count from the decoder's first sample across utterances, although PocketSphinx's
/// search never sees the silence its voice activity detector removes.
@Suite("Utterance timing", .timeLimit(.minutes(25)))
struct UtteranceTimingTests {
    @Test("Three utterances between known silences land where the speech is")
    func threeUtterances() throws {
        let goForward = try Fixtures.goForward()
        let rate = Double(Fixtures.sampleRate)
        // Where the speech is inside goforward.raw, from a decode of it alone.
        let alone = try #require(try Fixtures.decode(goForward).finals.first)
        let speechStart = try #require(alone.words.first?.start)
        let speechEnd = try #require(alone.words.last?.end)

        let silences = [1.5, 2.0]
        var samples = goForward
        var offsets = [0.0]
        for silence in silences {
            samples += [Float](repeating: 0, count: Int(silence * rate))
            offsets.append(Double(samples.count) / rate)
            samples += goForward
        }
        let updates = try Fixtures.decode(samples)
        let finals = updates.finals
        try #require(finals.count == 3, "finals: \(finals.map(\.text))")

        for (final, offset) in zip(finals, offsets) {
            #expect(final.text == "go forward ten meters")
            let startError = final.startTime - (offset + speechStart)
            let endError = final.endTime - (offset + speechEnd)
            print("utterance \(final.utteranceIndex): start error \(startError) s, end error \(endError) s")
            #expect(abs(startError) <= 0.25, "utterance \(final.utteranceIndex) starts at \(final.startTime)")
            #expect(abs(endError) <= 0.25, "utterance \(final.utteranceIndex) ends at \(final.endTime)")
            for (word, reference) in zip(final.words, alone.words) {
                #expect(abs(word.start - (offset + reference.start)) <= 0.25, "\(word.text) at \(word.start)")
            }
        }
        #expect(finals.map(\.utteranceIndex) == [0, 1, 2])
        let starts = updates.compactMap { if case .speechStarted(let time) = $0 { time } else { nil } }
        let ends = updates.compactMap { if case .speechEnded(let time) = $0 { time } else { nil } }
        #expect(starts.count == 3 && ends.count == 3)
        let spans = finals.map { "\($0.startTime)-\($0.endTime)" }
        print("speech started at \(starts), ended at \(ends); words at \(spans)")
        #expect(Self.timeProblems(updates).isEmpty, "\(Self.timeProblems(updates))")
    }

    @Test("Speech longer than the maximum utterance is cut, with times still in order")
    func maximumUtteranceDuration() throws {
        let path = try PocketSphinxTestData.path("librivox/sense_and_sensibility_01_austen_64kb-0870.wav")
        let samples = try Fixtures.readWAV(path)
        let decoder = try #require(
            try Fixtures.recognizer().makeDecoder(DecoderConfiguration(locale: "en-US", maxUtteranceDuration: 2))
                as? any StreamDecoder)
        let updates = try Fixtures.decode(samples, with: decoder)
        let finals = updates.finals
        #expect(finals.count >= 3, "a \(Double(samples.count) / 16_000) s recording gave \(finals.count) finals")
        for final in finals {
            #expect(final.endTime - final.startTime <= 2.3, "utterance \(final.utteranceIndex) is too long")
        }
        #expect(Self.timeProblems(updates).isEmpty, "\(Self.timeProblems(updates))")
    }

    /// Everything that runs backwards in a decoder's updates: speech start and end alternate
    /// and never go back; partials and words stay inside their utterance; finals follow each other.
    /// The reported speech start is an estimate made before any word is known, so it may be a
    /// little late, never by more than 0.1 s.
    static func timeProblems(_ updates: [RecognitionUpdate]) -> [String] {
        var problems: [String] = []
        var clock = 0.0  // The latest speech start or end seen.
        var speechStart = 0.0
        var inSpeech = false
        var previousFinalEnd = 0.0
        var previousPartialEnd = 0.0
        for update in updates {
            switch update {
            case .speechStarted(let time):
                if inSpeech { problems.append("speech started twice at \(time)") }
                if time < clock { problems.append("speech started at \(time), before \(clock)") }
                inSpeech = true
                clock = time
                speechStart = time
            case .speechEnded(let time):
                if !inSpeech { problems.append("speech ended without starting at \(time)") }
                if time < clock { problems.append("speech ended at \(time), before \(clock)") }
                inSpeech = false
                clock = time
            case .partial(let transcript):
                if transcript.endTime < previousPartialEnd { problems.append("partial ends at \(transcript.endTime)") }
                if transcript.startTime < previousFinalEnd {
                    problems.append("partial starts at \(transcript.startTime)")
                }
                previousPartialEnd = transcript.endTime
            case .final(let transcript):
                if transcript.startTime < previousFinalEnd {
                    problems.append("final \(transcript.utteranceIndex) starts at \(transcript.startTime)")
                }
                if transcript.startTime < speechStart - 0.1 {
                    problems.append("final \(transcript.utteranceIndex) starts before its speech at \(speechStart)")
                }
                if transcript.endTime > clock + 0.001 {
                    problems.append("final \(transcript.utteranceIndex) ends after its speech ended")
                }
                var wordEnd = transcript.startTime
                for word in transcript.words {
                    if word.start < wordEnd || word.end <= word.start {
                        problems.append("word \(word.text) at \(word.start)")
                    }
                    wordEnd = word.end
                }
                if wordEnd > transcript.endTime + 0.001 {
                    problems.append("words after final \(transcript.utteranceIndex)")
                }
                previousFinalEnd = transcript.endTime
            }
        }
        return problems
    }
}
