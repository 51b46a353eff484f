import Foundation

/// A source that can let go of its device while a session goes on: ``suspend()`` hands over what
/// the device already captured and then closes it; ``resume()`` opens it again. The session keeps
/// its model loaded in between, so dictation resumes at once, and the microphone is free (its
/// indicator off) while suspended.
///
/// ```swift
/// let microphone = SuspendableSource(wrapping: ALSACaptureSource(device: "default"))
/// let session = DictationSession(source: microphone, preprocessing: StandardPreprocessing(), recognizer: recognizer)
/// let events = try await session.start(DictationOptions())
/// // Push-to-talk: the key goes up.
/// await microphone.suspend()   // everything said up to now is read
/// await session.pause()        // its final is delivered
/// // The key goes down again.
/// await session.resume()
/// microphone.resume()
/// ```
///
/// While suspended, the reader returns an empty buffer every ``idleReadInterval``, so that the
/// session goes on taking requests (pause, resume, commit, stop) with no audio coming. The
/// audio's times run on across a suspension as if it had not happened: a transcript's times are
/// times in the audio the session heard.
public final class SuspendableSource: AudioSource {
    /// How often a suspended reader returns an empty buffer.
    public static let idleReadInterval = Duration.milliseconds(50)

    /// The source whose device is opened and closed.
    public let source: any AudioSource
    private let gate = WaitableState(Gate())

    /// What the reader is doing and what its controller wants.
    private struct Gate {
        var wantsSuspension = false
        /// Whether a reader is open (a session is running).
        var readerIsOpen = false
        /// Whether the open reader has closed the wrapped source's reader.
        var deviceIsClosed = false
        /// The open reader, so that ``SuspendableSource/suspend(timeout:)`` can end a device read
        /// that is already waiting for audio (a read that blocks would not see the request).
        var reader: Reader?
    }

    /// Wraps a source.
    /// - Parameter source: The source to open, close and open again.
    public init(wrapping source: any AudioSource) {
        self.source = source
    }

    /// Whether ``suspend()`` was asked for more recently than ``resume()``.
    public var isSuspended: Bool { gate.read { $0.wantsSuspension } }

    /// Asks the reader to end the device's audio, and waits until it has handed over what the
    /// device captured and closed it (at most `timeout`). Returns at once when no session reads
    /// the source. Suspending a suspended source does nothing.
    /// - Parameter timeout: The longest wait for a session that does not read.
    /// - Returns: Whether the device is closed.
    @discardableResult
    public func suspend(timeout: Duration = .seconds(5)) async -> Bool {
        // The request first, then the reader: a read that starts after this sees the request, and
        // one already waiting on the device is interrupted here.
        let reader = gate.withLock {
            $0.wantsSuspension = true
            return $0.reader
        }
        reader?.drainDevice()
        let gate = self.gate
        return await DedicatedThread.run {
            gate.wait(until: { !$0.readerIsOpen || $0.deviceIsClosed }, timeout: timeout)
        }
    }

    /// Lets the reader open the device again, on its next read (on the session's audio thread, as
    /// every open is). Resuming a source that is not suspended does nothing.
    public func resume() {
        gate.withLock { $0.wantsSuspension = false }
    }

    /// Opens the wrapped source (so that a busy or missing device is reported at once); when a
    /// suspension is asked for, the reader hands over what it captured and closes it on its first
    /// read, and the device stays closed until ``resume()``.
    /// - Returns: A reader that closes and opens the wrapped source's reader as asked.
    /// - Throws: What the wrapped source throws.
    public func open() throws(DictationError) -> any AudioReader {
        let reader = Reader(source: source, first: try source.open(), gate: gate)
        gate.withLock {
            $0.readerIsOpen = true
            $0.deviceIsClosed = false
            $0.reader = reader
        }
        return reader
    }

    /// Whether the wrapped source could be opened now.
    /// - Returns: The wrapped source's answer.
    public func checkAccess() -> PermissionStatus { source.checkAccess() }

