import DictationTesting
import Testing

@testable import DictationKit

/// The endpointer on voice activity with known speech: where utterances open and close, the
/// pre-roll, the split of long speech, and that every sample reaches exactly one utterance.
@Suite(.timeLimit(.minutes(25))) struct EndpointerTests {
    static let rate = 16_000
    static let frame = 320  // 20 ms

    /// An utterance as the decoder would see it.
    struct Cut: Equatable {
        var audioStart: Int
        var speechStart: Int
        var samples: [Float] = []
        var speechEnd: Int?
        var audioEnd: Int?
        var reason: Endpointer.EndReason?
        /// Where the endpointer said the utterance may end, and how much audio it had given by then.
        var mayEnds: [(position: Int, samplesGiven: Int)] = []

        static func == (a: Cut, b: Cut) -> Bool {
            a.audioStart == b.audioStart && a.speechStart == b.speechStart && a.samples == b.samples
                && a.speechEnd == b.speechEnd && a.audioEnd == b.audioEnd && a.reason == b.reason
                && a.mayEnds.map(\.position) == b.mayEnds.map(\.position)
        }
    }

    /// Runs samples through an endpointer in buffers of `bufferSize`, judging 20 ms frames by
    /// `isSpeech(frameIndex)` and giving each frame `level(frameIndex)`.
    static func cuts(
        samples: [Float], bufferSize: Int = 1600, options: EndpointingOptions = EndpointingOptions(),
        isSpeech: (Int) -> Bool, level: (Int) -> Float = { _ in -30 }
    ) -> [Cut] {
        var endpointer = Endpointer(options: options, sampleRate: rate)
        var cuts: [Cut] = []
        var judged = 0
        func apply(_ actions: [Endpointer.Action]) {
            for action in actions {
                switch action {
                case .begin(let audioStart, let speechStart):
                    cuts.append(Cut(audioStart: audioStart, speechStart: speechStart))
                case .audio(let audio):
                    cuts[cuts.count - 1].samples += audio
                case .mayEnd(let audioEnd):
                    cuts[cuts.count - 1].mayEnds.append((audioEnd, cuts[cuts.count - 1].samples.count))
                case .end(let speechEnd, let audioEnd, let reason):
                    cuts[cuts.count - 1].speechEnd = speechEnd
                    cuts[cuts.count - 1].audioEnd = audioEnd
                    cuts[cuts.count - 1].reason = reason
                }
            }
        }
        var start = 0
        while start < samples.count {
            let end = min(samples.count, start + bufferSize)
            var activity: [VoiceActivityFrame] = []
            // A frame is judged once all its samples arrived, as the chain's detector does.
            while (judged + 1) * frame <= end {
                activity.append(
                    VoiceActivityFrame(
                        startSample: judged * frame, sampleCount: frame, isSpeech: isSpeech(judged), level: level(judged)))
                judged += 1
            }
            apply(endpointer.push(Array(samples[start..<end]), activity: activity))
            start = end
        }
        apply(endpointer.finish())
        return cuts
    }

    /// A ramp, so that any sample's position can be read back from its value.
    static func ramp(seconds: Double) -> [Float] {
        (0..<Int(seconds * Double(rate))).map { Float($0) / 1_000_000 }
    }

    static func position(_ sample: Float) -> Int { Int((sample * 1_000_000).rounded()) }

    @Test func speechOpensWithAPreRollAndTrailingSilenceClosesIt() {
        let samples = Self.ramp(seconds: 5)
        // Speech from frame 100 (2.0 s) to frame 150 (3.0 s).
        let cuts = Self.cuts(samples: samples) { (100..<150).contains($0) }
        #expect(cuts.count == 1)
        let cut = cuts[0]
        #expect(cut.speechStart == 32_000)
        #expect(cut.audioStart == 32_000 - 4_800, "0.3 s of pre-roll")
        #expect(cut.speechEnd == 48_000)
        // Closed by the first frame that ends 0.5 s after the speech; its audio keeps 0.2 s of it.
        #expect(cut.audioEnd == 48_000 + 3_200)
        #expect(cut.reason == .silence)
        // Once the kept silence had passed, the endpointer said where the utterance would end,
        // having given all of its audio and no more.
        #expect(cut.mayEnds.map(\.position) == [48_000 + 3_200])
        #expect(cut.mayEnds.first?.samplesGiven == cut.samples.count)
        // The decoder got exactly the utterance's audio, in order, once.
        #expect(cut.samples.map(Self.position) == Array(cut.audioStart..<cut.audioEnd!))
    }

    @Test func thePreRollNeverReachesIntoThePreviousUtterance() {
        let samples = Self.ramp(seconds: 6)
        // Two bursts 0.6 s apart: the second's pre-roll would overlap the first's trailing silence,
        // all of which stays in the first utterance here.
        let cuts = Self.cuts(samples: samples, options: EndpointingOptions(keptSilence: 0.5)) {
            (50..<100).contains($0) || (130..<180).contains($0)
        }
        #expect(cuts.count == 2)
        #expect(cuts[0].audioEnd == 100 * 320 + 8_000)
        #expect(cuts[1].audioStart == cuts[0].audioEnd, "starts where the first ended")
        #expect(cuts[1].speechStart == 130 * 320)
        #expect(cuts[1].samples.first.map(Self.position) == cuts[1].audioStart)
    }

    @Test func aPauseLongerThanTheKeptSilenceMayEndTheUtteranceButSpeechGoesOn() {
        let samples = Self.ramp(seconds: 6)
        // A 0.4 s pause: longer than the 0.2 s kept, shorter than the 0.5 s that end an utterance.
        let cuts = Self.cuts(samples: samples) { (50..<80).contains($0) || (100..<130).contains($0) }
        #expect(cuts.count == 1)
        let cut = cuts[0]
        #expect(cut.mayEnds.map(\.position) == [80 * 320 + 3_200, 130 * 320 + 3_200])
        // At the first pause the audio stopped where it may have ended; when speech went on, the
        // held silence came after all: nothing lost, nothing twice.
        #expect(cut.mayEnds.first?.samplesGiven == 80 * 320 + 3_200 - cut.audioStart)
        #expect(cut.samples.map(Self.position) == Array(cut.audioStart..<cut.audioEnd!))
        #expect(cut.audioEnd == 130 * 320 + 3_200)
    }

    @Test func theEndOfAudioAfterAPauseEndsTheUtteranceWhereThePauseWouldHave() {
        let samples = Self.ramp(seconds: 3)
        // Speech until 2.6 s, then 0.4 s of silence and the end of the audio.
        let cuts = Self.cuts(samples: samples) { (50..<130).contains($0) }
        #expect(cuts.count == 1)
        #expect(cuts[0].reason == .endOfAudio)
        #expect(cuts[0].audioEnd == 130 * 320 + 3_200)
        #expect(cuts[0].samples.map(Self.position) == Array(cuts[0].audioStart..<cuts[0].audioEnd!))
    }

    @Test func shortPausesStayInsideOneUtterance() {
        let samples = Self.ramp(seconds: 6)
        // 0.4 s gaps are shorter than the trailing silence.
        let bursts = [50..<80, 100..<130, 150..<180]
        let isSpeech = { (frame: Int) in bursts.contains { $0.contains(frame) } }
        let cuts = Self.cuts(samples: samples, isSpeech: isSpeech)
        #expect(cuts.count == 1)
        #expect(cuts[0].speechEnd == 180 * 320)
        let patient = Self.cuts(samples: samples, options: EndpointingOptions(trailingSilence: 0.3), isSpeech: isSpeech)
        #expect(patient.count == 3, "with 0.3 s of trailing silence the 0.4 s gaps end utterances")
    }

    @Test func longSpeechIsSplitAtItsQuietestRecentFrame() {
        let samples = Self.ramp(seconds: 40)
        // Speech throughout; one quiet frame at 28.5 s (frame 1425), in the last 2 s before 30 s.
        let cuts = Self.cuts(samples: samples, isSpeech: { _ in true }, level: { $0 == 1425 ? -55 : -25 })
        #expect(cuts.count == 2)
        let split = 1425 * 320 + 160
        #expect(cuts[0].audioEnd == split)
        #expect(cuts[0].reason == .maximumLength)
        #expect(cuts[1].audioStart == split)
        #expect(cuts[1].reason == .endOfAudio)
        // Nothing lost, nothing twice.
        let all = (cuts[0].samples + cuts[1].samples).map(Self.position)
        #expect(all == Array(0..<samples.count))
    }

    @Test func splitsEveryMaximumLengthWhenThereIsNoPause() {
        let samples = Self.ramp(seconds: 70)
        let cuts = Self.cuts(samples: samples, isSpeech: { _ in true }, level: { _ in -25 })
        #expect(cuts.count == 3)
        for cut in cuts.dropLast() {
            let length = Double(cut.audioEnd! - cut.audioStart) / Double(Self.rate)
            #expect(length >= 28 && length <= 30, "\(length)")
        }
        #expect(cuts.flatMap(\.samples).map(Self.position) == Array(0..<samples.count))
    }

    @Test func theEndOfAudioClosesAnOpenUtteranceWithAllItsAudio() {
        let samples = Self.ramp(seconds: 3)
        let cuts = Self.cuts(samples: samples) { $0 >= 100 }
        #expect(cuts.count == 1)
        #expect(cuts[0].reason == .endOfAudio)
        #expect(cuts[0].samples.last.map(Self.position) == samples.count - 1)
    }

    @Test func silenceOpensNothing() {
        let cuts = Self.cuts(samples: [Float](repeating: 0, count: 16_000 * 10)) { _ in false }
        #expect(cuts.isEmpty)
    }

    @Test(arguments: [1, 37, 320, 1600, 4096])
    func bufferSizesDoNotChangeTheCuts(bufferSize: Int) {
        var generator = SplitMix64(seed: UInt64(bufferSize))
        let mask = (0..<1000).map { _ in generator.next() % 7 < 2 }
        let samples = Self.ramp(seconds: 20)
        let isSpeech = { (frame: Int) in frame < mask.count && mask[frame] }
        let reference = Self.cuts(samples: samples, bufferSize: 16_000, isSpeech: isSpeech)
        let cuts = Self.cuts(samples: samples, bufferSize: bufferSize, isSpeech: isSpeech)
        #expect(cuts.map(\.speechStart) == reference.map(\.speechStart))
        #expect(cuts.map(\.speechEnd) == reference.map(\.speechEnd))
        #expect(cuts.map { $0.mayEnds.map(\.position) } == reference.map { $0.mayEnds.map(\.position) })
        // Audio already handed on before a close belongs to that utterance; the boundaries may
        // move by less than a buffer, but every sample goes to exactly one utterance, in order.
        let all = cuts.flatMap(\.samples).map(Self.position)
        #expect(all == all.sorted() && Set(all).count == all.count)
    }
}
