import DictationKit
import DictationTestSupport
import Foundation
import Synchronization
import Testing

@testable import DictationPocketSphinx

@Suite("PocketSphinx decoder on goforward.raw", .timeLimit(.minutes(25)))
struct PocketSphinxDecoderTests {
    @Test("goforward.raw is one utterance: go forward ten meters, with plausible words")
    func goForward() throws {
        let samples = try Fixtures.goForward()
        let duration = Double(samples.count) / Double(Fixtures.sampleRate)
        let updates = try Fixtures.decode(samples)

        let finals = updates.finals
        try #require(finals.count == 1, "finals: \(finals.map(\.text))")
        let final = finals[0]
        #expect(final.text == "go forward ten meters")
        #expect(final.words.map(\.text) == ["go", "forward", "ten", "meters"])
        #expect(final.utteranceIndex == 0)
        var previousEnd = 0.0
        for word in final.words {
            #expect(word.start >= previousEnd, "\(word.text) starts before the previous word ends")
            #expect(word.end > word.start, "\(word.text) has no duration")
            #expect((0...1).contains(word.confidence), "\(word.text) confidence \(word.confidence)")
            previousEnd = word.end
        }
        #expect(previousEnd <= duration + 0.01, "the last word ends after the audio")
        #expect(final.startTime == final.words.first?.start)
        #expect(final.endTime == final.words.last?.end)
    }

    @Test("Updates come in order: speech start, partials, speech end, final")
    func updateOrder() throws {
        let updates = try Fixtures.decode(try Fixtures.goForward())
        let kinds = updates.map { update -> String in
            switch update {
            case .speechStarted: "start"
            case .partial: "partial"
            case .speechEnded: "end"
            case .final: "final"
            }
        }
        #expect(kinds.first == "start")
        #expect(Array(kinds.suffix(2)) == ["end", "final"])
        #expect(kinds.filter { $0 == "start" }.count == 1)
        #expect(kinds.dropFirst().dropLast(2).allSatisfy { $0 == "partial" })

        let partials = updates.partials
        #expect(!partials.isEmpty, "no partial hypotheses")
        #expect(partials.allSatisfy { !$0.text.isEmpty && $0.words.isEmpty && $0.utteranceIndex == 0 })
        // The hypothesis is reported as the search goes; the session drops what says nothing new.
        #expect(partials.contains { $0.text != partials.first?.text }, "the hypothesis grows")
        #expect(partials.last?.text == "go forward ten meters")
    }

    @Test("Without partials requested, none are computed")
    func noPartials() throws {
        let updates = try Fixtures.decode(try Fixtures.goForward(), reportPartials: false)
        #expect(updates.partials.isEmpty)
        #expect(updates.finals.map(\.text) == ["go forward ten meters"])
    }

    @Test("Word confidences and times match pocketsphinx_continuous -time yes")
    func matchesContinuous() throws {
        let path = try PocketSphinxTestData.path("goforward.raw")
        let program = try Fixtures.requireContinuousProgram()
        // After each utterance's text come lines "word start end posterior", times in seconds
        // from the stream's start.
        let theirs = try Fixtures.run(program, ["-infile", path, "-time", "yes"])
            .split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
            .filter { $0.count == 4 && Double($0[1]) != nil && !RecognizedSegment.isFiller($0[0]) }
        try #require(theirs.count == 4, "pocketsphinx_continuous printed \(theirs)")

        let ours = try #require(try Fixtures.decode(try Fixtures.readRaw(path)).finals.first).words
        try #require(ours.count == theirs.count)
        for (word, line) in zip(ours, theirs) {
            let start = try #require(Double(line[1]))
            let confidence = try #require(Double(line[3]))
            #expect(word.text == RecognizedSegment.baseWord(line[0]))
            #expect(
                abs(word.confidence - confidence) <= 0.05, "\(word.text): ours \(word.confidence), theirs \(confidence)"
            )
            #expect(abs(word.start - start) <= 0.05, "\(word.text) starts at \(word.start), theirs \(start)")
        }
    }

    @Test("Silence gives no final, and finish() twice is harmless")
    func silence() throws {
        let decoder = try Fixtures.recognizer().makeStreamDecoder(locale: "en-US")
        let updates = try Fixtures.decode([Float](repeating: 0, count: 3 * Fixtures.sampleRate), with: decoder)
        #expect(updates.isEmpty, "updates from silence: \(updates)")
        #expect(try decoder.finish().isEmpty)
        #expect(try decoder.process([], reportPartials: true).isEmpty)
    }

    @Test("A decoder goes on after finish(), numbering utterances and keeping the clock")
    func reuseAfterFinish() throws {
        let decoder = try Fixtures.recognizer().makeStreamDecoder(locale: "en-US")
        let samples = try Fixtures.goForward()
        let first = try Fixtures.decode(samples, with: decoder).finals
        let second = try Fixtures.decode(samples, with: decoder).finals
        try #require(first.count == 1 && second.count == 1)
        #expect(second[0].text == "go forward ten meters")
        #expect(second[0].utteranceIndex == 1)
        let offset = Double(samples.count) / Double(Fixtures.sampleRate)
        #expect(abs(second[0].startTime - (first[0].startTime + offset)) <= 0.1)
    }

    @Test("Samples outside -1...1 and NaN are clipped, not trapped on")
    func clipping() throws {
        let decoder = try Fixtures.recognizer().makeStreamDecoder(locale: "en-US")
        let wild: [Float] = (0..<3200).map { index in index % 3 == 0 ? .nan : (index % 2 == 0 ? 7 : -7) }
        _ = try decoder.process(wild, reportPartials: true)
        _ = try decoder.finish()
    }

    @Test("Decoders loaded and run on several threads at once agree")
    func concurrentDecoders() throws {
        let samples = try Fixtures.goForward()
        let expected = try Fixtures.decode(samples).finals
        let results = Mutex<[Result<[Transcript], any Error>]>([])
        DispatchQueue.concurrentPerform(iterations: 3) { _ in
            let result = Result { try Fixtures.decode(samples).finals }
            results.withLock { $0.append(result) }
        }
        for result in results.withLock({ $0 }) {
            #expect(try result.get() == expected)
        }
    }
}
