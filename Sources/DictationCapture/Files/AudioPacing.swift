/// How fast a file or stream source hands out its audio.
///
/// A file can be read far faster than it plays. That is what batch transcription wants, but an app
/// (or a test) that wants a file to behave like a microphone, with partials arriving as the words
/// are spoken, asks for ``realTime``.
public enum AudioPacing: Sendable, Hashable, CaseIterable {
    /// Every read returns as soon as the bytes are read.
    case unpaced
    /// A read does not return audio before the wall-clock moment, counted from the first read,
    /// at which that audio would have finished playing.
    case realTime
}

/// Holds a reader back to real time when its pacing asks for it.
struct AudioPacer {
    private let pacing: AudioPacing
    private let sampleRate: Int
    private var start: ContinuousClock.Instant?

    /// - Parameters:
    ///   - pacing: Whether to wait at all.
    ///   - sampleRate: Frames per second, to turn a frame count into a playing time.
    init(pacing: AudioPacing, sampleRate: Int) {
        self.pacing = pacing
        self.sampleRate = sampleRate
    }

    /// Whether reads are held back to real time.
    var isRealTime: Bool { pacing == .realTime }

    /// Marks the start of playback; called at the beginning of every read, only the first counts.
    mutating func beginRead() {
        if pacing == .realTime, start == nil { start = .now }
    }

    /// Waits until `framesDelivered` frames would have finished playing.
    /// - Parameters:
    ///   - framesDelivered: Frames handed out so far, including the ones about to be returned.
    ///   - interruption: Cuts the wait short when the session stops.
    /// - Returns: `false` when the wait was interrupted.
    func wait(untilPlayed framesDelivered: Int, interruption: ReadInterruption) -> Bool {
        guard pacing == .realTime, let start, sampleRate > 0 else { return true }
        let seconds = Double(framesDelivered) / Double(sampleRate)
        return interruption.sleep(until: start + .seconds(seconds))
    }
}
