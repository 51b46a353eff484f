/// Cuts a source's buffers into blocks of one fixed length, placed by their position in the stream.
///
/// Preprocessing makes some decisions once per buffer (whether the gain holds, whether noise
/// suppression engages), so the same recording cut into other buffers would come out slightly
/// different, and decode to other words. A file is read in 100 ms pieces, a microphone delivers
/// its periods, an app pushes what it has: blocked first, all of them give the preprocessing the
/// same blocks, so a live session and a file transcription of the same audio give the same
/// finals. Blocks are short (``blockDuration``), so live audio waits little for its block to fill.
struct AudioBlocker {
    /// The length of a block: 20 ms.
    static let blockDuration = 0.02

    private let sampleRate: Int
    private let channelCount: Int
    private let framesPerBlock: Int
    /// Samples of the block being filled.
    private var held: [Float] = []
    /// The stream position, in frames, of `held`'s first frame.
    private var heldStart = 0
    /// When the first held sample was captured (live sources).
    private var captureTime: ContinuousClock.Instant?

    /// - Parameter format: The source's rate and channels.
    init(format: AudioFormat) {
        sampleRate = max(format.sampleRate, 1)
        channelCount = max(format.channelCount, 1)
        framesPerBlock = max(1, Int((Double(sampleRate) * Self.blockDuration).rounded()))
    }

    /// Takes a buffer of the source.
    /// - Parameter frame: The source's next buffer.
    /// - Returns: The blocks it completed, in order; after a gap in the stream (audio the source
    ///   dropped), first the short block before the gap.
    mutating func blocks(from frame: AudioFrame) -> [AudioFrame] {
        var blocks: [AudioFrame] = []
        let start = Int((frame.startTime * Double(sampleRate)).rounded())
        if !held.isEmpty, start != heldStart + held.count / channelCount {
            if let short = flush() { blocks.append(short) }
        }
        if held.isEmpty {
            heldStart = start
            captureTime = frame.captureTime
        }
        var offset = 0
        let samples = frame.samples
        let blockSamples = framesPerBlock * channelCount
        while offset < samples.count {
            let take = min(blockSamples - held.count, samples.count - offset)
            if held.isEmpty, take == blockSamples {
                // A whole block straight from the buffer: no copy into `held` and out again.
                blocks.append(block(Array(samples[offset..<offset + take]), startFrame: heldStart, frame: frame, offset: offset))
                heldStart += framesPerBlock
            } else {
                if held.isEmpty { captureTime = time(of: frame, offset: offset) }
                held += samples[offset..<offset + take]
                if held.count == blockSamples {
                    blocks.append(block(held, startFrame: heldStart, captureTime: captureTime))
                    heldStart += framesPerBlock
                    held.removeAll(keepingCapacity: true)
                }
            }
            offset += take
        }
        return blocks
    }

    /// The last, shorter block, at the end of the stream.
    mutating func flush() -> AudioFrame? {
        guard !held.isEmpty else { return nil }
        defer {
            heldStart += held.count / channelCount
            held.removeAll(keepingCapacity: true)
        }
        return block(held, startFrame: heldStart, captureTime: captureTime)
    }

    private func block(_ samples: [Float], startFrame: Int, frame: AudioFrame, offset: Int) -> AudioFrame {
        block(samples, startFrame: startFrame, captureTime: time(of: frame, offset: offset))
    }

    private func block(_ samples: [Float], startFrame: Int, captureTime: ContinuousClock.Instant?) -> AudioFrame {
        AudioFrame(
            samples: samples, sampleRate: sampleRate, channelCount: channelCount,
            startTime: Double(startFrame) / Double(sampleRate), captureTime: captureTime)
    }

    /// When the sample at `offset` of a buffer was captured.
    private func time(of frame: AudioFrame, offset: Int) -> ContinuousClock.Instant? {
        frame.captureTime.map { $0 + .seconds(Double(offset / channelCount) / Double(sampleRate)) }
    }
}
