/// One episode in which a live source lost audio, as the source counted it: from its first loss
/// until its reader caught up again, or until capture ended.
///
/// The source says how much it dropped and how often its device overran, not what the audio was:
/// whether any of it was speech is the session's to say, by its voice activity detector's verdict
/// on the audio around each gap (see ``AudioLossReporting``). Dropped audio keeps its place in the
/// stream, so the session sees each gap as a jump in ``AudioFrame/startTime``.
package struct AudioLoss: Equatable, Sendable {
    /// Frames the source dropped in the episode, at its reader's sample rate: the sum of the gaps
    /// its reader left in the stream for it.
    package var droppedFrames: Int
    /// Overruns (or suspends) the device recovered from; each lost an unknown moment of audio
    /// before it reached the source, which leaves no gap.
    package var deviceOverruns: Int
    /// The device, for the warning.
    package var device: String

    /// - Parameters:
    ///   - droppedFrames: Frames dropped in the episode.
    ///   - deviceOverruns: Overruns the device recovered from in the episode.
    ///   - device: The device name.
    package init(droppedFrames: Int, deviceOverruns: Int, device: String) {
        self.droppedFrames = droppedFrames
        self.deviceOverruns = deviceOverruns
        self.device = device
    }
}
