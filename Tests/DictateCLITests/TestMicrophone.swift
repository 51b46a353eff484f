import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A capture device for `dictate listen` with no sound card: an ALSA configuration (the system's,
/// plus a `file` plugin PCM over `null`) whose `infile` is a FIFO the test writes audio into, so
/// the real libasound capture path carries it.
///
/// The FIFO is opened read-write before `dictate` starts, so that neither side blocks in open();
/// the plugin is not paced, so audio is taken as fast as it is written. After the writer closes,
/// the plugin delivers silence without end.
final class TestMicrophone {
    static let device = "dk_test_mic"
    let directory: URL
    let configuration: URL
    private let fifo: URL
    private var writer: Int32 = -1
    private let feed = SilenceFeed()

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("dictate-mic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        fifo = directory.appendingPathComponent("mic.fifo")
        configuration = directory.appendingPathComponent("asound.conf")
        try #require(mkfifo(fifo.path, 0o600) == 0, "mkfifo failed")
        try Self.configuration(device: Self.device, reading: fifo.path, description: "DictationKit test capture")
            .write(to: configuration, atomically: true, encoding: .utf8)
        try #require(FileManager.default.fileExists(atPath: "/usr/share/alsa/alsa.conf"), "ALSA's configuration is missing: apt-get install libasound2-dev")
        writer = open(fifo.path, O_RDWR)
        try #require(writer >= 0, "opening the FIFO failed")
    }

    /// An ALSA configuration: the system's, plus `device`, a `file` plugin PCM over `null` that
    /// captures what `path` holds (raw 16 kHz mono 16-bit), then the `null` slave's silence.
    static func configuration(device: String, reading path: String, description: String? = nil) -> String {
        let hint = description.map { "\n    hint {\n        show on\n        description \"\($0)\"\n    }" } ?? ""
        return """
            </usr/share/alsa/alsa.conf>

            pcm.\(device) {
                type file
                slave.pcm "null"
                file "/dev/null"
                infile "\(path)"
                format "raw"\(hint)
            }

            """
    }

    deinit {
        closeWriter()
        try? FileManager.default.removeItem(at: directory)
    }

    /// The environment `dictate` needs to see the test device.
    var environment: [String: String] {
        var environment = DictateProcess.environment
        environment["ALSA_CONFIG_PATH"] = configuration.path
        return environment
    }

    /// Writes 16 kHz mono 16-bit samples, in whole 20 ms periods as a sound card would deliver them.
    ///
    /// They go into the FIFO in one write, after it has been made big enough to hold them all,
    /// so the device never finds part of a period there. alsa-lib's `file` plugin reads its
    /// `infile` once per period and leaves whatever a short read did not fill as the `null`
    /// slave's silence, still counted as captured: a writer that falls behind the reader would
    /// punch gaps of digital zeros into the speech, which no sound card does (they made the
    /// recognizer hear "go forward ten meters stuff").
    ///
    /// Returns once the device has read them all (or after a minute), so that what the test does
    /// next, such as pressing Ctrl-C, happens after `dictate` has heard the audio however slowly
    /// a loaded machine started it.
    func play(_ samples: [Int16]) {
        var padded = samples
        if padded.count % 320 != 0 { padded += [Int16](repeating: 0, count: 320 - padded.count % 320) }
        padded.withUnsafeBytes { bytes in
            Self.makeRoom(writer, for: bytes.count)
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                let written = write(writer, base + offset, bytes.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
        waitUntilRead(timeout: 60)
    }

    /// Waits until no more than `leaving` bytes written are left in the FIFO, polling every 10 ms.
    private func waitUntilRead(timeout: Double, leaving: Int32 = 0) {
        let deadline = Date().addingTimeInterval(timeout)
        var unread: Int32 = 0
        while Date() < deadline, ioctl(writer, UInt(FIONREAD), &unread) == 0, unread > leaving {
            usleep(10_000)
        }
    }

    /// Grows the FIFO's buffer to hold `byteCount` bytes and 64 KiB besides, for what it may already hold (Linux's
    /// `F_SETPIPE_SZ`; up to `/proc/sys/fs/pipe-max-size`, 1 MiB by default, 32 s of audio).
    private static func makeRoom(_ descriptor: Int32, for byteCount: Int) {
        let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ: F_LINUX_SPECIFIC_BASE (1024) + 7
        let getPipeSize: Int32 = 1032
        let current = Int(fcntl(descriptor, getPipeSize))
        let wanted = min(1 << 20, byteCount + 64 * 1024)
        if current < wanted { _ = fcntl(descriptor, setPipeSize, Int32(wanted)) }
    }

    func playSilence(seconds: Double) {
        play([Int16](repeating: 0, count: Int(seconds * 16_000)))
    }

    /// Plays silence at real time, 20 ms at a time, until ``closeWriter()``: a microphone in a quiet
    /// room. Unlike a closed writer (after which the device floods silence faster than real time),
    /// this never overflows the capture buffer, and every read returns, so a session that ends by
    /// itself can stop the capture.
    func keepPlayingSilence() {
        feed.running.store(true, ordering: .sequentiallyConsistent)
        let descriptor = writer
        let feed = self.feed
        Thread.detachNewThread {
            let period = [UInt8](repeating: 0, count: 640)
            while feed.running.load(ordering: .sequentiallyConsistent) {
                period.withUnsafeBytes { Self.writeIfRoom(descriptor, $0) }
                usleep(20_000)
            }
            feed.stopped.signal()
        }
    }

    /// Plays `samples` paced like a sound card, `speed` times real time, 20 ms at a time, then
    /// silence as ``keepPlayingSilence()`` does, until ``closeWriter()``.
    func keepPlaying(_ samples: [Int16], speed: Double = 1) {
        feed.running.store(true, ordering: .sequentiallyConsistent)
        let descriptor = writer
        let feed = self.feed
        Thread.detachNewThread {
            var position = 0
            let clock = ContinuousClock()
            let start = clock.now
            while feed.running.load(ordering: .sequentiallyConsistent) {
                var period = [Int16](repeating: 0, count: 320)
                if position < samples.count {
                    let chunk = samples[position..<min(samples.count, position + 320)]
                    period.replaceSubrange(0..<chunk.count, with: chunk)
                }
                position += 320
                period.withUnsafeBytes { Self.writeIfRoom(descriptor, $0) }
                let due = start + .seconds(Double(position) / 16_000 / speed)
                if due > clock.now { Thread.sleep(forTimeInterval: Double((due - clock.now) / .milliseconds(1)) / 1000) }
            }
            feed.stopped.signal()
        }
    }

    /// Plays like a sound card that is always on, whether or not the device is open: silence,
    /// and what ``say(_:)`` queues, in 20 ms periods at real time, never more than 0.1 s ahead
    /// of the reader. So a device that is closed and opened again (a suspended `dictate type`)
    /// finds no backlog, and speech is never dropped: it waits for the reader. Until ``closeWriter()``.
    func startLiveFeed() {
        feed.running.store(true, ordering: .sequentiallyConsistent)
        let descriptor = writer
        let feed = self.feed
        Thread.detachNewThread {
            while feed.running.load(ordering: .sequentiallyConsistent) {
                var unread: Int32 = 0
                if ioctl(descriptor, UInt(FIONREAD), &unread) == 0, unread < 3_200 {
                    let period = feed.nextPeriod()
                    period.withUnsafeBytes { Self.writeIfRoom(descriptor, $0) }
                    feed.wrote()
                }
                usleep(20_000)
            }
            feed.stopped.signal()
        }
    }

    /// Queues speech on the live feed (``startLiveFeed()``) and returns once the device has read
    /// it (or after a minute), or at once when not `waiting`.
    func say(_ samples: [Int16], waiting: Bool = true) {
        feed.queue(samples)
        guard waiting else { return }
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, feed.hasQueued { usleep(10_000) }
        waitUntilRead(timeout: 5, leaving: 640)
    }

    /// Writes one period unless the FIFO stays full for 50 ms. The test holds the FIFO open for
    /// reading itself, so once `dictate` has ended nobody drains it and a plain write would block
    /// the feeder (and ``closeWriter()``, which waits for it) forever.
    private static func writeIfRoom(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) {
        var waiting = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        // A period is under PIPE_BUF, so once poll says there is room the write does not block.
        guard poll(&waiting, 1, 50) > 0 else { return }
        _ = write(descriptor, bytes.baseAddress, bytes.count)
    }

    /// Ends the audio: from now on the device delivers silence (and a reader blocked on the FIFO returns).
    func closeWriter() {
        if feed.running.exchange(false, ordering: .sequentiallyConsistent) { feed.stopped.wait() }
        if writer >= 0 { close(writer) }
        writer = -1
    }

    static func goForward() throws -> [Int16] {
        let path = "/usr/share/pocketsphinx/test/data/goforward.raw"
        let data = try #require(FileManager.default.contents(atPath: path), "missing \(path): apt-get install pocketsphinx-testdata")
        return data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }
}

/// Tells the silence feeder thread when to stop, and it tells when it has.
private final class SilenceFeed: Sendable {
    let running = Atomic<Bool>(false)
    let stopped = DispatchSemaphore(value: 0)
    /// Speech queued for the live feed, and whether a period of it is still being written.
    private let speech = Mutex((samples: [Int16](), writing: false))

    func queue(_ samples: [Int16]) { speech.withLock { $0.samples += samples } }

    var hasQueued: Bool { speech.withLock { !$0.samples.isEmpty || $0.writing } }

    /// The next period: queued speech, else silence.
    func nextPeriod() -> [Int16] {
        speech.withLock { state in
            var period = [Int16](repeating: 0, count: 320)
            let count = min(320, state.samples.count)
            period.replaceSubrange(0..<count, with: state.samples.prefix(count))
            state.samples.removeFirst(count)
            state.writing = count > 0
            return period
        }
    }

    func wrote() { speech.withLock { $0.writing = false } }
}
