import DictationCapture
import DictationKit
import DictationPreprocessing
import DictationTesting
import Testing

/// Stable words on real speech at real time: what a partial marks stable, every later partial of
/// the utterance starts with, and the final has.
@Suite(.timeLimit(.minutes(25))) struct StableWordsTests {
    @Test func stableWordsLeadEveryLaterPartialAndTheFinalHasThem() async throws {
        let speech = try ["0870", "0920"].flatMap {
            try TwoPassTests.samples(of: "librivox/sense_and_sensibility_01_austen_64kb-\($0).wav")
                + [Float](repeating: 0, count: 24_000)
        }
        let source = PushAudioSource(format: AudioFormat(sampleRate: 16_000, channelCount: 1, encoding: .float32))
        async let heard = TwoPassTests.listen(to: source, partials: true)
        TwoPassTests.push(speech, into: source, pacedAt: 1)
        let all = try await heard
        let (finals, partials) = (all.finals, all.partials)
        #expect(finals.count >= 2)

        var stableShown = 0
        var stableContradicted = 0
        for final in finals {
            let ofUtterance = partials.filter { $0.utteranceIndex == final.utteranceIndex }
            for (position, partial) in ofUtterance.enumerated() {
                let words = partial.text.split(separator: " ")
                #expect(partial.stableWordCount <= words.count, "\(partial)")
                let stable = words.prefix(partial.stableWordCount)
                for later in ofUtterance[(position + 1)...] {
                    #expect(later.text.split(separator: " ").starts(with: stable), "'\(stable)' then '\(later.text)'")
                    #expect(later.stableWordCount >= partial.stableWordCount, "stable words stay stable")
                }
            }
            guard let last = ofUtterance.last else { continue }
            let stable = last.text.split(separator: " ").prefix(last.stableWordCount)
            print("stable '\(stable.joined(separator: " "))', final '\(final.text)'")
            stableShown += stable.count
            // Aligned, not word by word (one word too many must not count all after it as wrong),
            // with the stretch of the final that fits them best.
            stableContradicted +=
                WordErrorRate.stableWordsTakenBack(stable: stable.joined(separator: " "), final: final.text).errors
        }
        #expect(finals.allSatisfy { $0.stableWordCount == $0.text.split(separator: " ").count }, "a final is all stable")
        print("stable words: \(stableShown) shown, \(stableContradicted) of them contradicted by the final")
        // The final comes from the same kind of search as the confirmations, and mostly agrees
        // (over many recordings, dictation-latency counts how often it does not).
        #expect(stableContradicted * 4 <= stableShown, "\(stableContradicted) of \(stableShown)")
    }
}
