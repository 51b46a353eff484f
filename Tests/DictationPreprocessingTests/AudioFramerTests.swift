import DictationKit
import DictationTesting
import Testing

@testable import DictationPreprocessing

@Suite("AudioFramer", .timeLimit(.minutes(25)))
struct AudioFramerTests {
    struct Stop: Error, Equatable {}

    /// Every frame a framer hands over for a stream cut into buffers of the given sizes.
    static func frames(of stream: [Float], inBuffersOf sizes: [Int], frameLength: Int) -> [[Float]] {
        var framer = AudioFramer(frameLength: frameLength)
        var frames: [[Float]] = []
        var start = 0
        for size in sizes {
            let end = min(stream.count, start + size)
            framer.append(Array(stream[start..<end])) { frames.append(Array($0)) }
            start = end
        }
        #expect(framer.bufferedSampleCount == stream.count % frameLength)
        return frames
    }

    @Test("Frame lengths follow the frame duration", arguments: FrameDuration.allCases)
    func frameLengths(duration: FrameDuration) {
        #expect(AudioFramer(sampleRate: 16_000, frameDuration: duration).frameLength == duration.rawValue * 16)
        #expect(AudioFramer(sampleRate: 44_100, frameDuration: duration).frameLength == duration.rawValue * 441 / 10)
    }

    @Test("Buffers of random sizes give the same frames as one big buffer", arguments: FrameDuration.allCases)
    func randomBuffers(duration: FrameDuration) {
        let frameLength = duration.samples(atSampleRate: 16_000)
        let stream = SignalAnalysis.noise(count: 50_000, amplitude: 1, seed: UInt64(duration.rawValue))
        let whole = Self.frames(of: stream, inBuffersOf: [stream.count], frameLength: frameLength)
        #expect(whole.count == stream.count / frameLength)
        #expect(whole.allSatisfy { $0.count == frameLength })
        #expect(whole.flatMap { $0 } == Array(stream.prefix(whole.count * frameLength)))

        var generator = SplitMix64(seed: 42 + UInt64(duration.rawValue))
        var sizes: [Int] = []
        while sizes.reduce(0, +) < stream.count {
            // Empty buffers, buffers smaller than a frame, and ones holding several frames.
            sizes.append(Int.random(in: 0...(3 * frameLength + 7), using: &generator))
        }
        #expect(Self.frames(of: stream, inBuffersOf: sizes, frameLength: frameLength) == whole)
        #expect(Self.frames(of: stream, inBuffersOf: Array(repeating: 1, count: stream.count), frameLength: frameLength) == whole)
    }

    @Test("The remainder is kept for the next buffer, flushed at the end, and dropped by reset()")
    func remainder() {
        let stream = (0..<1_300).map(Float.init)
        var framer = AudioFramer(frameLength: 320)
        var frames: [[Float]] = []
        framer.append(Array(stream[0..<1_000])) { frames.append(Array($0)) }
        #expect(frames.count == 3)
        #expect(framer.bufferedSampleCount == 40)

        framer.append(Array(stream[1_000..<1_010])) { frames.append(Array($0)) }
        #expect(frames.count == 3 && framer.bufferedSampleCount == 50)

        framer.append(Array(stream[1_010..<1_300])) { frames.append(Array($0)) }
        #expect(frames.count == 4 && framer.bufferedSampleCount == 20)
        #expect(frames[3] == Array(stream[960..<1_280]))

        var last: [Float] = []
        framer.flush { last = Array($0) }
        #expect(last == Array(stream[1_280..<1_300]))
        #expect(framer.bufferedSampleCount == 0)
        var called = false
        framer.flush { _ in called = true }
        #expect(!called, "nothing held, nothing flushed")

        framer.append(Array(stream[0..<100])) { _ in Issue.record("no whole frame yet") }
        framer.reset()
        #expect(framer.bufferedSampleCount == 0)
        framer.append(Array(stream[0..<320])) { frames.append(Array($0)) }
        #expect(frames.last == Array(stream[0..<320]), "after reset() the next frame starts afresh")
    }

    @Test("Frames that lie whole in a buffer are passed from it, not copied")
    func framesAreNotCopied() {
        var framer = AudioFramer(frameLength: 160)
        let buffer = [Float](repeating: 0.5, count: 1_000)
        buffer.withUnsafeBufferPointer { input in
            guard let base = input.baseAddress else { return }
            var offsets: [Int] = []
            framer.append(input) { frame in
                if let start = frame.baseAddress { offsets.append(base.distance(to: start)) }
            }
            #expect(offsets == [0, 160, 320, 480, 640, 800])
        }
    }

    @Test("An error from the closure stops the framing and leaves the framer empty")
    func errorsPropagate() {
        var framer = AudioFramer(frameLength: 100)
        framer.append([Float](repeating: 1, count: 50)) { _ in }
        var delivered = 0
        #expect(throws: Stop.self) {
            try framer.append([Float](repeating: 2, count: 500)) { (_) throws(Stop) in
                delivered += 1
                if delivered == 2 { throw Stop() }
            }
        }
        #expect(delivered == 2)
        #expect(framer.bufferedSampleCount == 0)
    }

    @Test("A frame length below 1 is raised to 1")
    func tinyFrames() {
        var framer = AudioFramer(frameLength: 0)
        #expect(framer.frameLength == 1)
        var count = 0
        framer.append([1, 2, 3]) { _ in count += 1 }
        #expect(count == 3)
    }
}
