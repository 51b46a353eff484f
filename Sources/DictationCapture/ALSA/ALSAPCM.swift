import CALSA
import DictationKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// An ALSA PCM opened for capture: libasound's `snd_pcm_t` behind the ``CaptureDevice`` calls.
///
/// The PCM is opened non-blocking, so a busy device answers at once instead of waiting, and a
/// read never blocks: the capture thread waits in `poll(2)` on the PCM's descriptors and on the
/// session's wake-up pipe, which is what makes capture stoppable at any moment.
///
/// One thread uses an instance from open to close (see ``CaptureThread``), or one call of
/// ``ALSACaptureSource/checkAccess()``; it is not shared.
final class ALSAPCM: CaptureDevice {
    let name: String
    private(set) var format = AudioFormat.recognizer
    private(set) var periodFrames = 1
    /// Frames the device's ring buffer holds.
    private(set) var bufferFrames = 1
    private var handle: OpaquePointer?
    private var descriptors: [pollfd] = []

    /// Opens `name` for capture, without blocking.
    /// - Parameters:
    ///   - name: An ALSA PCM name (`default`, `hw:1,0`, `plughw:CARD=USB`, a name from a configuration).
    ///   - configurationFile: An ALSA configuration to look the name up in instead of the system's
    ///     (which honours `ALSA_CONFIG_PATH`); tests use it. It may include the system's with
    ///     `</usr/share/alsa/alsa.conf>`.
    /// - Throws: ``DictationKit/DictationError/Code/deviceBusy``,
    ///   ``DictationKit/DictationError/Code/permissionDenied`` or
    ///   ``DictationKit/DictationError/Code/microphoneUnavailable``.
    init(name: String, configurationFile: String? = nil) throws(DictationError) {
        self.name = name
        var pcm: OpaquePointer?
        let result = try ALSAConfiguration.open(
            &pcm, name: name, stream: SND_PCM_STREAM_CAPTURE, mode: SND_PCM_NONBLOCK, configurationFile: configurationFile)
        guard result >= 0, let pcm else {
            throw ALSAError.openFailure(Int(result < 0 ? result : -ENODEV), device: name)
        }
        handle = pcm
    }

    deinit { close() }

    /// Negotiates the layout (see `ALSAPCM+HardwareParameters.swift`) and prepares to capture.
    /// - Parameter preferredSampleRate: The rate to ask for; the nearest the device has is used.
    /// - Throws: ``DictationKit/DictationError`` when the device offers nothing usable.
    func configure(preferredSampleRate: Int) throws(DictationError) {
        guard let handle else { throw ALSAError.openFailure(-Int(EBADFD), device: name) }
        let negotiated = try Self.negotiate(handle, device: name, preferredSampleRate: preferredSampleRate)
        format = negotiated.format
        periodFrames = negotiated.periodFrames
        bufferFrames = negotiated.bufferFrames

        // A PCM without descriptors can't be waited for; the capture thread then polls it gently
        // (see CaptureThread) rather than refusing a device that may work.
        let count = max(snd_pcm_poll_descriptors_count(handle), 0)
        descriptors = [pollfd](repeating: pollfd(fd: -1, events: 0, revents: 0), count: Int(count))
        let filled = count > 0 ? snd_pcm_poll_descriptors(handle, &descriptors, UInt32(count)) : 0
        descriptors = Array(descriptors.prefix(Int(max(filled, 0))))

        let prepared = snd_pcm_prepare(handle)
        guard prepared >= 0 else { throw ALSAError.openFailure(Int(prepared), device: name) }
        // Start now, so that audio is captured while the session is still loading its recognizer.
        // A device that starts on its first read instead reports nothing useful here.
        _ = snd_pcm_start(handle)
    }

    func read(into buffer: UnsafeMutableRawBufferPointer, frames: Int) -> Int {
        guard let handle else { return -Int(EBADFD) }
        let limit = min(frames, buffer.count / max(format.bytesPerFrame, 1))
        guard limit > 0 else { return 0 }
        return snd_pcm_readi(handle, buffer.baseAddress, snd_pcm_uframes_t(limit))
    }

    func recover(from error: Int) -> Int {
        guard let handle else { return -Int(EBADFD) }
        // silent: 1, the overrun is reported as a warning rather than on standard error.
        let result = snd_pcm_recover(handle, Int32(clamping: error), 1)
        guard result >= 0 else { return Int(result) }
        // snd_pcm_recover leaves the stream prepared; start it so that poll(2) has something to wait for.
        _ = snd_pcm_start(handle)
        return Int(result)
    }

    func waitForAudio(timeoutMilliseconds milliseconds: Int32, interruption: ReadInterruption) -> CaptureWait {
        guard let handle, !descriptors.isEmpty else { return .ready }
        let outcome = interruption.wait(for: &descriptors, timeoutMilliseconds: milliseconds)
        if outcome == .ready {
            // Plugins may use their descriptors for other things; libasound says what the events mean.
            var events: UInt16 = 0
            _ = snd_pcm_poll_descriptors_revents(handle, &descriptors, UInt32(descriptors.count), &events)
        }
        return outcome
    }

    func close() {
        guard let handle else { return }
        self.handle = nil
        _ = snd_pcm_drop(handle)
        _ = snd_pcm_close(handle)
    }

    /// Lets tests turn libasound's own diagnostics on standard error off; process-wide.
    /// - Parameter printed: `false` to discard them, `true` for libasound's default.
    static func setLibraryMessagesPrinted(_ printed: Bool) {
        _ = dk_alsa_set_messages_printed(printed ? 1 : 0)
    }
}
