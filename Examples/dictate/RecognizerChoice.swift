import ArgumentParser
import Dictation
import Foundation

extension WhisperEncoderWindow: ExpressibleByArgument {}
extension StandardRecognizer.PartialSearch: ExpressibleByArgument {}

/// `--recognizer`: which backend decodes, for the commands that recognize speech.
struct RecognizerOptions: ParsableArguments {
    /// The backends.
    enum Choice: String, ExpressibleByArgument, CaseIterable {
        /// Whisper where a Whisper model serves the locale (or --model names a ggml file), else PocketSphinx.
        case auto
        /// PocketSphinx, with the installed model of highest rank for the locale (or --model's folder).
        case pocketsphinx
        /// Whisper, with the best installed Whisper model for the locale (or --model's ggml file).
        case whisper

        /// The library's choice.
        var standard: StandardRecognizer.Choice {
            switch self {
            case .auto: .automatic
            case .pocketsphinx: .pocketSphinx
            case .whisper: .whisper
            }
        }
    }

    @Option(
        name: .customLong("recognizer"),
        help: ArgumentHelp(
            "The recognizer: auto (the default: Whisper where a Whisper model serves the locale, else PocketSphinx), pocketsphinx, or whisper.",
            valueName: "name"))
    var choice: Choice = .auto

    @Option(
        name: .customLong("whisper-window"),
        help: ArgumentHelp(
            "How much of Whisper's 30-second encoder window a decoding runs: automatic (the default: fitted for English, full for other languages), fitted (half, or the utterance when longer: faster) or full (as Whisper was trained).",
            valueName: "window"))
    var whisperWindow: WhisperEncoderWindow = .automatic

    @Option(
        name: .customLong("partial-search"),
        help: ArgumentHelp(
            "Where the partials beside Whisper's finals come from: streaming (the default: PocketSphinx's streaming search where it has the language; at once, about 0.2 s of CPU per second of audio) or whisper (Whisper's own searches on the idle cores; its words, later: for a server of several streams).",
            valueName: "search"))
    var partialSearch: StandardRecognizer.PartialSearch = .streaming

    /// The recognizer, for `sessions` sessions at once: Whisper's threads are shared out among
    /// them, so that together they use the cores once (a session decodes with one Whisper
    /// decoder). `--model` names a Whisper ggml file when it is a file, a PocketSphinx model
    /// folder when it is a folder.
    func recognizer(_ common: CommonOptions, sessions: Int = 1) -> StandardRecognizer {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        var isFolder: ObjCBool = false
        let modelIsFile =
            common.model.map { FileManager.default.fileExists(atPath: $0, isDirectory: &isFolder) && !isFolder.boolValue }
            ?? false
        var pocketSphinx = common.recognizer
        if modelIsFile { pocketSphinx = PocketSphinxRecognizer(decoderOptions: pocketSphinx.decoderOptions) }
        var choice = self.choice.standard
        // A model named with the default choice says which backend is wanted: a ggml file
        // Whisper, a folder PocketSphinx.
        if common.model != nil, choice == .automatic { choice = modelIsFile ? .whisper : .pocketSphinx }
        return StandardRecognizer(
            choice: choice,
            whisper: WhisperRecognizer(
                modelPath: modelIsFile ? common.model : nil, threads: max(1, cores / max(1, sessions)),
                encoderWindow: whisperWindow),
            pocketSphinx: pocketSphinx, partialSearch: partialSearch)
    }
}
