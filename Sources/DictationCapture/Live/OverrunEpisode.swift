/// One stretch of time in which live capture lost audio: from the first frame the queue had to
/// drop, or the first device overrun, until the reader caught up again or capture ended.
///
/// A reader that has fallen behind stays behind for a while, and a device that overruns once
/// tends to do it again; each loss reported on its own would be one warning per buffer. So the
/// losses are added up here and reported once, as one `AudioLoss` the session turns into its
/// `captureOverrun` warning, having judged with its own voice activity detector how much of what
/// went was speech.
struct OverrunEpisode: Equatable, Sendable {
    /// Frames the queue dropped because the reader was more than its capacity behind.
    var droppedFrames = 0
    /// Overruns (or suspends) the device recovered from; each lost an unknown moment of audio
    /// before it reached the queue.
    var deviceOverruns = 0
}
