import DictationCapture
import DictationKit
import Foundation
import Synchronization

/// Plays samples into a PushAudioSource at real time, 20 ms at a time, on a thread of its own,
/// and remembers when it started, so that sample n is known to be available at start + n / 16000 s.
final class RealTimeMicrophone: Sendable {
    let source = PushAudioSource(format: AudioFormat(sampleRate: 16_000, channelCount: 1, encoding: .float32))
    private let samples: [Float]
    private let started = Mutex<ContinuousClock.Instant?>(nil)
    private let stopped = Atomic<Bool>(false)
    private let done = DispatchSemaphore(value: 0)

    init(samples: [Float]) { self.samples = samples }

    /// When sample 0 was handed over.
    var startInstant: ContinuousClock.Instant? { started.withLock { $0 } }

    /// The wall-clock moment a time of the audio (seconds from its start) became available.
    func instant(ofAudioTime seconds: Double) -> ContinuousClock.Instant? {
        startInstant.map { $0 + .microseconds(Int64(seconds * 1_000_000)) }
    }

    func start() {
        Thread.detachNewThread { [self] in
            let clock = ContinuousClock()
            let begin = clock.now
            started.withLock { $0 = begin }
            var offset = 0
            var period = 0
            while offset < samples.count, !stopped.load(ordering: .relaxed) {
                let end = min(samples.count, offset + 320)
                // Sample n is available once its whole 20 ms period has been "recorded".
                period += 1
                let due = begin + .milliseconds(20 * period)
                let wait = due - clock.now
                if wait > .zero {
                    Thread.sleep(forTimeInterval: Double(wait.components.attoseconds) / 1e18 + Double(wait.components.seconds))
                }
                source.append(Array(samples[offset..<end]))
                offset = end
            }
            source.finish()
            done.signal()
        }
    }

    /// Stops playing (what was appended stays appended) and waits for the thread.
    func stop() {
        stopped.store(true, ordering: .relaxed)
        done.wait()
    }
}
