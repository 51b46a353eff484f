import DictationKit

/// The chain's first stage for multichannel input: averages the channels into mono.
final class DownmixStage: AudioConversionStage {
    private var downmixer: ChannelDownmixer
    // Handed to the next stage and let go before the next call, so it is reused without allocating.
    private var output: [Float] = []

    init(channelCount: Int) throws(DictationError) {
        downmixer = try ChannelDownmixer(channelCount: channelCount)
    }

    func process(_ samples: [Float]) -> [Float] {
        downmixer.downmix(samples, into: &output)
        return output
    }

    func flush() -> [Float] {
        // A frame cut off by the end of the stream has no complete sample to give.
        downmixer.reset()
        return []
    }
}
