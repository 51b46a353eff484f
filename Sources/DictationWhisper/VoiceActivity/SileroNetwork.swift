import CWhisper
import DictationKit
import Foundation

/// One running copy of the Silero voice activity network: whisper.cpp's VAD context, with the
/// network's weights (885 KB) and its memory of the audio so far (the LSTM's state).
///
/// A class because the context is a C resource freed once; ``SileroVoiceActivityDetector`` gives
/// each stream its own and never shares one between two streams.
final class SileroNetwork: @unchecked Sendable {
    // @unchecked: the detector value that made it is its only user, on one thread at a time (a
    // copy of the detector makes a network of its own before it judges audio).
    private let context: OpaquePointer

    /// Samples the network judges at once at 16 kHz (32 ms): whisper.cpp's `n_window` for Silero.
    static let windowLength = 512

    /// Loads the network.
    /// - Parameter path: The ggml model file.
    /// - Throws: ``DictationError`` with ``DictationError/Code/modelNotFound`` when the file is
    ///   missing or whisper.cpp refuses it.
    init(path: String) throws(DictationError) {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw WhisperProblem.sileroModelMissing(searched: [path]).error
        }
        WhisperLog.install()
        var parameters = whisper_vad_default_context_params()
        parameters.n_threads = 1
        parameters.use_gpu = false
        guard let context = whisper_vad_init_from_file_with_params(path, parameters) else {
            throw WhisperProblem.sileroModelRejected(path: path).error
        }
        // whisper.cpp leaves the LSTM's state as the allocator found it (only its
        // `whisper_vad_detect_speech` clears it, on every call): memory left over from earlier
        // allocations made the network's output stick at one value for good.
        whisper_vad_reset_state(context)
        self.context = context
    }

    deinit { whisper_vad_free(context) }

    /// How likely the next window of the stream is speech, remembering the windows before it.
    /// - Parameter window: The next ``windowLength`` samples at 16 kHz.
    /// - Returns: The probability, 0...1; `nil` when whisper.cpp failed.
    func speechProbability(of window: UnsafeBufferPointer<Float>) -> Float? {
        guard let samples = window.baseAddress,
            whisper_vad_detect_speech_no_reset(context, samples, Int32(window.count)),
            whisper_vad_n_probs(context) >= 1, let probabilities = whisper_vad_probs(context)
        else { return nil }
        return probabilities[0]
    }
}
