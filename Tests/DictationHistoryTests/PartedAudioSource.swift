import DictationKit

/// Mono 16 kHz audio that comes in parts, like a recording still being made: the first part can
/// be read at once, each later one once the test lets it (``release(upTo:)``); reads wait for it.
/// It is not live, so nothing is dropped or skipped for being late, and it ends after its last part.
final class PartedAudioSource: AudioSource {
    static let sampleRate = 16_000
    private let parts: [[Float]]
    /// How many parts may be read; whether the session stopped waiting for more.
    private let released = WaitableState((count: 1, interrupted: false))

    init(parts: [[Float]]) { self.parts = parts }

    /// Lets the parts up to `part` (counted from 0) be read.
    func release(upTo part: Int) {
        released.withLock { $0.count = max($0.count, min(part + 1, parts.count)) }
    }

    func open() throws(DictationError) -> any AudioReader { Reader(parts: parts, released: released) }

    private final class Reader: AudioReader {
        let format = AudioFormat(sampleRate: PartedAudioSource.sampleRate, channelCount: 1, encoding: .float32)
        private let parts: [[Float]]
        private let released: WaitableState<(count: Int, interrupted: Bool)>
        private var part = 0
        private var offset = 0
        private var time = 0.0

        init(parts: [[Float]], released: WaitableState<(count: Int, interrupted: Bool)>) {
            self.parts = parts
            self.released = released
        }

        func read(maxFrames: Int) throws(DictationError) -> AudioFrame? {
            while part < parts.count {
                let part = self.part
                released.wait(until: { $0.count > part || $0.interrupted })
                guard released.read({ $0.count > part }) else { return nil }
                let samples = Array(parts[part][offset..<min(offset + maxFrames, parts[part].count)])
                offset += samples.count
                if offset >= parts[part].count {
                    self.part += 1
                    offset = 0
                }
                guard !samples.isEmpty else { continue }
                defer { time += Double(samples.count) / Double(PartedAudioSource.sampleRate) }
                return AudioFrame(samples: samples, sampleRate: PartedAudioSource.sampleRate, channelCount: 1, startTime: time)
            }
            return nil
        }

        func interrupt() { released.withLock { $0.interrupted = true } }

        func takeEvents() -> [DictationEvent] { [] }
    }
}
