import CALSA
import DictationKit

extension DictationError.Code {
    /// A sound (a cue, read-back) could not be played: the playback device is missing, busy or
    /// refused the audio. The message names the device and libasound's reason.
    public static let playbackUnavailable = DictationError.Code(rawValue: "playbackUnavailable")
}

extension DictationError {
    /// A playback device that could not play.
    /// - Parameters:
    ///   - device: The ALSA device's name.
    ///   - code: libasound's negative error.
    /// - Returns: A non-fatal ``Code/playbackUnavailable`` error: the dictation goes on without sound.
    static func playbackUnavailable(device: String, code: Int) -> DictationError {
        let reason = snd_strerror(Int32(clamping: code)).map { String(cString: $0) } ?? "error \(code)"
        return DictationError(
            code: .playbackUnavailable, message: Text(.playbackUnavailable, ["device": "\(device)", "reason": "\(reason)"]),
            isFatal: false)
    }
}
