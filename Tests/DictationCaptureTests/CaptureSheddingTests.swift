import DictationKit
import DictationTestSupport
import Foundation
import Testing

@testable import DictationCapture

/// What live capture sheds when its reader falls behind, and how it reports it: quiet audio before
/// loud, a margin of quiet kept next to loud audio, the oldest audio only when nothing else can go,
/// and one report per overrun episode (which the session words, having judged the gaps with its
/// voice activity detector: `AudioLossLedgerTests`, `SlowDecodingTests`). The real capture thread,
/// loudness ranking, queue and reader, on scripted devices that deliver as fast as they are read.
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

    /// How the capture thread ranks each period of `source`: loud or not.
    static func loudness(_ source: [Int16]) -> [Bool] {
        var ranking = CaptureLoudness(format: AudioFormat(sampleRate: 16_000, channelCount: 1, encoding: .int16))
        return stride(from: 0, to: source.count, by: periodFrames).map {
            ranking.isLoud(PCM16.floats(Array(source[$0..<min($0 + periodFrames, source.count)])))
        }
    }

    /// The quiet kept after loud audio, in frames: 0.5 s.
    static let quietKeptAfter = 8_000

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
        #expect(reader.takeLosses().isEmpty, "no report while the reader has not caught up: not one per drop")

        let capacity = 5 * 16_000
        #expect(Self.queued(reader) == capacity, "whole silent periods went, one per period over the capacity")
        let frames = try Self.read(reader, frames: capacity)
        let losses = reader.takeLosses()

        let (kept, mismatched) = TestFixtures.place(frames, in: source)
        #expect(mismatched == 0, "every frame is the device's audio at its place in the stream")
        #expect(Self.inOrder(kept))
        // The 0.5 s of quiet after the last loud period is kept too.
        let loud = Self.loudness(source)
        let lastLoudEnd = try #require(loud.lastIndex(of: true)) * Self.periodFrames + Self.periodFrames
        let first = try #require(kept.first)
        #expect(
            first.lowerBound == 0 && first.upperBound >= lastLoudEnd + Self.quietKeptAfter,
            "all of the speech, intact and in order, and the quiet after it: \(kept.prefix(3))")
        let dropped = Self.gaps(between: kept, upTo: source.count)
        let droppedFrames = dropped.reduce(0) { $0 + $1.count }
        #expect(droppedFrames == source.count - capacity)
        #expect(dropped.allSatisfy { $0.lowerBound >= lastLoudEnd + Self.quietKeptAfter }, "only the silence went")
        let statistics = reader.channel.statistics
        #expect(statistics.droppedFrames == droppedFrames)
        #expect(statistics.droppedLoudFrames == 0)
        #expect(TestFixtures.secondsText(frames: droppedFrames) == "17.8")

        #expect(
            losses == [AudioLoss(droppedFrames: droppedFrames, deviceOverruns: 0, device: "scripted mic")],
            "one report for the whole episode: \(losses)")
        #expect(reader.takeErrors().isEmpty, "a capture reader words no warning itself")

        reader.interrupt()
        #expect(try reader.read(maxFrames: 1_600) == nil)
        #expect(reader.takeLosses().isEmpty, "the episode was reported once")
    }

    @Test func queueHoldingOnlySpeechLosesItsOldest() throws {
        // goforward's first 30 periods are read at once; then the rest, its pauses all shorter
        // than the quiet kept around loud audio, pours into a one-second queue nobody reads.
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
        #expect(reader.takeLosses().isEmpty, "nothing was lost")

        gate.open()
        try CaptureThreadFaultTests.waitForCapture(reader, frames: source.count)
        let capacity = 16_000
        let statistics = reader.channel.statistics
        #expect(statistics.droppedFrames == source.count - early - capacity)
        #expect(statistics.droppedLoudFrames > 0, "there was no quiet audio to drop outside the margins")
        #expect(reader.takeLosses().isEmpty)
        frames += try Self.read(reader, frames: capacity)

        let (kept, mismatched) = TestFixtures.place(frames, in: source)
        #expect(mismatched == 0)
        #expect(kept == [0..<early, (source.count - capacity)..<source.count], "the oldest went, the newest second stayed")
        let losses = reader.takeLosses()
        #expect(losses.map(\.droppedFrames) == [statistics.droppedFrames], "\(losses)")
        #expect(TestFixtures.secondsText(frames: statistics.droppedFrames) == "1.2")
    }

    @Test func silenceJustBeforeSpeechIsKeptWhileOlderSilenceGoes() throws {
        // One second of silence, goforward, three seconds of silence, into a five-second queue:
        // 1.8 s must go. The oldest silence goes first, but not the pre-roll before the loud audio.
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
        #expect(first.lowerBound > 0 && first.lowerBound <= speechStart, "the lead-in silence went, but not all of it: \(first)")
        #expect(first.upperBound >= speechStart + speechFrames, "the speech, intact")
        // Exactly: the loud periods and everything between them, the quiet periods reaching into
        // the 0.3 s before the first of them, and those starting within 0.5 s after the last.
        let loud = Self.loudness(source)
        let firstLoud = try #require(loud.firstIndex(of: true)) * Self.periodFrames
        let lastLoudEnd = try #require(loud.lastIndex(of: true)) * Self.periodFrames + Self.periodFrames
        #expect(firstLoud >= speechStart && lastLoudEnd <= speechStart + speechFrames, "the silence is never loud")
        let preRollStart = (firstLoud - 4_800) / Self.periodFrames * Self.periodFrames
        let quietEnd =
            (lastLoudEnd + Self.quietKeptAfter + Self.periodFrames - 1) / Self.periodFrames * Self.periodFrames
        #expect(first == preRollStart..<quietEnd, "loud \(firstLoud)..<\(lastLoudEnd)")
        let statistics = reader.channel.statistics
        #expect(statistics.droppedFrames == source.count - 5 * 16_000)
        #expect(statistics.droppedLoudFrames == 0)
        #expect(statistics.droppedFrames > first.lowerBound, "newer silence went too, yet the pre-roll, older, stayed")
        #expect(reader.takeLosses().count == 1)
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
        #expect(reader.takeLosses().isEmpty, "still one open episode")

        _ = try Self.read(reader, frames: 5 * period)
        #expect(reader.takeLosses().isEmpty, "half the capacity still queued: not caught up yet")
        _ = try Self.read(reader, frames: period)
        #expect(reader.takeLosses().isEmpty, "under half, but no audio came since the drops: the same episode")
        _ = try Self.read(reader, frames: 4 * period)
        let first = reader.takeLosses()
        #expect(
            first == [AudioLoss(droppedFrames: 30 * period, deviceOverruns: 1, device: "scripted mic")],
            "the queue emptied: the episode is over, \(first)")

        gate.open()
        try CaptureThreadFaultTests.waitForCapture(reader, frames: 80 * period)
        #expect(reader.takeLosses().isEmpty)
        _ = try Self.read(reader, frames: 10 * period)
        let second = reader.takeLosses()
        #expect(
            second == [AudioLoss(droppedFrames: 30 * period, deviceOverruns: 0, device: "scripted mic")],
            "a second episode, its own report: \(second)")

        reader.interrupt()
        #expect(try reader.read(maxFrames: 1_600) == nil)
        #expect(reader.takeLosses().isEmpty)
        #expect(reader.channel.statistics.droppedFrames == 60 * period)
    }

    @Test func episodeOpenWhenTheSessionStopsIsReportedByTheReadThatEnds() throws {
        let (reader, _) = try ScriptedCaptureDevice.open(
            ScriptedCaptureDevice.periods(ScriptedCaptureDevice.silence(seconds: 0.8)), bufferSeconds: 0.2)
        defer { reader.close() }
        try CaptureThreadFaultTests.waitForCapture(reader, frames: 40 * Self.periodFrames)
        #expect(reader.takeLosses().isEmpty)
        reader.interrupt()
        let (frames, error) = TestFixtures.readAll(reader)
        #expect(error == nil)
        #expect(frames.reduce(0) { $0 + $1.frameCount } == 10 * Self.periodFrames)
        let losses = reader.takeLosses()
        #expect(losses.map(\.droppedFrames) == [30 * Self.periodFrames], "\(losses)")
        #expect(reader.takeLosses().isEmpty)
    }

    @Test func episodeOpenWhenTheSessionClosesIsReportedAfterClose() throws {
        let (reader, log) = try ScriptedCaptureDevice.open(
            ScriptedCaptureDevice.periods(ScriptedCaptureDevice.silence(seconds: 0.8)), bufferSeconds: 0.2)
        try CaptureThreadFaultTests.waitForCapture(reader, frames: 40 * Self.periodFrames)
        reader.close()
        #expect(log.isClosed)
        let losses = reader.takeLosses()
        #expect(losses.map(\.droppedFrames) == [30 * Self.periodFrames], "\(losses)")
    }
}
