import DictationKit
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The dedicated thread that opens a live device, reads it one period at a time and pushes what
/// it captures into a ``CaptureChannel``, until the session stops or the device fails.
///
/// Blocking device calls never run on the cooperative thread pool: this thread owns the device
/// from open to close, so the device needs no locking and no `Sendable` conformance.
enum CaptureThread {
    /// Longest single wait for the device; the stall check runs at least this often.
    static let pollTimeoutMilliseconds: Int32 = 500
    /// How long a device may deliver nothing before it counts as gone. A running capture device
    /// delivers a period every few milliseconds; ALSA itself gives up on a silent one after 10 s.
    static let defaultStallLimit: Duration = .seconds(5)

    /// Starts the thread; the caller then waits with ``CaptureChannel/waitForSetup()``.
    /// - Parameters:
    ///   - channel: Where captured audio, faults and the setup outcome go.
    ///   - bufferSeconds: How much audio may wait for the reader before the queue sheds some,
    ///     the quietest first (see ``CaptureQueue``).
    ///   - stallLimit: How long the device may deliver nothing before it counts as disconnected.
    ///   - makeDevice: Opens the device; called on the new thread, which then owns it.
    static func start(
        channel: CaptureChannel, bufferSeconds: Double, stallLimit: Duration = defaultStallLimit,
        makeDevice: @escaping @Sendable () throws(DictationError) -> any CaptureDevice
    ) {
        do {
            try DedicatedThread.start(name: "DictationKit.capture") {
                run(channel: channel, bufferSeconds: bufferSeconds, stallLimit: stallLimit, makeDevice: makeDevice)
            }
        } catch {
            // No thread, no device: the reader's waitForSetup() gets the reason.
            channel.reportSetup(.failure(error), bufferSeconds: bufferSeconds)
            channel.captureEnded()
        }
    }

    private static func run(
        channel: CaptureChannel, bufferSeconds: Double, stallLimit: Duration,
        makeDevice: () throws(DictationError) -> any CaptureDevice
    ) {
        // Whatever happens, the thread's end is announced only after the device is released, so
        // close() returning means the device is closed.
        defer { channel.captureEnded() }
        let device: any CaptureDevice
        do {
            device = try makeDevice()
        } catch {
            channel.reportSetup(.failure(error), bufferSeconds: bufferSeconds)
            return
        }
        defer { device.close() }
        let setup = CaptureSetup(format: device.format, periodFrames: max(device.periodFrames, 1))
        let loudness = CaptureLoudness(format: setup.format)
        channel.reportSetup(.success(setup), bufferSeconds: bufferSeconds, margins: loudness.margins)
        capture(from: device, setup: setup, loudness: loudness, into: channel, stallLimit: stallLimit)
    }

    private static func capture(
        from device: any CaptureDevice, setup: CaptureSetup, loudness: CaptureLoudness, into channel: CaptureChannel,
        stallLimit: Duration
    ) {
        var loudness = loudness
        let format = setup.format
        let bytesPerFrame = format.bytesPerFrame
        let buffer = UnsafeMutableRawBufferPointer.allocate(
            byteCount: setup.periodFrames * bytesPerFrame, alignment: 16)
        defer { buffer.deallocate() }
        let interruption = channel.interruption
        var lastAudio = ContinuousClock.now
        var readyButEmpty = 0

        while !interruption.isInterrupted {
            // Zeroed, so a plugin that fills less than it reports (ALSA's file plugin past the end
            // of its input) gives silence rather than the previous period over again.
            buffer.initializeMemory(as: UInt8.self, repeating: 0)
            let result = device.read(into: buffer, frames: setup.periodFrames)
            if result > 0 {
                let frames = min(result, setup.periodFrames)
                let now = ContinuousClock.now
                lastAudio = now
                readyButEmpty = 0
                let bytes = UnsafeRawBufferPointer(rebasing: buffer[0..<frames * bytesPerFrame])
                let samples = SampleDecoder.decode(bytes, encoding: format.encoding)
                // The read completes when the period's last frame is in; its first came a period earlier.
                let duration = Duration.seconds(Double(frames) / Double(format.sampleRate))
                // Ranked here, once per period as it arrives, so a queue that must shed audio
                // knows what is quiet without looking at it again under its lock.
                channel.push(samples, isLoud: loudness.isLoud(samples), captureTime: now - duration)
                continue
            }
            if result == 0 || result == -Int(EAGAIN) {
                let outcome = device.waitForAudio(timeoutMilliseconds: pollTimeoutMilliseconds, interruption: interruption)
                if outcome == .interrupted { return }
                if outcome == .ready {
                    // A device that keeps saying "ready" but has nothing must not spin a core.
                    readyButEmpty += 1
                    if readyButEmpty > 100 {
                        _ = interruption.sleep(until: .now + .milliseconds(5))
                    }
                }
                // Either way, a device that has delivered nothing for this long is gone.
                if ContinuousClock.now - lastAudio >= stallLimit {
                    channel.fail(ALSAError.stalled(device: device.name, after: stallLimit))
                    return
                }
                continue
            }
            let code = -result
            if code == Int(EPIPE) || code == Int(ESTRPIPE) || code == Int(EINTR) {
                let recovered = device.recover(from: result)
                if recovered >= 0 {
                    // A signal loses nothing; an overrun or a suspend loses audio, which is reported.
                    if code != Int(EINTR) { channel.noteOverrun() }
                    // The device was just restarted (perhaps after hours of suspend): give it a
                    // whole stall limit to deliver again.
                    lastAudio = .now
                    continue
                }
                channel.fail(ALSAError.streamFailure(recovered, device: device.name))
                return
            }
            channel.fail(ALSAError.streamFailure(result, device: device.name))
            return
        }
    }
}
