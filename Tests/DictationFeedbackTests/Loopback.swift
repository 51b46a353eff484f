import DictationTestSupport
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The room between a test's loudspeaker and its microphone: every sound the ``TestSpeaker``
/// plays is said into the ``TestMicrophone``'s live feed as soon as its file is closed (inotify's
/// `IN_CLOSE_WRITE`: the player writes a sound at once and closes the device), as loud as it was
/// played, resampled to the microphone's 16 kHz: what a laptop's microphone hears of its own
/// speaker, a little later than a room would (the live feed runs up to 0.1 s ahead of the
/// device). Records when each sound appeared, for the order of sounds and events.
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
        let shared = self.shared
        let watch = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        _ = inotify_add_watch(watch, speaker.directory.path, UInt32(IN_CLOSE_WRITE))
        // The live feed's queue (`say`) takes speech from any thread under its own lock.
        nonisolated(unsafe) let microphone = microphone
        Thread.detachNewThread {
            var closed = Set<String>()
            var taken = Set<String>()
            var buffer = [UInt8](repeating: 0, count: 4_096)
            while shared.running.load(ordering: .relaxed) {
                var descriptor = pollfd(fd: watch, events: Int16(POLLIN), revents: 0)
                _ = poll(&descriptor, 1, 20)
                while true {
                    let count = read(watch, &buffer, buffer.count)
                    guard count > 0 else { break }
                    closed.formUnion(Self.names(in: buffer.prefix(count)))
                }
                // In the order they were played, each once it is closed.
                for file in speaker.playedFiles where !taken.contains(file.lastPathComponent) {
                    guard closed.contains(file.lastPathComponent) else { break }
                    taken.insert(file.lastPathComponent)
                    let samples = TestSpeaker.samples(of: file)
                    let heard = Heard(samples: samples, sampleRate: sampleRate, appeared: .now)
                    shared.heard.withLock { $0.append(heard) }
                    try? microphone?.say(Self.resample(samples, from: sampleRate, to: 16_000), waiting: false)
                }
            }
            close(watch)
            shared.stopped.signal()
        }
    }

    /// The sounds heard so far, in order.
    var sounds: [Heard] { shared.heard.withLock { $0 } }

    func stop() {
        if shared.running.exchange(false, ordering: .relaxed) { shared.stopped.wait() }
    }

    deinit { stop() }

    /// The file names of the `inotify_event`s in `bytes`: each is a descriptor, a mask and a
    /// cookie (4 bytes each), the name's length (4), then the name, padded with NULs.
    private static func names(in bytes: ArraySlice<UInt8>) -> [String] {
        var names: [String] = []
        var offset = bytes.startIndex
        while offset + 16 <= bytes.endIndex {
            let length = bytes[offset + 12..<offset + 16].reversed().reduce(0) { $0 << 8 | Int($1) }
            let name = bytes[offset + 16..<min(bytes.endIndex, offset + 16 + length)].prefix { $0 != 0 }
            names.append(String(decoding: name, as: UTF8.self))
            offset += 16 + length
        }
        return names
    }

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
