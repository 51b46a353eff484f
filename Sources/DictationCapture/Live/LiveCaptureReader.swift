import DictationKit

/// One session's view of a live capture: takes what the capture thread queued, blocking while
/// there is nothing yet.
///
/// Capture runs from `open()` on, on its own thread, so audio spoken while the session is still
/// loading its recognizer is kept. After ``interrupt()`` the capture thread stops and releases the
/// device, and reads hand out what was captured before, then `nil`. A device fault is thrown
/// only after the audio captured before it.
final class LiveCaptureReader: AudioReader, AudioLossReporting {
    let format: AudioFormat
    let isLive = true
    /// Frames per period of the device.
    let periodFrames: Int
    /// The device name, for warnings.
    let deviceName: String

    /// `let` and `Sendable`, so ``interrupt()`` may use it from another thread.
    let channel: CaptureChannel
    private var isClosed = false

    /// - Parameters:
    ///   - channel: The channel of a capture thread whose device is open.
    ///   - setup: What the capture thread negotiated.
    ///   - deviceName: The device name, for warnings.
    init(channel: CaptureChannel, setup: CaptureSetup, deviceName: String) {
        self.channel = channel
        self.format = setup.format
        self.periodFrames = setup.periodFrames
        self.deviceName = deviceName
    }

    /// Starts a capture thread on the device `makeDevice` opens, and waits until it is open.
    /// - Parameters:
    ///   - deviceName: The device name, for warnings.
    ///   - bufferSeconds: How much audio may wait for the reader before the queue sheds some,
    ///     the quietest first (see ``CaptureQueue``).
    ///   - stallLimit: How long the device may deliver nothing before it counts as disconnected.
    ///   - makeDevice: Opens and configures the device; runs on the capture thread.
    /// - Returns: The reader of the running capture.
    /// - Throws: What `makeDevice` threw, once the capture thread has ended (so nothing it
    ///   opened is left open).
    static func start(
        deviceName: String, bufferSeconds: Double, stallLimit: Duration = CaptureThread.defaultStallLimit,
        makeDevice: @escaping @Sendable () throws(DictationError) -> any CaptureDevice
    ) throws(DictationError) -> LiveCaptureReader {
        let channel = try CaptureChannel()
        CaptureThread.start(channel: channel, bufferSeconds: bufferSeconds, stallLimit: stallLimit, makeDevice: makeDevice)
        switch channel.waitForSetup() {
        case .success(let setup):
            return LiveCaptureReader(channel: channel, setup: setup, deviceName: deviceName)
        case .failure(let error):
            channel.waitUntilCaptureEnded()
            throw error
        }
    }

    /// A reader dropped without ``close()`` must not keep the microphone open: the capture thread
    /// releases it on its own once stopped.
    deinit { channel.stop() }

    func read(maxFrames: Int) throws(DictationError) -> AudioFrame? {
        let limit = min(max(maxFrames, 1), SoundFileReader.maximumFramesPerRead)
        switch channel.take(maxFrames: limit) {
        case .frame(let frame):
            return frame
        case .failure(let error):
            throw error
        case .end:
            return nil
        }
    }

    func interrupt() {
        channel.stop()
    }

    /// Nothing: what capture lost it reports through ``takeAudioLosses()``, for the session to
    /// judge; a device that fails ends the audio with the error, from ``read(maxFrames:)``.
    func takeEvents() -> [DictationEvent] { [] }

    /// One loss per overrun episode that ended since the last call, with its totals: the reader
    /// fell behind and audio was dropped, or the device overran, until the reader caught up or
    /// capture ended. An episode still open when the session stops ends with the stop, so it is
    /// here after the read that returns `nil` (or after ``close()``).
    func takeAudioLosses() -> [AudioLoss] {
        channel.takeEndedEpisodes().map { episode in
            AudioLoss(droppedFrames: episode.droppedFrames, deviceOverruns: episode.deviceOverruns, device: deviceName)
        }
    }

    /// Stops capture and returns once the capture thread has closed the device.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        channel.stop()
        channel.waitUntilCaptureEnded()
    }
}
