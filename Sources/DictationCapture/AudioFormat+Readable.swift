import DictationKit

extension AudioFormat {
    /// Rates a reader accepts: telephone audio to studio audio with room to spare. Anything outside
    /// is a damaged header or a wrong raw-format option, not a real recording.
    static let readableSampleRates = 1_000...384_000
    /// Channel counts a reader accepts; the preprocessor downmixes whatever comes in.
    static let readableChannelCounts = 1...8

    /// Checks that the format describes audio a reader can deliver.
    /// - Parameter origin: Where the format came from, for the message: "the WAV header", "the raw format".
    /// - Throws: ``DictationError/invalidAudio(_:)`` naming the bad field.
    func validateReadable(origin: String) throws(DictationError) {
        guard Self.readableChannelCounts.contains(channelCount) else {
            if channelCount <= 0 {
                throw .invalidAudio("\(origin) says \(channelCount) channels")
            }
            throw .invalidAudio(
                "\(origin) says \(channelCount) channels; I can read at most "
                    + "\(Self.readableChannelCounts.upperBound)")
        }
        guard Self.readableSampleRates.contains(sampleRate) else {
            throw .invalidAudio(
                "\(origin) says the sample rate is \(sampleRate) Hz, outside the "
                    + "\(Self.readableSampleRates.lowerBound)...\(Self.readableSampleRates.upperBound) Hz I can read")
        }
    }
}
