import CALSA
import DictationCapture
import DictationKit
import Foundation

/// An ALSA PCM opened for playback of one sound: libasound's simple setup (`snd_pcm_set_params`,
/// which converts to whatever the device takes), blocking writes, drained before it closes.
///
/// A sound opens the device and closes it after: a cue is rare, and a device held open for a
/// whole session would keep others from a `hw:` device that can't mix.
final class PlaybackDevice {
    /// How much audio the device is asked to buffer: short, so that a cue is heard at its moment.
    static let latency: Duration = .milliseconds(100)

    private let name: String
    private var handle: OpaquePointer?

    /// Opens `name` for playback.
    /// - Parameters:
    ///   - name: An ALSA PCM name (`default`, `hw:1,0`, a name from a configuration).
    ///   - configurationFile: An ALSA configuration to look the name up in instead of the system's.
    /// - Throws: ``DictationKit/DictationError/Code/playbackUnavailable``.
    init(name: String, configurationFile: String?) throws(DictationError) {
        self.name = name
        var pcm: OpaquePointer?
        let result = try ALSAConfiguration.open(
            &pcm, name: name, stream: SND_PCM_STREAM_PLAYBACK, mode: 0, configurationFile: configurationFile)
        guard result >= 0, let pcm else { throw DictationError.playbackUnavailable(device: name, code: Int(result)) }
        handle = pcm
    }

    deinit { close() }

    /// Plays mono 16-bit samples and returns once the device has played them (or, for a device
    /// that takes audio faster than real time, such as a file, once it has taken them).
    /// - Parameters:
    ///   - samples: The sound.
    ///   - sampleRate: Its rate; libasound converts it to the device's.
    /// - Throws: ``DictationKit/DictationError/Code/playbackUnavailable``.
    func play(_ samples: [Int16], sampleRate: Int) throws(DictationError) {
        guard let handle else { throw DictationError.playbackUnavailable(device: name, code: -Int(EBADFD)) }
        let latency = UInt32(Self.latency / .microseconds(1))
        let configured = snd_pcm_set_params(
            handle, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 1, UInt32(sampleRate), 1, latency)
        guard configured >= 0 else { throw DictationError.playbackUnavailable(device: name, code: Int(configured)) }
        var offset = 0
        var recoveries = 0
        while offset < samples.count {
            let written = samples.withUnsafeBufferPointer { buffer in
                snd_pcm_writei(handle, buffer.baseAddress.map { $0 + offset }, snd_pcm_uframes_t(samples.count - offset))
            }
            if written >= 0 {
                offset += written
                continue
            }
            // An underrun (the device ran dry between writes) is recovered once or twice; a device
            // that went away is not.
            recoveries += 1
            let recovered = snd_pcm_recover(handle, Int32(clamping: written), 1)
            guard recovered >= 0, recoveries <= 3 else {
                throw DictationError.playbackUnavailable(device: name, code: Int(written))
            }
        }
        _ = snd_pcm_drain(handle)
    }

    func close() {
        guard let handle else { return }
        self.handle = nil
        _ = snd_pcm_close(handle)
    }
}
