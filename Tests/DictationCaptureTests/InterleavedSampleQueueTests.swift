import Testing

@testable import DictationCapture

@Suite(.timeLimit(.minutes(25))) struct InterleavedSampleQueueTests {
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

    @Test func removingAMiddleBufferLeavesAGapThatNoTakeCrosses() throws {
        var queue = InterleavedSampleQueue(channelCount: 2, labelledAs: Int.self)
        queue.append([0, 0, 1, 1], label: 0)
        queue.append([2, 2, 3, 3], label: 1)
        queue.append([4, 4, 5, 5], label: 2)
        let middle = try #require(queue.bufferPositions.first { queue.buffer(at: $0)?.label == 1 })
        #expect(queue.removeBuffer(at: middle) == 2)
        #expect(queue.buffer(at: middle) == nil, "a removed buffer is no longer offered")
        #expect(queue.queuedFrames == 4)
        #expect(queue.removeBuffer(at: middle) == 0, "removing it again removes nothing")
        let taken1 = queue.take(maxFrames: 10)
        let first = try #require(taken1)
        #expect(first.samples == [0, 0, 1, 1], "the take stops at the gap")
        #expect(first.startFrame == 0)
        let taken2 = queue.take(maxFrames: 10)
        let second = try #require(taken2)
        #expect(second.samples == [4, 4, 5, 5])
        #expect(second.startFrame == 4, "the frames after the gap keep their place in the stream")
        let none = queue.take(maxFrames: 1)
        #expect(none == nil)
    }

    @Test func removingAPartlyTakenHeadRemovesOnlyItsRest() throws {
        let clock = ContinuousClock.now
        var queue = InterleavedSampleQueue(channelCount: 1, labelledAs: Bool.self)
        queue.append([0, 1, 2, 3], time: clock, label: true)
        queue.append([4, 5], time: clock + .seconds(1), label: false)
        _ = queue.take(maxFrames: 3)
        let head = queue.bufferPositions.lowerBound
        let rest = try #require(queue.buffer(at: head))
        #expect(rest.startFrame == 0 && rest.endFrame == 4 && rest.queuedFrames == 1, "the head knows what is left of it")
        #expect(queue.removeBuffer(at: head) == 1)
        #expect(queue.queuedFrames == 2)
        let taken = queue.take(maxFrames: 10)
        let next = try #require(taken)
        #expect(next.samples == [4, 5])
        #expect(next.startFrame == 4)
        #expect(next.bufferTime == clock + .seconds(1))
        #expect(next.framesIntoBuffer == 0)
    }

    @Test func manyRemovalsKeepPositionsLabelsAndOrder() throws {
        var queue = InterleavedSampleQueue(channelCount: 1, labelledAs: Int.self)
        for value in 0..<1_000 { queue.append([Float(value)], label: value) }
        // Three of every four, newest first then oldest first: the removed buffers are compacted
        // away once they are half the queue, and the lookups after that must still find theirs.
        let removed = (0..<1_000).filter { $0 % 4 != 0 }
        for value in removed.suffix(300).reversed() + removed.prefix(450) {
            let position = queue.firstPosition(startingAtOrAfter: value)
            let buffer = try #require(queue.buffer(at: position))
            #expect(buffer.label == value && buffer.startFrame == value && buffer.endFrame == value + 1)
            #expect(queue.removeBuffer(at: position) == 1)
        }
        #expect(queue.queuedFrames == 250)
        queue.setLabel(-1, at: queue.firstPosition(startingAtOrAfter: 12))
        #expect(queue.buffer(at: queue.firstPosition(startingAtOrAfter: 12))?.label == -1)
        var seen: [Float] = []
        var starts: [Int] = []
        while let taken = queue.take(maxFrames: 7) {
            seen += taken.samples
            starts.append(taken.startFrame)
        }
        #expect(seen == stride(from: 0, to: 1_000, by: 4).map(Float.init))
        #expect(starts == Array(stride(from: 0, to: 1_000, by: 4)), "one take per run between gaps")
    }

    @Test func discardingTellsWhatItDropped() {
        var queue = InterleavedSampleQueue(channelCount: 2, labelledAs: String.self)
        queue.append([0, 0, 1, 1], label: "a")
        queue.append([2, 2, 3, 3], label: "b")
        var dropped: [String] = []
        queue.discardOldest(frames: 3) { label, samples in dropped.append("\(label)\(samples)") }
        #expect(dropped == ["a4", "b2"])
        #expect(queue.queuedFrames == 1)
    }
}
