import DictationKit
import DictationPreprocessing
import DictationTesting
import Testing

@Suite("ChannelDownmixer", .timeLimit(.minutes(25)))
struct ChannelDownmixerTests {
    @Test("Stereo frames become the mean of left and right")
    func stereo() throws {
        var downmixer = try ChannelDownmixer(channelCount: 2)
        let mono = downmixer.downmix([1, 0, 0.5, -0.5, -1, -1, 0.25, 0.75, 1, 1])
        #expect(mono == [0.5, 0, -1, 0.5, 1])
    }

    @Test("Five channels average to within one rounding step")
    func fiveChannels() throws {
        var downmixer = try ChannelDownmixer(channelCount: 5)
        let frames: [[Float]] = [[0.1, 0.2, 0.3, 0.4, 0.5], [1, 1, 1, 1, 1], [-1, 1, -1, 1, -1], [0.9, -0.3, 0, 0.7, -0.2]]
        let mono = downmixer.downmix(frames.flatMap { $0 })
        let expected = frames.map { frame in frame.reduce(0.0) { $0 + Double($1) } / 5 }
        #expect(mono.count == expected.count)
        for (got, want) in zip(mono, expected) {
            #expect(abs(Double(got) - want) < 1e-6)
        }
    }

    @Test("Mono passes unchanged")
    func mono() throws {
        var downmixer = try ChannelDownmixer(channelCount: 1)
        let samples: [Float] = [0.1, -0.2, 0.3, 1, -1]
        #expect(downmixer.downmix(samples) == samples)
    }

    @Test("Frames split across buffers give the same result as whole ones", arguments: [2, 3, 5, 8])
    func splitFrames(channelCount: Int) throws {
        let interleaved = SignalAnalysis.noise(count: channelCount * 1_001, amplitude: 1, seed: UInt64(channelCount))
        var whole = try ChannelDownmixer(channelCount: channelCount)
        let expected = whole.downmix(interleaved)

        var pieces = try ChannelDownmixer(channelCount: channelCount)
        var generator = SplitMix64(seed: 42)
        var output: [Float] = []
        var buffer: [Float] = []
        var start = 0
        while start < interleaved.count {
            let size = min(interleaved.count - start, Int.random(in: 0...(3 * channelCount), using: &generator))
            pieces.downmix(Array(interleaved[start..<start + size]), into: &buffer)
            output += buffer
            start += size
        }
        #expect(!pieces.hasPartialFrame)
        #expect(output == expected)
    }

    @Test("The output buffer is replaced, not appended to, and a cut-off frame waits for its rest")
    func reusedBuffer() throws {
        var downmixer = try ChannelDownmixer(channelCount: 2)
        var buffer: [Float] = [9, 9, 9, 9]
        downmixer.downmix([0.5, 0.5, 1], into: &buffer)
        #expect(buffer == [0.5])
        #expect(downmixer.hasPartialFrame)
        downmixer.downmix([0], into: &buffer)
        #expect(buffer == [0.5])
        #expect(!downmixer.hasPartialFrame)
        downmixer.downmix([], into: &buffer)
        #expect(buffer.isEmpty)
    }

    @Test("No channels is invalid audio", arguments: [0, -2])
    func rejectsNoChannels(channelCount: Int) {
        #expect {
            _ = try ChannelDownmixer(channelCount: channelCount)
        } throws: { error in
            (error as? DictationError)?.code == .invalidAudio
        }
    }
}
