import DictationKit
import Synchronization

/// An audio source that plays samples held in memory, for tests of code built on DictationKit.
///
/// It can end like a file, or stay open like a microphone that hears nothing more until the
/// session stops it, and it can fail after its audio to test that nothing read before a fault
/// is lost. It records whether the session closed it.
public final class InMemoryAudioSource: AudioSource {
    /// What happens once every sample has been read.
    public enum Ending: Sendable {
        /// The audio ends, like a file.
        case endOfAudio
        /// Reads block until the session interrupts them, like a live microphone.
        case staysOpen
        /// Silence follows until the session interrupts, like a microphone in a quiet room (paced
        /// when the source has a speed).
        case silence
        /// The read after the last sample throws this error, like a device that vanished.
        case fails(DictationError)
    }

    private let samples: [Float]
    private let format: AudioFormat
    private let ending: Ending
    private let speed: Double?
    private let state = Mutex(ReaderState())

    private struct ReaderState {
        var openCount = 0
        var closeCount = 0
    }

    /// Creates a source.
    /// - Parameters:
    ///   - samples: Interleaved samples in -1...1.
    ///   - sampleRate: Samples per second per channel.
    ///   - channelCount: Interleaved channels.
    ///   - ending: What happens after the last sample.
    ///   - speed: When given, the source plays like a live microphone at this many times real
    ///     time (1 for real time): a read waits until its audio would have been heard, and the
    ///     reader is `AudioReader.isLive`. `nil` (the default): reads return at once, like a file.
    public init(
        samples: [Float], sampleRate: Int = 16_000, channelCount: Int = 1, ending: Ending = .endOfAudio,
        speed: Double? = nil
    ) {
        self.samples = samples
        self.format = AudioFormat(sampleRate: sampleRate, channelCount: channelCount, encoding: .float32)
        self.ending = ending
        self.speed = speed.map { max($0, 1e-3) }
    }

    /// How many times a session opened this source.
    public var openCount: Int { state.withLock { $0.openCount } }

    /// How many times a session closed this source; equal to ``openCount`` once every session released it.
    public var closeCount: Int { state.withLock { $0.closeCount } }

    /// Opens a reader over the samples.
    /// - Returns: A reader positioned at the first sample.
    public func open() throws(DictationError) -> any AudioReader {
        state.withLock { $0.openCount += 1 }
        return Reader(source: self)
    }

    private final class Reader: AudioReader {
        let source: InMemoryAudioSource
        var position = 0
        /// Frames of silence played after the samples (``Ending/silence``).
        var silentFrames = 0
        /// Whether the session interrupted reads; blocked and pacing reads wait on it.
        let interrupted = WaitableState(false)

        init(source: InMemoryAudioSource) { self.source = source }

        var format: AudioFormat { source.format }
        var isLive: Bool { source.speed != nil }
        /// When the first read was made, for a source that plays at a speed.
        var playbackStart: ContinuousClock.Instant?

        var expectedDuration: Double? {
            guard case .endOfAudio = source.ending else { return nil }
            return Double(source.samples.count / source.format.channelCount) / Double(source.format.sampleRate)
        }

        func read(maxFrames: Int) throws(DictationError) -> AudioFrame? {
            let channels = source.format.channelCount
            // Like a file, the rest of the samples are not "captured" yet: a stopped session ends here.
            if interrupted.read({ $0 }) { return nil }
            if position < source.samples.count {
                let end = min(source.samples.count, position + maxFrames * channels)
                let frame = AudioFrame(
                    samples: Array(source.samples[position..<end]), sampleRate: source.format.sampleRate,
                    channelCount: channels, startTime: Double(position / channels) / Double(source.format.sampleRate))
                position = end
                waitUntilHeard(framesUpTo: end / channels)
                return frame
            }
            switch source.ending {
            case .endOfAudio:
                return nil
            case .fails(let error):
                throw error
            case .staysOpen:
                interrupted.wait(until: { $0 })
                return nil
            case .silence:
                let frames = max(1, maxFrames)
                silentFrames += frames
                let played = source.samples.count / channels + silentFrames
                waitUntilHeard(framesUpTo: played)
                return AudioFrame(
                    samples: [Float](repeating: 0, count: frames * channels), sampleRate: source.format.sampleRate,
                    channelCount: channels,
                    startTime: Double(played - frames) / Double(source.format.sampleRate))
            }
        }

        /// Holds a paced read back until its last frame would have been heard.
        private func waitUntilHeard(framesUpTo frames: Int) {
            guard let speed = source.speed else { return }
            let start = playbackStart ?? .now
            playbackStart = start
            let due = start + .seconds(Double(frames) / Double(source.format.sampleRate) / speed)
            interrupted.wait(until: { $0 }, timeout: due - .now)
        }

        func interrupt() {
            interrupted.withLock { $0 = true }
        }

        func takeEvents() -> [DictationEvent] { [] }

        func close() {
            source.state.withLock { $0.closeCount += 1 }
        }
    }
}
