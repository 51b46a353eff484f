import ArgumentParser
import Dictation
import DictationWhisper
import Foundation

/// `--recognizer`: which backend decodes.
enum RecognizerChoice: String, ExpressibleByArgument, CaseIterable {
    /// PocketSphinx, with the installed model of highest rank for the locale (or --model's folder).
    case pocketsphinx
    /// Whisper, with the best installed Whisper model for the locale (or --model's ggml file).
    case whisper

    /// The recognizer, for `jobs` decoders at once: Whisper's threads are shared out among them,
    /// so that together they use the cores once.
    func recognizer(_ common: CommonOptions, jobs: Int) -> any SpeechRecognizer {
        switch self {
        case .pocketsphinx:
            return common.recognizer
        case .whisper:
            let cores = ProcessInfo.processInfo.activeProcessorCount
            return WhisperRecognizer(modelPath: common.model, threads: max(1, cores / max(1, jobs)))
        }
    }
}
