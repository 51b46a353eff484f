import DictationKit

/// Live audio from a microphone, through ALSA (libasound).
///
/// Capture starts when the session opens the source and runs on a thread of its own, so the first
/// words are kept even while the recognizer is still loading. The device's own format is used
/// (16-bit, else 32-bit, else float samples; mono if it can, else the nearest channel count; the
/// preferred rate if it can, else the nearest), and the session converts it to what the
/// recognizer needs.
///
/// ```swift
/// let source = ALSACaptureSource(device: "default")
/// guard case .granted = source.checkAccess() else { ... }
/// let session = DictationSession(source: source, preprocessing: StandardPreprocessing(), recognizer: PocketSphinxRecognizer())
/// let events = try await session.start(DictationOptions())
/// ```
///
/// Faults become `DictationError`s: a device that is missing
/// (`DictationError.Code.microphoneUnavailable`), in use by another program
/// (`DictationError.Code.deviceBusy`) or not allowed
/// (`DictationError.Code.permissionDenied`) when the session opens it; one that
/// fails or is unplugged while capturing
/// (`DictationError.Code.deviceDisconnected`, after the audio captured before it).
/// When the recognizer falls more than ``bufferSeconds`` behind, quiet audio is dropped before
/// loud (see there); what is dropped, and overruns the device recovers from, are reported as one
/// non-fatal `DictationError.Code.captureOverrun` warning per episode, once the
/// recognizer has caught up. Audio is never dropped silently.
public struct ALSACaptureSource: AudioSource {
    /// The ALSA PCM name: `default`, `hw:1,0`, `plughw:CARD=USB,DEV=0`, or a name from
    /// ``captureDevices()``.
    public var device: String
    /// The sample rate to ask the device for; the nearest one it offers is used.
    public var preferredSampleRate: Int
    /// How many seconds of captured audio may wait for a slow recognizer: the bound of the queue
    /// between the capture thread and the session, 30 s by default (at least one period).
    ///
    /// A microphone can't be asked to wait, so when the recognizer falls further behind, the queue
    /// sheds audio, and sheds the quietest first, so that what was said survives. The capture
    /// thread ranks every period as loud or quiet by its level against the floor of the audio so
    /// far (no voice detector: speech is the session's to judge, after the queue). Over the
    /// bound, the oldest quiet period is dropped, except the quiet within 0.3 s before loud audio
    /// (the endpointer's pre-roll, which holds the start of a word the session's detector
    /// confirms a few frames late) and within 0.5 s after it (quiet word endings). Only when no
    /// other quiet audio is left does the oldest audio go, whatever it is. Dropped audio keeps its
    /// place in the stream: the frames after it start later (`AudioFrame.startTime`), so the
    /// session sees the gap.
    ///
    /// Each overrun episode, from the first drop (or device overrun) until the recognizer has caught
    /// up (the queue empty or under half the bound) or capture ends, is reported as one non-fatal
    /// `DictationError.Code.captureOverrun` warning: how many seconds were dropped,
    /// how much of that was speech (judged by the session's voice activity detector on the audio
    /// on either side of each gap), and how often the device overran.
    public var bufferSeconds: Double
    /// An ALSA configuration file read instead of the system's, for tests; `nil` uses the system
    /// configuration (which honours `ALSA_CONFIG_PATH`).
    var configurationFile: String?
    /// How long the device may deliver nothing before it counts as disconnected.
    var stallLimit: Duration = CaptureThread.defaultStallLimit

    /// Describes an ALSA capture device.
    /// - Parameters:
    ///   - device: The ALSA PCM name; `"default"` (the default) is the system's default input.
    ///   - preferredSampleRate: The rate to ask for, 16 kHz by default (what recognizers use, so
    ///     nothing needs resampling when the device has it).
    ///   - bufferSeconds: How much captured audio may wait for a slow recognizer before silence,
    ///     then the oldest audio, is dropped; 30 s by default. See ``bufferSeconds``.
    public init(device: String = "default", preferredSampleRate: Int = 16_000, bufferSeconds: Double = 30) {
        self.device = device
        self.preferredSampleRate = preferredSampleRate
        self.bufferSeconds = bufferSeconds
    }

    /// Describes a device looked up in `configurationFile` rather than the system configuration
    /// (the test microphone's, which has an ALSA configuration of its own).
    package init(device: String, configurationFile: String?, preferredSampleRate: Int = 16_000, bufferSeconds: Double = 30) {
        self.init(device: device, preferredSampleRate: preferredSampleRate, bufferSeconds: bufferSeconds)
        self.configurationFile = configurationFile
    }

    /// Opens the device and starts capturing on a dedicated thread.
    ///
    /// The reader's `AudioReader.format` is the negotiated one. After
    /// `AudioReader.interrupt()` capture stops and the device is released, and
    /// reads return what was captured before, then `nil`; `AudioReader.close()`
    /// returns once the device is closed.
    /// - Returns: A reader of the live audio.
    /// - Throws: `DictationError.Code.microphoneUnavailable` when the device doesn't
    ///   exist or offers no usable format, `DictationError.Code.deviceBusy` when
    ///   another program has it, `DictationError.Code.permissionDenied` when the
    ///   user may not use it. Nothing is left open when it throws.
    public func open() throws(DictationError) -> any AudioReader {
        let device = device
        let configurationFile = configurationFile
        let rate = preferredSampleRate
        return try LiveCaptureReader.start(deviceName: device, bufferSeconds: bufferSeconds, stallLimit: stallLimit) {
            () throws(DictationError) -> any CaptureDevice in
            let pcm = try ALSAPCM(name: device, configurationFile: configurationFile)
            do throws(DictationError) {
                try pcm.configure(preferredSampleRate: rate)
            } catch {
                pcm.close()
                throw error
            }
            return pcm
        }
    }

    /// Opens the device without blocking and closes it at once, to see whether a session could use it.
    ///
    /// A device in use by another program can't be used now, so it is reported as
    /// `PermissionStatus.denied(reason:)` with a reason that says so and what to do,
    /// rather than as granted.
    /// - Returns: `PermissionStatus.granted`;
    ///   `PermissionStatus.denied(reason:)` when access is refused or the device is
    ///   busy; `PermissionStatus.noDevice` when it doesn't exist.
    public func checkAccess() -> PermissionStatus {
        accessError().map(ALSAError.permissionStatus(for:)) ?? .granted
    }
}
