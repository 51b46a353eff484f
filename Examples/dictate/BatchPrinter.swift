import Dictation
import Foundation

/// Prints what a ``BatchTranscription`` delivers, file after file in input order: text under a
/// header per file, jsonl lines with a `file` field, subtitles on standard output or in a file per
/// recording; failures and warnings on standard error; and the progress line.
struct BatchPrinter {
    private let format: OutputFormat
    /// Whether there is more than one input: then text has headers and jsonl a `file` field.
    private let several: Bool
    /// The subtitle file of each input, when subtitles go to files rather than standard output.
    private let subtitlePaths: [String]?
    private let language: DictationError.Language
    private let quiet: Bool
    private var progress: ProgressLine
    private var printer: TranscriptPrinter?
    /// The finals of the recording whose subtitles go to a file.
    private var subtitles: ShownFinals?
    /// --raw: the recognizer's words.
    private let raw: Bool
    private var notesShown: Set<String> = []
    /// The recording whose updates are being printed.
    private var currentPath: String?
    /// Each finished file's result, in input order.
    private(set) var results: [BatchTranscription.FileResult] = []
    /// The subtitle files that could not be written.
    private(set) var unwritten: [String] = []

    /// - Parameters:
    ///   - format: The output format.
    ///   - inputCount: How many recordings the batch has.
    ///   - subtitlePaths: Where each recording's subtitles go, or `nil` for standard output.
    ///   - language: The language of errors and notes.
    ///   - quiet: `--quiet`: no notes.
    ///   - raw: `--raw`: the recognizer's words.
    ///   - showsProgress: Whether to draw the progress line.
    init(
        format: OutputFormat, inputCount: Int, subtitlePaths: [String]?, language: DictationError.Language,
        quiet: Bool, raw: Bool = false, showsProgress: Bool
    ) {
        self.raw = raw
        self.format = format
        several = inputCount > 1
        self.subtitlePaths = subtitlePaths
        self.language = language
        self.quiet = quiet
        progress = ProgressLine(enabled: showsProgress)
    }

    mutating func handle(_ update: BatchTranscription.Update) {
        if case .progress(let report) = update {
            progress.update(report, now: report.filesFinished == report.fileCount)
            return
        }
        // Everything else may print: the progress line makes way, and comes back after.
        progress.clear()
        defer { progress.showAgain() }
        switch update {
        case .started(let file, let path):
            start(file, path: path)
        case .event(let event, _):
            print(event.localized(to: language))
        case .finished(let result):
            finish(result)
        case .progress:
            break
        }
    }

    /// Clears the progress line for good.
    mutating func finish() { progress.clear() }

    private mutating func start(_ file: Int, path: String) {
        if subtitlePaths != nil {
            subtitles = ShownFinals(raw: raw)
            currentPath = path
            return
        }
        currentPath = path
        if format == .text, several { Terminal.write((file > 0 ? "\n" : "") + "==> \(path) <==\n") }
        printer = TranscriptPrinter(format: format, file: several ? path : nil, raw: raw, language: language)
    }

    private mutating func print(_ event: DictationEvent) {
        switch event {
        case .error(let error) where format != .jsonl:
            // A fatal one is reported with the file's result.
            if !error.isFatal { warn(error) }
        case .localeSelected where format != .jsonl:
            // A note, not a result: on standard error, once, so text and subtitles stay clean.
            guard !quiet, let note = event.notice(in: language), notesShown.insert(note).inserted else { return }
            Terminal.write("dictate: \(note)\n", toStandardError: true)
        case .final, .command:
            if subtitles != nil {
                _ = subtitles?.take(event)
            } else {
                printer?.print(event)
            }
        default:
            printer?.print(event)
        }
    }

    private mutating func finish(_ result: BatchTranscription.FileResult) {
        printer?.finish()
        printer = nil
        if let error = result.error {
            Terminal.write("dictate: \(result.path): \(error.localized(to: language).description)\n", toStandardError: true)
        } else if let subtitles, let path = subtitlePaths?[result.file] {
            do {
                try Data(subtitles.subtitles(format == .vtt ? .vtt : .srt).utf8).write(
                    to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                unwritten.append(path)
                Terminal.write(
                    "dictate: \(path): can't write the subtitles: \(error.localizedDescription)\n", toStandardError: true)
            }
        }
        subtitles = nil
        results.append(result)
    }

    private func warn(_ error: DictationError) {
        let prefix = several ? "dictate: \(currentPath ?? "-"): " : "dictate: "
        Terminal.write(prefix + error.description + "\n", toStandardError: true)
    }
}
