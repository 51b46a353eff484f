import ArgumentParser
import Dictation
import DictationWhisper
import Foundation

/// `--recognizer`: which backend decodes, for the commands that recognize speech.
struct RecognizerOptions: ParsableArguments {
    /// The backends.
    enum Choice: String, ExpressibleByArgument, CaseIterable {
        /// PocketSphinx, with the installed model of highest rank for the locale (or --model's folder).
        case pocketsphinx
        /// Whisper, with the best installed Whisper model for the locale (or --model's ggml file).
        case whisper
    }

    @Option(
        name: .customLong("recognizer"),
        help: "The recognizer: pocketsphinx, or whisper (the best installed Whisper model for the locale; --model names a ggml file).")
    var choice: Choice = .pocketsphinx

    /// The recognizer, for `jobs` decoders at once: Whisper's threads are shared out among them,
    /// so that together they use the cores once.
    func recognizer(_ common: CommonOptions, jobs: Int = 1) -> any SpeechRecognizer {
        switch choice {
        case .pocketsphinx:
            return common.recognizer
        case .whisper:
            let cores = ProcessInfo.processInfo.activeProcessorCount
            return WhisperRecognizer(modelPath: common.model, threads: max(1, cores / max(1, jobs)))
        }
    }
}
