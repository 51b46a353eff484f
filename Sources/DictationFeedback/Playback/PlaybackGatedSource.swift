import DictationKit

/// A live source whose audio is silenced while the computer makes a sound (a cue, read-back):
/// the microphone hears the loudspeaker, and what it hears then is not the user's speech. Made by
/// ``AudioFeedback/gating(_:)``.
///
/// The samples captured inside an interval of the ``PlaybackTimeline`` become zeros before the
/// session, its recording or its detector see them: the sounds are never recorded, never heard as
/// speech, and keep their place in the stream. Audio without a capture time (a file) passes as
/// it is.
struct PlaybackGatedSource: AudioSource {
    let source: any AudioSource
    let timeline: PlaybackTimeline

    func open() throws(DictationError) -> any AudioReader {
        PlaybackGatedReader(reader: try source.open(), timeline: timeline)
    }

    func checkAccess() -> PermissionStatus { source.checkAccess() }
}

/// Reads the wrapped reader and silences what was captured while a sound played.
final class PlaybackGatedReader: AudioReader, AudioLossReporting {
    private let reader: any AudioReader
    private let timeline: PlaybackTimeline

    init(reader: any AudioReader, timeline: PlaybackTimeline) {
        self.reader = reader
        self.timeline = timeline
    }

    var format: AudioFormat { reader.format }
    var expectedDuration: Double? { reader.expectedDuration }
    var isLive: Bool { reader.isLive }

    func read(maxFrames: Int) throws(DictationError) -> AudioFrame? {
        guard var frame = try reader.read(maxFrames: maxFrames) else { return nil }
        guard let start = frame.captureTime, frame.frameCount > 0, frame.sampleRate > 0 else { return frame }
        let rate = Double(frame.sampleRate)
        let end = start + .seconds(Double(frame.frameCount) / rate)
        for interval in timeline.intervals(overlapping: start..<end) {
            let first = max(0, Int(((interval.lowerBound - start) / .seconds(1) * rate).rounded(.down)))
            let last = min(frame.frameCount, Int(((interval.upperBound - start) / .seconds(1) * rate).rounded(.up)))
            guard first < last else { continue }
            let channels = frame.channelCount
            frame.samples.replaceSubrange(
                first * channels..<last * channels, with: repeatElement(0, count: (last - first) * channels))
        }
        return frame
    }

    func interrupt() { reader.interrupt() }

    func takeEvents() -> [DictationEvent] { reader.takeEvents() }

    func takeAudioLosses() -> [AudioLoss] {
        (reader as? any AudioLossReporting)?.takeAudioLosses() ?? []
    }

    func close() { reader.close() }
}
