import DictationKit

extension AudioFormat {
    /// Rates a reader accepts: telephone audio to studio audio with room to spare. Anything outside
    /// is a damaged header or a wrong raw-format option, not a real recording.
    static let readableSampleRates = 1_000...384_000
    /// Channel counts a reader accepts; the preprocessor downmixes whatever comes in.
    static let readableChannelCounts = 1...8

    /// Checks that the format describes audio a reader can deliver.
    /// - Parameter origin: Where the format came from, for the message: the WAV header, the raw format.
    /// - Throws: ``DictationError/Code/invalidAudio`` naming the bad field.
    func validateReadable(origin: AudioInputProblem.Origin) throws(DictationError) {
        guard Self.readableChannelCounts.contains(channelCount) else {
            if channelCount <= 0 {
                throw AudioInputProblem.noChannels(origin: origin, count: channelCount).error
            }
            throw AudioInputProblem.tooManyChannels(origin: origin, count: channelCount).error
        }
        guard Self.readableSampleRates.contains(sampleRate) else {
            throw AudioInputProblem.sampleRateOutOfRange(origin: origin, rate: sampleRate).error
        }
    }
}
