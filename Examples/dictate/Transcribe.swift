import ArgumentParser
import DictationCapture
import DictationHistory
import DictationKit
import DictationPocketSphinx
import DictationPreprocessing
import Foundation

extension Dictate {
    /// `dictate transcribe`: recordings in, text, events or subtitles out.
    struct Transcribe: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Transcribe recordings: WAV or raw PCM files, or - for standard input.")

        @Argument(help: ArgumentHelp("WAV files, raw PCM files (.raw, .pcm), or - for standard input.", valueName: "file"))
        var inputs: [String]

        @Option(help: "Output: text (a line per utterance), jsonl (every event), srt or vtt (subtitles).")
        var format: OutputFormat = .text

        // Without partials each utterance is decoded whole once it ends, which is more accurate.
        @Flag(help: "Show partial hypotheses while decoding (in text and jsonl). Without them each utterance is decoded whole, more accurately.")
        var partials = false

        @Flag(name: .customLong("real-time"), help: "Read input at real-time speed, as a microphone would deliver it.")
        var realTime = false

        @Flag(help: "Keep each utterance in the transcript history (see `dictate history`); off unless given.")
        var history = false

        @Option(help: ArgumentHelp("Keep the history in this SQLite file; implies --history (default: $XDG_DATA_HOME/dictationkit/history.sqlite).", valueName: "path"))
        var historyDatabase: String?

        @OptionGroup(title: "Raw PCM input") var raw: RawAudioOptions
        @OptionGroup(title: "Preprocessing and endpointing") var speech: SpeechProcessingOptions
        @OptionGroup var common: CommonOptions

        func validate() throws {
            guard !inputs.isEmpty else { throw ValidationError("Give at least one file, or - for standard input.") }
            if format != .text, inputs.count > 1 {
                throw ValidationError("--format \(format.rawValue) takes one input; use text for several.")
            }
            if inputs.filter({ $0 == "-" }).count > 1 { throw ValidationError("Standard input (-) can be read only once.") }
        }

        func run() async throws {
            let metrics = common.bootstrapDiagnostics()
            defer { if let metrics { Terminal.write(metrics.render(), toStandardError: true) } }
            // One recognizer for all inputs: each session starts from the cepstral mean the last ended with.
            let recognizer = common.recognizer
            // Each input is a session of its own in the history.
            let (store, historyError) = HistoryDatabaseOptions.sessionStore(
                keeping: history || historyDatabase != nil, path: historyDatabase)
            if let historyError {
                // Not fatal: the transcription goes on, as when the history fails during a session.
                if format == .jsonl {
                    Terminal.write(DictationEvent.error(historyError).jsonLine() + "\n")
                } else {
                    Terminal.write("dictate: \(historyError.description)\n", toStandardError: true)
                }
            }
            for input in inputs {
                let label = inputs.count > 1 ? input : nil
                if let failure = try await transcribe(input, label: label, recognizer: recognizer, store: store) {
                    Terminal.write("dictate: \(input): \(failure.description)\n", toStandardError: true)
                    throw ExitCode(CLIExitCode.for(failure))
                }
            }
        }

        /// Transcribes one input, printing as it goes.
        /// - Returns: The fatal error that ended the session early, if any.
        private func transcribe(
            _ input: String, label: String?, recognizer: PocketSphinxRecognizer, store: (any TranscriptStore)?
        ) async throws -> DictationError? {
            let session = DictationSession(
                source: AudioFileSource(path: input, rawFormat: raw.format, pacing: realTime ? .realTime : .unpaced),
                preprocessing: StandardPreprocessing(
                    options: speech.preprocessingOptions, voiceActivityDetector: speech.voiceActivityDetector),
                recognizer: recognizer, transcriptStore: store, logger: common.makeLogger())
            let showsProgress = Terminal.standardErrorIsTerminal
            var reports: DictationOptions.Reports = []
            if partials { reports.insert(.partials) }
            if format == .jsonl { reports.insert(.speechActivity) }
            if showsProgress { reports.insert(.progress) }
            let options = DictationOptions(locale: common.locale, reports: reports, endpointing: speech.endpointingOptions)
            let interrupts = InterruptHandler { await session.stop() }
            defer { interrupts.cancel() }

            var printer = TranscriptPrinter(
                format: format, label: label, showsProgress: showsProgress, language: common.messageLanguage)
            var failure: DictationError?
            for await event in try await session.start(options) {
                let event = event.localized(to: common.messageLanguage)
                if case .error(let error) = event, format != .jsonl {
                    if error.isFatal { failure = error } else { printer.warn(error) }
                    continue
                }
                if case .error(let error) = event, error.isFatal { failure = error }
                printer.print(event)
            }
            printer.finish()
            return failure
        }
    }
}
