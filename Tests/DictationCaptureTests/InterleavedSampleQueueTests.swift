import Testing

@testable import DictationCapture

@Suite struct InterleavedSampleQueueTests {
    @Test func framesSplitAcrossBuffersComeOutWhole() throws {
        var queue = InterleavedSampleQueue(channelCount: 2)
        queue.append([1, 2, 3])  // one frame and half of the next
        #expect(queue.queuedFrames == 1)
        queue.append([4, 5, 6, 7, 8])
        let taken1 = queue.take(maxFrames: 3)
        let first = try #require(taken1)
        #expect(first.samples == [1, 2, 3, 4, 5, 6])
        #expect(first.startFrame == 0)
        let taken2 = queue.take(maxFrames: 3)
        let second = try #require(taken2)
        #expect(second.samples == [7, 8])
        #expect(second.startFrame == 3)
        let none = queue.take(maxFrames: 1)
        #expect(none == nil)
    }

    @Test func takesKnowTheirBufferAndOffset() throws {
        let clock = ContinuousClock.now
        var queue = InterleavedSampleQueue(channelCount: 1)
        queue.append([0, 1, 2, 3], time: clock)
        queue.append([4, 5], time: clock + .seconds(1))
        _ = queue.take(maxFrames: 3)
        let last = queue.take(maxFrames: 10)
        let taken = try #require(last)
        #expect(taken.samples == [3, 4, 5])
        #expect(taken.bufferTime == clock)
        #expect(taken.framesIntoBuffer == 3)
        #expect(taken.startFrame == 3)
    }

    @Test func discardingAndManyBuffersKeepTheOrder() throws {
        var queue = InterleavedSampleQueue(channelCount: 1)
        for value in 0..<500 { queue.append([Float(value)]) }
        queue.discardOldest(frames: 100)
        var seen: [Float] = []
        while let taken = queue.take(maxFrames: 7) { seen += taken.samples }
        #expect(seen == (100..<500).map(Float.init))
        #expect(queue.appendedSamples == 500)
        queue.append([9])
        queue.removeAll()
        #expect(queue.queuedSamples == 0)
    }
}
