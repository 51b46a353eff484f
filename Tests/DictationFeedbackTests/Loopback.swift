import DictationTestSupport
import Foundation
import Synchronization

/// The room between a test's loudspeaker and its microphone: every sound the ``TestSpeaker``
/// plays is said into the ``TestMicrophone``'s live feed as it appears, as loud as it was played,
/// resampled to the microphone's 16 kHz: what a laptop's microphone hears of its own speaker.
/// Records when each sound appeared, for the order of sounds and events.
final class Loopback: Sendable {
    /// A sound as it appeared.
    struct Heard: Sendable {
        var samples: [Int16]
        var sampleRate: Int
        var appeared: ContinuousClock.Instant
    }

    /// What the listening thread shares with the test.
    private final class Shared: Sendable {
        let heard = Mutex<[Heard]>([])
        let running = Atomic<Bool>(true)
        let stopped = DispatchSemaphore(value: 0)
    }

    private let shared = Shared()

    /// Starts listening to `speaker`, echoing into `microphone` (its live feed started) when one is given.
    init(speaker: TestSpeaker, microphone: TestMicrophone?, sampleRate: Int = 22_050) {
        // The live feed's queue (`say`) takes speech from any thread under its own lock.
        nonisolated(unsafe) let microphone = microphone
        let shared = self.shared
        Thread.detachNewThread {
            var seen: [String: (size: Int, since: ContinuousClock.Instant)] = [:]
            var taken = Set<String>()
            while shared.running.load(ordering: .relaxed) {
                // A sound is whole once its file stops growing for 40 ms (the plugin writes it at once).
                for file in speaker.playedFiles where !taken.contains(file.lastPathComponent) {
                    let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
                    let name = file.lastPathComponent
                    if let known = seen[name], known.size == size, ContinuousClock.now - known.since > .milliseconds(40) {
                        taken.insert(name)
                        let samples = TestSpeaker.samples(of: file)
                        shared.heard.withLock {
                            $0.append(Heard(samples: samples, sampleRate: sampleRate, appeared: known.since))
                        }
                        try? microphone?.say(Self.resample(samples, from: sampleRate, to: 16_000), waiting: false)
                    } else if seen[name]?.size != size {
                        seen[name] = (size, ContinuousClock.now)
                    }
                }
                Thread.sleep(forTimeInterval: 0.005)
            }
            shared.stopped.signal()
        }
    }

    /// The sounds heard so far, in order.
    var sounds: [Heard] { shared.heard.withLock { $0 } }

    func stop() {
        if shared.running.exchange(false, ordering: .relaxed) { shared.stopped.wait() }
    }

    deinit { stop() }

    /// Linear interpolation: enough for an echo.
    static func resample(_ samples: [Int16], from input: Int, to output: Int) -> [Int16] {
        guard !samples.isEmpty else { return [] }
        let count = samples.count * output / input
        return (0..<count).map { index in
            let position = Double(index) * Double(input) / Double(output)
            let base = min(Int(position), samples.count - 1)
            let next = min(base + 1, samples.count - 1)
            let fraction = position - Double(base)
            return Int16((Double(samples[base]) * (1 - fraction) + Double(samples[next]) * fraction).rounded())
        }
    }
}