    /// `@unchecked Sendable`: `openDevice` and `draining` are guarded by `deviceLock`, since
    /// `interrupt()` and ``SuspendableSource/suspend(timeout:)`` come from other threads; the rest
    /// is touched by the session's audio thread only.
    private final class Reader: AudioReader, AudioLossReporting, @unchecked Sendable {
        private let source: any AudioSource
        private let gate: WaitableState<Gate>
        /// The wrapped source's reader, while the device is open.
        private var openDevice: (any AudioReader)?
        /// Whether `openDevice` was told to end its audio.
        private var draining = false
        private let deviceLock = NSLock()
        private var device: (any AudioReader)? { deviceLock.withLock { openDevice } }
        /// Where the open device's audio starts in this reader's audio.
        private var offset = 0.0
        /// Where the next buffer starts in this reader's audio.
        private var nextTime = 0.0
        /// What closed devices still had to tell when they closed, not yet taken.
        private var closedDeviceEvents: [DictationEvent] = []
        /// The audio closed devices reported lost as they closed, not yet taken.
        private var closedDeviceLosses: [AudioLoss] = []
        private let interrupted = WaitableState(false)
        let format: AudioFormat
        let isLive: Bool

        init(source: any AudioSource, first: any AudioReader, gate: WaitableState<Gate>) {
            self.source = source
            self.gate = gate
            openDevice = first
            format = first.format
            isLive = first.isLive
        }

        func read(maxFrames: Int) throws(DictationError) -> AudioFrame? {
            if let device {
                if gate.read({ $0.wantsSuspension }) { drainDevice() }
                if var frame = try device.read(maxFrames: maxFrames) {
                    frame.startTime += offset
                    nextTime = max(nextTime, frame.startTime + frame.duration)
                    return frame
                }
                // The device's audio ended: asked to, or by itself (stop, a file's end).
                guard deviceLock.withLock({ draining }) else { return nil }
                closeDevice()
            }
            if interrupted.read({ $0 }) { return nil }
            if gate.read({ $0.wantsSuspension }) {
                // Wakes early for stop(); a resume is seen on the next read.
                _ = interrupted.wait(until: { $0 }, timeout: SuspendableSource.idleReadInterval)
                return AudioFrame(
                    samples: [], sampleRate: format.sampleRate, channelCount: format.channelCount, startTime: nextTime)
            }
            try reopen()
            return try read(maxFrames: maxFrames)
        }

        /// Tells the open device, once, to end its audio after what it has captured.
        func drainDevice() {
            let device = deviceLock.withLock { () -> (any AudioReader)? in
                guard !draining, let openDevice else { return nil }
                draining = true
                return openDevice
            }
            device?.interrupt()
        }

        private func closeDevice() {
            if let device { closeKeepingEvents(device) }
            deviceLock.withLock {
                openDevice = nil
                draining = false
            }
            gate.withLock { $0.deviceIsClosed = true }
        }

        private func reopen() throws(DictationError) {
            let reopened = try source.open()
            guard reopened.format == format else {
                closeKeepingEvents(reopened)
                throw DictationError(
                    code: .deviceDisconnected,
                    message: DictationError.Text(
                        .deviceFormatChanged,
                        [
                            "newRate": "\(reopened.format.sampleRate)", "newChannels": "\(reopened.format.channelCount)",
                            "oldRate": "\(format.sampleRate)", "oldChannels": "\(format.channelCount)",
                        ]))
            }
            // An interrupt() between the open and here is passed on.
            let interrupted = deviceLock.withLock {
                openDevice = reopened
                return self.interrupted.read { $0 }
            }
            if interrupted { reopened.interrupt() }
            offset = nextTime
            gate.withLock { $0.deviceIsClosed = false }
        }

        func interrupt() {
            let device = deviceLock.withLock {
                interrupted.withLock { $0 = true }
                return openDevice
            }
            device?.interrupt()
        }

        func takeEvents() -> [DictationEvent] {
            defer { closedDeviceEvents = [] }
            return closedDeviceEvents + (device?.takeEvents() ?? [])
        }

        func takeAudioLosses() -> [AudioLoss] {
            defer { closedDeviceLosses = [] }
            return closedDeviceLosses + ((device as? any AudioLossReporting)?.takeAudioLosses() ?? [])
        }

        /// Closes a device and keeps what it still has to tell: a device's last events and losses
        /// come with its close (an overrun episode ends, a recording is finished), after which it
        /// is gone from ``takeEvents()``'s reach.
        private func closeKeepingEvents(_ device: any AudioReader) {
            device.close()
            closedDeviceEvents += device.takeEvents()
            closedDeviceLosses += (device as? any AudioLossReporting)?.takeAudioLosses() ?? []
        }

        func close() {
            if let device { closeKeepingEvents(device) }
            deviceLock.withLock { openDevice = nil }
            gate.withLock {
                $0.readerIsOpen = false
                $0.deviceIsClosed = true
                if $0.reader === self { $0.reader = nil }
            }
        }
    }
}
