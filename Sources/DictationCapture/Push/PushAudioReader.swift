import DictationKit

/// One session's view of a ``PushAudioSource``.
final class PushAudioReader: AudioReader {
    let format: AudioFormat
    let isLive = true

    /// `let` and `Sendable`, so ``interrupt()`` may use it from another thread.
    private let source: PushAudioSource
    private let id: UInt64
    private var framesDelivered = 0
    private var isClosed = false

    init(source: PushAudioSource, id: UInt64) {
        self.source = source
        self.id = id
        self.format = source.format
    }

    /// A reader dropped without ``close()`` must not keep the source busy forever.
    deinit { source.close(reader: id) }

    func read(maxFrames: Int) throws(DictationError) -> AudioFrame? {
        let limit = min(max(maxFrames, 1), SoundFileReader.maximumFramesPerRead)
        switch source.take(maxFrames: limit, reader: id) {
        case .samples(let samples):
            let channels = max(format.channelCount, 1)
            let startTime = Double(framesDelivered) / Double(format.sampleRate)
            framesDelivered += samples.count / channels
            return AudioFrame(
                samples: samples, sampleRate: format.sampleRate, channelCount: format.channelCount,
                startTime: startTime)
        case .end:
            return nil
        }
    }

    func interrupt() {
        source.interrupt(reader: id)
    }

    /// Nothing: the app's buffers come as they were appended.
    func takeEvents() -> [DictationEvent] { [] }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        source.close(reader: id)
    }
}
