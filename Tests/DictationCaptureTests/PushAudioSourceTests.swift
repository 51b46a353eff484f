import DictationKit
import DictationTestSupport
import Foundation
import Testing

@testable import DictationCapture

/// App-supplied buffers: blocking reads, finish, interrupt, and capacity that never drops silently.
@Suite(.timeLimit(.minutes(25))) struct PushAudioSourceTests {
    static let mono = AudioFormat(sampleRate: 16_000, channelCount: 1, encoding: .float32)

    @Test func buffersFromAnotherThreadArriveInOrderUntilFinish() throws {
        let source = PushAudioSource(format: Self.mono)
        let handle = try ReaderBox(source.open())
        defer { handle.reader.close() }
        let result = ThreadResult { TestFixtures.readAll(handle.reader, maxFrames: 1_600).frames }

        // The reader is started first, so it has to wait for most of these.
        let expected = (0..<20_000).map { Float($0 % 200) / 200 - 0.5 }
        let producer = ThreadResult { () -> Bool in
            var accepted = true
            for start in stride(from: 0, to: expected.count, by: 777) {
                accepted = source.append(Array(expected[start..<min(start + 777, expected.count)])) && accepted
            }
            source.finish()
            return accepted
        }
        #expect(producer.wait(within: .seconds(30)) == true)
        let frames = try #require(result.wait(within: .seconds(30)), "the reader never saw finish()")
        #expect(TestFixtures.samples(frames) == expected)
        #expect(frames.allSatisfy { $0.frameCount <= 1_600 && $0.sampleRate == 16_000 })
        var next = 0.0
        for frame in frames {
            #expect(abs(frame.startTime - next) < 1e-9)
            next += frame.duration
        }
        #expect(source.droppedFrameCount == 0)
    }

    @Test func int16BuffersAreScaled() throws {
        let source = PushAudioSource(format: AudioFormat(sampleRate: 8_000, channelCount: 2, encoding: .int16))
        source.append([Int16.min, 16_384, 0] as [Int16])
        source.append([-16_384] as [Int16])
        source.append([Float.nan, 3] as [Float])
        source.finish()
        let (frames, error) = TestFixtures.readAll(source)
        #expect(error == nil)
        #expect(TestFixtures.samples(frames) == [-1, 0.5, 0, -0.5, 0, 1])
        #expect(frames.allSatisfy { $0.channelCount == 2 })
    }

    @Test func interruptUnblocksAWaitingRead() throws {
        let source = PushAudioSource(format: Self.mono)
        let handle = try ReaderBox(source.open())
        defer { handle.reader.close() }
        let result = ThreadResult { () -> Bool in
            (try? handle.reader.read(maxFrames: 160)) == nil
        }
        // Whether the interrupt comes before or during the wait, the read must return nil.
        handle.reader.interrupt()
        #expect(result.wait(within: .seconds(30)) == true)
        #expect(try handle.reader.read(maxFrames: 160) == nil, "reads after an interrupt stay at the end")
    }

    @Test func capacityRefusesAndCountsWhatDoesNotFit() throws {
        let format = AudioFormat(sampleRate: 1_000, channelCount: 2, encoding: .float32)
        let source = PushAudioSource(format: format, capacitySeconds: 1)
        let frames600 = [Float](repeating: 0.25, count: 1_200)
        #expect(source.append(frames600))
        #expect(!source.append(frames600), "1200 frames don't fit in 1 s at 1 kHz")
        #expect(source.droppedFrameCount == 600)
        #expect(source.append([Float](repeating: -0.25, count: 800)), "exactly full is allowed")
        #expect(!source.append([0.5, 0.5]))
        #expect(source.droppedFrameCount == 601)
        source.finish()
        #expect(!source.append([0.5, 0.5]), "audio after finish() can't be delivered")
        #expect(source.droppedFrameCount == 602)

        let (read, error) = TestFixtures.readAll(source)
        #expect(error == nil)
        #expect(read.reduce(0) { $0 + $1.frameCount } == 1_000)
        #expect(TestFixtures.samples(read).suffix(800) == [Float](repeating: -0.25, count: 800)[...])
    }

    @Test func anAppendWhenRoomWaitsUntilTheReaderMakesRoomAndLosesNothing() async throws {
        let format = AudioFormat(sampleRate: 1_000, channelCount: 1, encoding: .float32)
        let source = PushAudioSource(format: format, capacitySeconds: 1)
        #expect(source.append([Float](repeating: 0.25, count: 1_000)))
        let waiting = Task { try await source.appendWhenRoom([Float](repeating: -0.5, count: 600)) }
        // The append can't be in while the queue is full: it waits rather than being refused
        // (a plain append would have been dropped by now).
        let handle = try ReaderBox(source.open())
        defer { handle.reader.close() }
        for _ in 0..<100 { await Task.yield() }
        #expect(source.droppedFrameCount == 0)
        let first = try #require(try handle.reader.read(maxFrames: 700))
        #expect(first.frameCount == 700)
        #expect(try await waiting.value, "the reader made room for it")
        #expect(source.droppedFrameCount == 0)
        #expect(try await source.waitUntilTaken(timeout: .milliseconds(1)) == false, "900 frames wait for the reader")
        source.finish()
        let (rest, error) = TestFixtures.readAll(handle.reader)
        #expect(error == nil)
        #expect(TestFixtures.samples(rest) == [Float](repeating: 0.25, count: 300) + [Float](repeating: -0.5, count: 600))
        #expect(try await source.waitUntilTaken(timeout: .seconds(600)))
    }

    @Test func aWaitingAppendEndsWithFinishOrCancellationAndCountsOnlyWhatWasRefused() async throws {
        let format = AudioFormat(sampleRate: 1_000, channelCount: 1, encoding: .float32)
        let source = PushAudioSource(format: format, capacitySeconds: 1)
        #expect(source.append([Float](repeating: 0.25, count: 1_000)))
        let cancelled = Task { try await source.appendWhenRoom([Float](repeating: 0.5, count: 10)) }
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        #expect(source.droppedFrameCount == 0, "a cancelled append is not a drop")
        let finished = Task { try await source.appendWhenRoom([Float](repeating: 0.5, count: 10)) }
        source.finish()
        #expect(try await finished.value == false)
        #expect(source.droppedFrameCount == 10)
        // Larger than the whole capacity: refused at once rather than waiting for ever.
        let tooLarge = PushAudioSource(format: format, capacitySeconds: 1)
        #expect(try await tooLarge.appendWhenRoom([Float](repeating: 0, count: 1_001)) == false)
    }

    @Test func oneSessionAtATimeAndLeftoversAreCounted() throws {
        let source = PushAudioSource(format: Self.mono)
        source.append([Float](repeating: 0.1, count: 300))
        let first = try source.open()
        let error = #expect(throws: DictationError.self) { try source.open() }
        #expect(error?.code == .deviceBusy)

        #expect(try first.read(maxFrames: 100)?.frameCount == 100)
        first.close()
        #expect(source.droppedFrameCount == 200, "audio the session left unread is counted, not replayed")

        // The next session starts unfinished and empty, and gets what is appended for it.
        source.append([0.2, 0.3])
        source.finish()
        let (frames, readError) = TestFixtures.readAll(source)
        #expect(readError == nil)
        #expect(TestFixtures.samples(frames) == [0.2, 0.3])
        #expect(frames.first?.startTime == 0)
    }

    @Test func partialFramesWaitForTheirOtherChannels() throws {
        let source = PushAudioSource(format: AudioFormat(sampleRate: 8_000, channelCount: 2, encoding: .float32))
        source.append([0.1, 0.2, 0.3])
        source.append([0.4, 0.5])
        source.finish()
        let (frames, _) = TestFixtures.readAll(source)
        #expect(TestFixtures.samples(frames) == [0.1, 0.2, 0.3, 0.4])
        #expect(source.droppedFrameCount == 1, "the odd sample left at the end is counted")
    }

    @Test(arguments: [
        AudioFormat(sampleRate: 0, channelCount: 1, encoding: .int16),
        AudioFormat(sampleRate: 16_000, channelCount: 0, encoding: .int16),
    ])
    func impossibleFormatIsRejectedAtOpen(_ format: AudioFormat) {
        let source = PushAudioSource(format: format, capacitySeconds: .nan)
        #expect(source.append([1, 2, 3] as [Float]) == false || true, "appending must not crash")
        let error = #expect(throws: DictationError.self) { try source.open() }
        #expect(error?.code == .invalidAudio)
    }

    @Test func droppedReaderFreesTheSource() throws {
        let source = PushAudioSource(format: Self.mono)
        do { _ = try source.open() }
        #expect(throws: Never.self) { try source.open().close() }
    }
}
