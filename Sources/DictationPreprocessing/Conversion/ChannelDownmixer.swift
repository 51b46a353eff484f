import DictationKit

/// Folds interleaved multichannel audio into mono by averaging the channels of each sample frame.
///
/// Averaging (rather than summing) keeps the result in -1...1 without clipping. The downmixer
/// accepts buffers that split a sample frame across two calls: the channels seen so far are held
/// until the rest of the frame arrives, so any chunking of a stream gives the same mono samples.
///
/// ```swift
/// var downmixer = try ChannelDownmixer(channelCount: 2)
/// var mono: [Float] = []
/// downmixer.downmix(interleavedStereo, into: &mono) // reuses mono's storage on every call
/// ```
public struct ChannelDownmixer: Sendable {
    /// Interleaved channels in the input.
    public let channelCount: Int

    // Multiplying by the reciprocal is exact for 1, 2, 4 and 8 channels and within one ulp otherwise.
    private let scale: Float
    // The channels of a sample frame cut off at the end of the previous buffer.
    private var partialSum: Float = 0
    private var partialCount = 0

    /// Creates a downmixer.
    /// - Parameter channelCount: Interleaved channels in the input, at least 1.
    /// - Throws: `DictationError.Code.invalidAudio` when `channelCount` is less than 1.
    public init(channelCount: Int) throws(DictationError) {
        guard channelCount >= 1 else {
            throw ConversionProblem.noChannels(channelCount).error
        }
        self.channelCount = channelCount
        self.scale = 1 / Float(channelCount)
    }

    /// Whether the last buffer ended inside a sample frame whose remaining channels are still awaited.
    public var hasPartialFrame: Bool { partialCount > 0 }

    /// Averages the channels of every complete sample frame into `output`, replacing its contents.
    ///
    /// `output` keeps its capacity, so passing the same array on every call avoids allocating once
    /// it has grown to the size of a buffer.
    /// - Parameters:
    ///   - interleaved: Interleaved samples; may end (or start) in the middle of a sample frame.
    ///   - output: Receives one mono sample per completed sample frame.
    public mutating func downmix(_ interleaved: [Float], into output: inout [Float]) {
        output.removeAll(keepingCapacity: true)
        interleaved.withUnsafeBufferPointer { input in
            append(input, to: &output)
        }
    }

    /// Averages the channels of every complete sample frame.
    /// - Parameter interleaved: Interleaved samples; may end (or start) in the middle of a sample frame.
    /// - Returns: One mono sample per completed sample frame.
    public mutating func downmix(_ interleaved: [Float]) -> [Float] {
        var output: [Float] = []
        output.reserveCapacity((partialCount + interleaved.count) / channelCount)
        interleaved.withUnsafeBufferPointer { input in
            append(input, to: &output)
        }
        return output
    }

    /// Forgets a partial sample frame held from the previous buffer, ready for a new stream.
    ///
    /// A frame cut off at the very end of a stream has no complete sample to give; this drops it.
    public mutating func reset() {
        partialSum = 0
        partialCount = 0
    }

    private mutating func append(_ input: UnsafeBufferPointer<Float>, to output: inout [Float]) {
        if channelCount == 1 {
            output.append(contentsOf: input)
            return
        }
        output.reserveCapacity(output.count + (partialCount + input.count) / channelCount)
        var index = 0
        // Complete the frame left over from the previous buffer first.
        if partialCount > 0 {
            while partialCount < channelCount, index < input.count {
                partialSum += input[index]
                partialCount += 1
                index += 1
            }
            guard partialCount == channelCount else { return }
            output.append(partialSum * scale)
            partialSum = 0
            partialCount = 0
        }
        while index + channelCount <= input.count {
            var sum: Float = 0
            for channel in 0..<channelCount {
                sum += input[index + channel]
            }
            output.append(sum * scale)
            index += channelCount
        }
        // Keep the start of a frame that the next buffer finishes.
        while index < input.count {
            partialSum += input[index]
            partialCount += 1
            index += 1
        }
    }
}
