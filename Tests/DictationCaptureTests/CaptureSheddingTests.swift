import DictationKit
import DictationTestSupport
import Foundation
import Testing

@testable import DictationCapture

/// What live capture sheds when its reader falls behind, and how it says so: silence before speech,
/// a margin of silence kept next to speech, the oldest audio only when nothing else can go, and
/// one warning per overrun episode. The real capture thread, voice detector, queue and reader,
/// on scripted devices that deliver as fast as they are read.
@Suite(.timeLimit(.minutes(25))) struct CaptureSheddingTests {
    typealias Step = ScriptedCaptureDevice.Step

    static let periodFrames = 320

    /// The stream ranges between the kept ones: what was dropped.
    static func gaps(between kept: [Range<Int>], upTo end: Int) -> [Range<Int>] {
        var gaps: [Range<Int>] = []
        var next = 0
        for range in kept {
            if range.lowerBound > next { gaps.append(next..<range.lowerBound) }
            next = max(next, range.upperBound)
        }
        if end > next { gaps.append(next..<end) }
        return gaps
    }

    /// Whether `kept` is in stream order, each range after the one before.
    static func inOrder(_ kept: [Range<Int>]) -> Bool {
        zip(kept, kept.dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound }
    }

    /// What the capture thread's voice detector makes of each period of `source`.
    static func verdicts(_ source: [Int16]) -> [Bool] {
        let judge = CaptureVoiceJudge(
            format: AudioFormat(sampleRate: 16_000, channelCount: 1, encoding: .int16), periodFrames: periodFrames)
        return stride(from: 0, to: source.count, by: periodFrames).map {
            judge.isSpeech(PCM16.floats(Array(source[$0..<min($0 + periodFrames, source.count)])))
        }
    }

    /// Reads exactly `frames` frames, which must be queued already (so no read blocks).
    static func read(_ reader: LiveCaptureReader, frames: Int) throws -> [AudioFrame] {
        var read: [AudioFrame] = []
        var count = 0
        while count < frames {
            let frame = try #require(try reader.read(maxFrames: min(1_600, frames - count)))
            read.append(frame)
            count += frame.frameCount
        }
        #expect(count == frames)
        return read
    }

    /// What the queue holds right now, when nothing has been read yet.
    static func queued(_ reader: LiveCaptureReader) -> Int {
        let statistics = reader.channel.statistics
        return statistics.capturedFrames - statistics.droppedFrames
    }

    @Test func speechSurvivesFarMoreSilenceThanTheQueueHolds() throws {
        // Real speech, then twenty seconds of digital silence into a five-second queue, read only
        // once all of it is captured: as if the recognizer were busy loading the whole time.
        let speech = try PocketSphinxTestData.goForward()
        let speechFrames = (speech.count + Self.periodFrames - 1) / Self.periodFrames * Self.periodFrames
        let source =
            speech + [Int16](repeating: 0, count: speechFrames - speech.count)
            + ScriptedCaptureDevice.silence(seconds: 20)
        let (reader, _) = try ScriptedCaptureDevice.open(ScriptedCaptureDevice.periods(source), bufferSeconds: 5)
        defer { reader.close() }
        try CaptureThreadFaultTests.waitForCapture(reader, frames: source.count)
        #expect(reader.takeErrors().isEmpty, "no warning while the reader has not caught up: not one per drop")

        let capacity = 5 * 16_000
        #expect(Self.queued(reader) == capacity, "whole silent periods went, one per period over the capacity")
        let frames = try Self.read(reader, frames: capacity)
        let warnings = reader.takeErrors()

        let (kept, mismatched) = TestFixtures.place(frames, in: source)
        #expect(mismatched == 0, "every frame is the device's audio at its place in the stream")
        #expect(Self.inOrder(kept))
        // The detector's 0.2 s hangover after the speech is speech to it, and is kept too.
        let hangover = 16_000 / 5
        let first = try #require(kept.first)
        #expect(
            first.lowerBound == 0 && first.upperBound >= speechFrames + hangover,
            "all of the speech, intact and in order, and the hangover after it: \(kept.prefix(3))")
        let dropped = Self.gaps(between: kept, upTo: source.count)
        let droppedFrames = dropped.reduce(0) { $0 + $1.count }
        #expect(droppedFrames == source.count - capacity)
        #expect(dropped.allSatisfy { $0.lowerBound >= speechFrames + hangover }, "only the silence went")
        let statistics = reader.channel.statistics
        #expect(statistics.droppedFrames == droppedFrames)
        #expect(statistics.droppedSpeechFrames == 0)

        #expect(warnings.count == 1, "one warning for the whole episode: \(warnings)")
        let warning = try #require(warnings.first)
        #expect(warning.code == .captureOverrun && !warning.isFatal)
        let seconds = TestFixtures.secondsText(frames: droppedFrames)
        #expect(seconds == "17.8")
        #expect(warning.message(in: .english).contains("dropped \(seconds) s"), "\(warning.message)")
        #expect(warning.message(in: .english).contains("none of it sounded like speech"))
        #expect(warning.message(in: .norwegianBokmal).contains("forkastet 17,8 s"))

        reader.interrupt()
        #expect(try reader.read(maxFrames: 1_600) == nil)
        #expect(reader.takeErrors().isEmpty, "the episode was reported once")
    }

    @Test func queueHoldingOnlySpeechLosesItsOldestAndSaysHowMuchSpeech() throws {
        // goforward's first 30 periods are read at once; then the rest, all of it speech to the
        // detector, pours into a one-second queue nobody reads.
        let speech = try PocketSphinxTestData.goForward()
        let steps = ScriptedCaptureDevice.periods(speech)
        let source = speech + [Int16](repeating: 0, count: steps.count * Self.periodFrames - speech.count)
        let gate = ScriptedCaptureDevice.Gate()
        let (reader, _) = try ScriptedCaptureDevice.open(
            Array(steps.prefix(30)) + [.gate(gate)] + Array(steps.dropFirst(30)), bufferSeconds: 1)
        defer { reader.close() }
        let early = 30 * Self.periodFrames
        try CaptureThreadFaultTests.waitForCapture(reader, frames: early)
        var frames = try Self.read(reader, frames: early)
        #expect(reader.takeErrors().isEmpty, "nothing was lost")

        gate.open()
        try CaptureThreadFaultTests.waitForCapture(reader, frames: source.count)
        let capacity = 16_000
        let statistics = reader.channel.statistics
        #expect(statistics.droppedFrames == source.count - early - capacity)
        #expect(statistics.droppedSpeechFrames == statistics.droppedFrames, "there was only speech to drop")
        #expect(reader.takeErrors().isEmpty)
        frames += try Self.read(reader, frames: capacity)

        let (kept, mismatched) = TestFixtures.place(frames, in: source)
        #expect(mismatched == 0)
        #expect(kept == [0..<early, (source.count - capacity)..<source.count], "the oldest went, the newest second stayed")
        let warnings = reader.takeErrors()
        #expect(warnings.count == 1, "\(warnings)")
        let seconds = TestFixtures.secondsText(frames: statistics.droppedFrames)
        #expect(seconds == "1.2")
        let english = warnings.first?.message(in: .english) ?? ""
        #expect(english.contains("only speech waiting") && english.contains("the oldest \(seconds) s"), "\(english)")
        #expect(warnings.first?.message(in: .norwegianBokmal).contains("de eldste 1,2 s") == true)
    }

    @Test func silenceJustBeforeSpeechIsKeptWhileOlderSilenceGoes() throws {
        // One second of silence, goforward, three seconds of silence, into a five-second queue:
        // 1.8 s must go. The oldest silence goes first, but not the pre-roll before the speech.
        let speech = try PocketSphinxTestData.goForward()
        let lead = ScriptedCaptureDevice.silence(seconds: 1)
        let speechFrames = (speech.count + Self.periodFrames - 1) / Self.periodFrames * Self.periodFrames
        let source =
            lead + speech + [Int16](repeating: 0, count: speechFrames - speech.count)
            + ScriptedCaptureDevice.silence(seconds: 3)
        let (reader, _) = try ScriptedCaptureDevice.open(ScriptedCaptureDevice.periods(source), bufferSeconds: 5)
        defer { reader.close() }
        try CaptureThreadFaultTests.waitForCapture(reader, frames: source.count)
        let frames = try Self.read(reader, frames: Self.queued(reader))

        let (kept, mismatched) = TestFixtures.place(frames, in: source)
        #expect(mismatched == 0)
        #expect(Self.inOrder(kept))
        let speechStart = lead.count
        let first = try #require(kept.first)
        // The detector confirms speech a few frames into goforward, and the pre-roll is 0.3 s
        // before that: between 0.2 s and 0.3 s of the lead-in silence stay, the rest goes.
        #expect(first.lowerBound >= speechStart - 4_800 && first.lowerBound <= speechStart - 3_200, "\(first)")
        #expect(first.upperBound >= speechStart + speechFrames + 3_200, "the speech and the hangover after it, intact")
        // Exactly: the periods judged speech, the silent periods reaching into the 0.3 s before the
        // first of them, and those starting within 0.2 s after the last (the detector's hangover).
        let verdicts = Self.verdicts(source)
        let firstSpeech = try #require(verdicts.firstIndex(of: true)) * Self.periodFrames
        let lastSpeechEnd = try #require(verdicts.lastIndex(of: true)) * Self.periodFrames + Self.periodFrames
        let preRollStart = (firstSpeech - 4_800) / Self.periodFrames * Self.periodFrames
        let hangoverEnd = (lastSpeechEnd + 3_200 + Self.periodFrames - 1) / Self.periodFrames * Self.periodFrames
        #expect(first == preRollStart..<hangoverEnd, "speech \(firstSpeech)..<\(lastSpeechEnd)")
        let statistics = reader.channel.statistics
        #expect(statistics.droppedFrames == source.count - 5 * 16_000)
        #expect(statistics.droppedSpeechFrames == 0)
        #expect(statistics.droppedFrames > first.lowerBound, "newer silence went too, yet the pre-roll, older, stayed")
        #expect(reader.takeErrors().count == 1)
    }

    @Test func dropsUntilTheReaderCatchesUpAreOneEpisodeAndTheNextDropsAnother() throws {
        // A 0.2 s queue (ten periods). Forty periods and an overrun, then, after the reader has
        // caught up, forty more.
        let gate = ScriptedCaptureDevice.Gate()
        let burst = ScriptedCaptureDevice.periods(ScriptedCaptureDevice.silence(seconds: 0.8))
        let (reader, _) = try ScriptedCaptureDevice.open(
            Array(burst.prefix(20)) + [.error(EPIPE)] + Array(burst.dropFirst(20)) + [.gate(gate)] + burst,
            bufferSeconds: 0.2)
        defer { reader.close() }
        let period = Self.periodFrames
        try CaptureThreadFaultTests.waitForCapture(reader, frames: 40 * period)
        #expect(reader.channel.statistics.droppedFrames == 30 * period, "thirty drops")
        #expect(reader.takeErrors().isEmpty, "still one open episode")

        _ = try Self.read(reader, frames: 5 * period)
        #expect(reader.takeErrors().isEmpty, "half the capacity still queued: not caught up yet")
        _ = try Self.read(reader, frames: period)
        #expect(reader.takeErrors().isEmpty, "under half, but no audio came since the drops: the same episode")
        _ = try Self.read(reader, frames: 4 * period)
        let first = reader.takeErrors()
        #expect(first.count == 1, "the queue emptied: the episode is over, \(first)")
        let english = first.first?.message(in: .english) ?? ""
        #expect(english.contains("dropped 0.6 s") && english.contains("overran") && english.contains("(once)"), "\(english)")

        gate.open()
        try CaptureThreadFaultTests.waitForCapture(reader, frames: 80 * period)
        #expect(reader.takeErrors().isEmpty)
        _ = try Self.read(reader, frames: 10 * period)
        let second = reader.takeErrors()
        #expect(second.count == 1, "a second episode, its own warning: \(second)")
        let secondEnglish = second.first?.message(in: .english) ?? ""
        #expect(secondEnglish.contains("dropped 0.6 s") && !secondEnglish.contains("overran"), "\(secondEnglish)")

        reader.interrupt()
        #expect(try reader.read(maxFrames: 1_600) == nil)
        #expect(reader.takeErrors().isEmpty)
        #expect(reader.channel.statistics.droppedFrames == 60 * period)
    }

    @Test func episodeOpenWhenTheSessionStopsIsReportedByTheReadThatEnds() throws {
        let (reader, _) = try ScriptedCaptureDevice.open(
            ScriptedCaptureDevice.periods(ScriptedCaptureDevice.silence(seconds: 0.8)), bufferSeconds: 0.2)
        defer { reader.close() }
        try CaptureThreadFaultTests.waitForCapture(reader, frames: 40 * Self.periodFrames)
        #expect(reader.takeErrors().isEmpty)
        reader.interrupt()
        let (frames, error) = TestFixtures.readAll(reader)
        #expect(error == nil)
        #expect(frames.reduce(0) { $0 + $1.frameCount } == 10 * Self.periodFrames)
        let warnings = reader.takeErrors()
        #expect(warnings.count == 1, "\(warnings)")
        #expect(warnings.first?.message(in: .english).contains("dropped 0.6 s") == true)
        #expect(reader.takeErrors().isEmpty)
    }

    @Test func episodeOpenWhenTheSessionClosesIsReportedAfterClose() throws {
        let (reader, log) = try ScriptedCaptureDevice.open(
            ScriptedCaptureDevice.periods(ScriptedCaptureDevice.silence(seconds: 0.8)), bufferSeconds: 0.2)
        try CaptureThreadFaultTests.waitForCapture(reader, frames: 40 * Self.periodFrames)
        reader.close()
        #expect(log.isClosed)
        let warnings = reader.takeErrors()
        #expect(warnings.count == 1, "\(warnings)")
        #expect(warnings.first?.message(in: .english).contains("dropped 0.6 s") == true)
    }
}
