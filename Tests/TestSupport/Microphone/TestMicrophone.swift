import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A microphone with no sound card: an ALSA configuration of its own (the system's, plus
/// ``device``, a `file` plugin PCM over `null`) whose `infile` is a FIFO the test writes audio
/// into, so the real libasound capture path carries it: in this process (an `ALSACaptureSource`
/// on ``configuration``) or in `dictate` (``alsaEnvironment``).
///
/// The FIFO is opened read-write before the device is, so that neither side blocks in open();
/// the plugin is not paced, so audio is taken as fast as it is written. While the writer is open
/// and the FIFO empty, a read of the device waits; after ``closeWriter()`` the plugin delivers
/// silence without end.
///
/// Audio goes in one of four ways: ``play(_:)`` writes it at once and returns once the device
/// has read it; ``keepPlayingSilence()``, ``keepPlaying(_:speed:)`` and ``startLiveFeed()``
/// play at real time on a thread of their own (``RealTimePacer``: a sound card's pace, the one
/// kind of sleep these tests keep), until ``closeWriter()``.
package final class TestMicrophone {
    /// The device name `dictate` is given (each microphone has a configuration of its own).
    package static let device = "dk_test_mic"

    /// This microphone's device name.
    package let device: String
    /// The folder of its FIFO and configuration, removed with it.
    package let directory: URL
    /// Its ALSA configuration: `ALSA_CONFIG_PATH`, or a capture source's configuration file.
    package let configuration: URL
    /// The FIFO the device reads.
    package let fifo: URL
    private var writer: Int32 = -1
    private let feed = Feed()

    /// - Parameter device: The PCM's name; unique names keep microphones of tests running at once
    ///   in one process apart.
    package init(device: String = TestMicrophone.device) throws {
        self.device = device
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("dictation-mic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        fifo = directory.appendingPathComponent("mic.fifo")
        configuration = directory.appendingPathComponent("asound.conf")
        try #require(mkfifo(fifo.path, 0o600) == 0, "mkfifo failed")
        try ALSATestConfiguration.requireSystemConfiguration()
        try ALSATestConfiguration.text([ALSATestPCM(name: device, infile: fifo.path)])
            .write(to: configuration, atomically: true, encoding: .utf8)
        writer = open(fifo.path, O_RDWR | O_CLOEXEC)
        try #require(writer >= 0, "opening the FIFO failed")
    }

    deinit {
        closeWriter()
        try? FileManager.default.removeItem(at: directory)
    }

    /// What a process needs in its environment to see the device.
    package var alsaEnvironment: [String: String] { ["ALSA_CONFIG_PATH": configuration.path] }

    /// How many descriptors of this process refer to the FIFO: a capture source in this process
    /// holds one while its device is open.
    package var openCount: Int { OpenFiles.count(of: fifo.path) }

    // MARK: - Audio at once

    /// Writes 16 kHz mono 16-bit samples, in whole 20 ms periods as a sound card would deliver them,
    /// and returns once the device has read them all.
    ///
    /// They go into the FIFO in one write, after it has been made big enough to hold them all,
    /// so the device never finds part of a period there. alsa-lib's `file` plugin reads its
    /// `infile` once per period and leaves whatever a short read did not fill as the `null`
    /// slave's silence, still counted as captured: a writer that falls behind the reader would
    /// punch gaps of digital zeros into the speech, which no sound card does (they made the
    /// recognizer hear "go forward ten meters stuff").
    ///
    /// Returning once the device has read them means that what the test does next, such as
    /// pressing Ctrl-C, happens after the capture took the audio in, however slowly a loaded
    /// machine started the process that reads it.
    /// - Throws: ``WaitTimedOut`` when the device does not read them (nobody opened it).
    package func play(_ samples: [Int16]) throws {
        var padded = samples
        if padded.count % 320 != 0 { padded += [Int16](repeating: 0, count: 320 - padded.count % 320) }
        let descriptor = writer
        padded.withUnsafeBytes { bytes in
            Self.makeRoom(descriptor, for: bytes.count)
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                let written = write(descriptor, base + offset, bytes.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
        try waitUntil("the test microphone's device has read the \(samples.count) samples played") {
            unreadBytes() == 0
        }
    }

    /// ``play(_:)`` with digital silence.
    package func playSilence(seconds: Double) throws {
        try play([Int16](repeating: 0, count: Int(seconds * 16_000)))
    }

    // MARK: - Audio at real time

    /// Plays silence at real time, 20 ms at a time, until ``closeWriter()``: a microphone in a quiet
    /// room. Unlike a closed writer (after which the device floods silence faster than real time),
    /// this never overflows the capture buffer, and every read returns, so a session that ends by
    /// itself can stop the capture.
    package func keepPlayingSilence() {
        keepPlaying([])
    }

    /// Plays `samples` paced like a sound card, `speed` times real time, 20 ms at a time, then
    /// silence as ``keepPlayingSilence()`` does, until ``closeWriter()``.
    package func keepPlaying(_ samples: [Int16], speed: Double = 1) {
        feed.running.store(true, ordering: .sequentiallyConsistent)
        let descriptor = writer
        let feed = self.feed
        Thread.detachNewThread {
            let pacer = RealTimePacer(unitsPerSecond: 16_000, speed: speed)
            var position = 0
            while feed.running.load(ordering: .sequentiallyConsistent) {
                var period = [Int16](repeating: 0, count: 320)
                if position < samples.count {
                    let chunk = samples[position..<min(samples.count, position + 320)]
                    period.replaceSubrange(0..<chunk.count, with: chunk)
                }
                position += 320
                period.withUnsafeBytes { Self.writeIfRoom(descriptor, $0) }
                pacer.waitUntilPlayed(position)
            }
            feed.stopped.signal()
        }
    }

    /// Plays like a sound card that is always on, whether or not the device is open: silence,
    /// and what ``say(_:waiting:)`` queues, in 20 ms periods at real time, never more than 0.1 s
    /// ahead of the reader. So a device that is closed and opened again (a suspended `dictate
    /// type`) finds no backlog, and speech is never dropped: it waits for the reader. Until
    /// ``closeWriter()``.
    package func startLiveFeed() {
        feed.running.store(true, ordering: .sequentiallyConsistent)
        let descriptor = writer
        let feed = self.feed
        Thread.detachNewThread {
            let pacer = RealTimePacer(unitsPerSecond: 50)
            var periods = 0
            while feed.running.load(ordering: .sequentiallyConsistent) {
                var unread: Int32 = 0
                if ioctl(descriptor, UInt(FIONREAD), &unread) == 0, unread < 3_200 {
                    let period = feed.nextPeriod()
                    period.withUnsafeBytes { Self.writeIfRoom(descriptor, $0) }
                    feed.wrote()
                }
                periods += 1
                pacer.waitUntilPlayed(periods)
            }
            feed.stopped.signal()
        }
    }

    /// Queues speech on the live feed (``startLiveFeed()``) and, when `waiting`, returns once the
    /// device has read it.
    /// - Throws: ``WaitTimedOut`` when the device does not read it.
    package func say(_ samples: [Int16], waiting: Bool = true) throws {
        let queued = feed.queue(samples)
        if waiting { try waitUntilSaid(queued) }
    }

    /// Waits until the live feed has written the first `count` samples ever queued with
    /// ``say(_:waiting:)`` and the device has read them (all but the period after them, at most).
    /// - Throws: ``WaitTimedOut`` when the device does not read them.
    package func waitUntilSaid(_ count: Int) throws {
        try waitUntil("the test microphone's device has read \(count) samples of queued speech") {
            feed.spokenSamples >= count && unreadBytes() <= 640
        }
    }

    /// Ends the audio: from now on the device delivers silence (and a reader blocked on the FIFO returns).
    package func closeWriter() {
        if feed.running.exchange(false, ordering: .sequentiallyConsistent) { feed.stopped.wait() }
        if writer >= 0 { close(writer) }
        writer = -1
    }

    // MARK: - The FIFO

    /// The bytes written to the FIFO that the device has not read yet.
    private func unreadBytes() -> Int32 {
        var unread: Int32 = 0
        guard writer >= 0, ioctl(writer, UInt(FIONREAD), &unread) == 0 else { return 0 }
        return unread
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

    /// Writes one period unless the FIFO stays full for 50 ms. The test holds the FIFO open for
    /// reading itself, so once the reader has gone nobody drains it and a plain write would block
    /// the feeder (and ``closeWriter()``, which waits for it) forever.
    private static func writeIfRoom(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) {
        var waiting = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        // A period is under PIPE_BUF, so once poll says there is room the write does not block.
        guard poll(&waiting, 1, 50) > 0 else { return }
        _ = write(descriptor, bytes.baseAddress, bytes.count)
    }
}

/// Between the test and its feeder thread: when to stop and that it has, and the speech queued
/// for the live feed.
private final class Feed: Sendable {
    let running = Atomic<Bool>(false)
    let stopped = DispatchSemaphore(value: 0)
    /// Speech queued for the live feed and not written yet, how many samples of it the period
    /// being written holds, how many were written so far and how many were ever queued.
    private let speech = Mutex((samples: [Int16](), writing: 0, written: 0, queued: 0))

    /// Queues speech.
    /// - Returns: How many samples were ever queued, these included.
    func queue(_ samples: [Int16]) -> Int {
        speech.withLock {
            $0.samples += samples
            $0.queued += samples.count
            return $0.queued
        }
    }

    /// Samples of queued speech written into the FIFO so far.
    var spokenSamples: Int { speech.withLock { $0.written } }

    /// The next period: queued speech, else silence.
    func nextPeriod() -> [Int16] {
        speech.withLock { state in
            var period = [Int16](repeating: 0, count: 320)
            let count = min(320, state.samples.count)
            period.replaceSubrange(0..<count, with: state.samples.prefix(count))
            state.samples.removeFirst(count)
            state.writing = count
            return period
        }
    }

    func wrote() {
        speech.withLock { state in
            state.written += state.writing
            state.writing = 0
        }
    }
}
