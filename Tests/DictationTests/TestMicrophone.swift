#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import Testing

@testable import DictationCapture

/// A microphone with no sound card: ALSA's `file` plugin over `null`, in an ALSA configuration of
/// its own (the system's plus this PCM), capturing what the test writes into a FIFO through the
/// real libasound capture path, as `DictationCaptureTests` and `DictateCLITests` do.
///
/// The FIFO is opened read-write before the device is, so that neither side blocks in open().
/// ``speak(_:)`` plays audio at real time, then silence, as a microphone in a quiet room would
/// deliver it, until ``unplug()``.
final class TestMicrophone {
    /// The capture source for the device; it reads the test's configuration, not the system's.
    let source: ALSACaptureSource
    /// The FIFO the device reads.
    let fifo: String
    private let directory: URL
    private var writer: Int32
    private let feed = Feed()

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("dictation-mic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        fifo = directory.appendingPathComponent("mic.fifo").path
        try #require(mkfifo(fifo, 0o600) == 0, "mkfifo failed")
        try #require(
            FileManager.default.fileExists(atPath: "/usr/share/alsa/alsa.conf"),
            "ALSA's configuration is missing: apt-get install libasound2-dev")
        let device = "dk_entry_mic_\(UUID().uuidString.prefix(8))"
        let configuration = directory.appendingPathComponent("asound.conf").path
        try """
            </usr/share/alsa/alsa.conf>

            pcm.\(device) {
                type file
                slave.pcm "null"
                file "/dev/null"
                infile "\(fifo)"
                format "raw"
            }

            """.write(toFile: configuration, atomically: true, encoding: .utf8)
        writer = open(fifo, O_RDWR | O_CLOEXEC)
        try #require(writer >= 0, "opening the FIFO failed")
        source = ALSACaptureSource(device: device, configurationFile: configuration)
        ALSACaptureSource.setLibraryMessagesPrinted(false)
    }

    deinit {
        unplug()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Plays 16 kHz mono 16-bit samples at real time, 20 ms at a time, then silence, until
    /// ``unplug()``, on a thread of its own.
    func speak(_ samples: [Int16]) {
        feed.running.store(true, ordering: .sequentiallyConsistent)
        let descriptor = writer
        let feed = self.feed
        Thread.detachNewThread {
            let clock = ContinuousClock()
            let start = clock.now
            var position = 0
            while feed.running.load(ordering: .sequentiallyConsistent) {
                var period = [Int16](repeating: 0, count: 320)
                if position < samples.count {
                    let chunk = samples[position..<min(samples.count, position + 320)]
                    period.replaceSubrange(0..<chunk.count, with: chunk)
                }
                position += 320
                period.withUnsafeBytes { Self.writeIfRoom(descriptor, $0) }
                let due = start + .seconds(Double(position) / 16_000)
                if due > clock.now { Thread.sleep(forTimeInterval: Double((due - clock.now) / .milliseconds(1)) / 1000) }
            }
            feed.stopped.signal()
        }
    }

    /// Stops the audio and closes the FIFO's write end: a read of the device that waits for it
    /// returns (with silence from then on).
    func unplug() {
        if feed.running.exchange(false, ordering: .sequentiallyConsistent) { feed.stopped.wait() }
        if writer >= 0 { close(writer) }
        writer = -1
    }

    /// How many descriptors of this process refer to the FIFO: the device holds one while it is open.
    var openCount: Int {
        let target = URL(fileURLWithPath: fifo).resolvingSymlinksInPath().path
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == target
        }.count
    }

    /// Writes one period unless the FIFO stays full for 50 ms (nobody reads it once the session ended).
    private static func writeIfRoom(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) {
        var waiting = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        // A period is under PIPE_BUF, so once poll says there is room the write does not block.
        guard poll(&waiting, 1, 50) > 0 else { return }
        _ = write(descriptor, bytes.baseAddress, bytes.count)
    }
}

/// Tells the feeding thread when to stop, and it tells when it has.
private final class Feed: Sendable {
    let running = Atomic<Bool>(false)
    let stopped = DispatchSemaphore(value: 0)
}
