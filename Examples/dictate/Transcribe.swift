import ArgumentParser
import Dictation
import DictationHistory
import Foundation

extension Dictate {
    /// `dictate transcribe`: recordings in, text, events or subtitles out, several files at once.
    struct Transcribe: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Transcribe recordings: audio files, raw PCM, folders of them, or - for standard input.",
            discussion: """
                Inputs are audio files (WAV, FLAC, Ogg Vorbis, Opus, MP3, AIFF, ...: whatever the audio \
                reader recognizes by content), raw PCM (.raw, .pcm; see the raw options), folders, or - for \
                standard input. A folder stands for the audio files directly in it (not its subfolders), in \
                name order, by extension: .\(TranscribeInputs.audioExtensions.sorted().joined(separator: ", .")).

                Several files are decoded in parallel (--jobs, one decoder each; fewer files than jobs share \
                the spare decoders among their utterances) and printed in input order: \
                text under a header "==> file <==" per file, jsonl with a "file" field on every line, srt \
                and vtt into a file per recording (a.flac -> a.srt) next to it or in --output-dir. With one \
                input, output is as it always was: text and jsonl without headers or "file" fields, \
                subtitles on standard output unless --output-dir is given.

                A file that fails is reported on standard error (and, in jsonl, by its error line) and the \
                others go on. Exit status: 0 when all were transcribed; else that of the first file that \
                failed, in input order (65 bad audio, 69 no model, ...; see docs/errors.md); 130 when Ctrl-C \
                stopped the run before every file was started. The first Ctrl-C stops the running files \
                gracefully (their last words are printed) and starts no other; a second ends at once.

                On a terminal, standard error shows a progress line (files done, audio done, real-time \
                factor, time to go), unless NO_COLOR is set, --quiet is given, or partials are shown live.
                """)

        @Argument(
            help: ArgumentHelp(
                "Audio files (WAV, FLAC, Ogg, Opus, MP3, AIFF, ...), raw PCM files (.raw, .pcm), folders, or - for standard input.",
                valueName: "file"))
        var inputs: [String] = []

        @Option(
            name: .customLong("files-from"),
            help: ArgumentHelp(
                "Read more inputs from this file, one path per line; - reads them from standard input.", valueName: "list"))
        var filesFrom: String?

        @Option(
            help: ArgumentHelp(
                "How many decoders run at once: files at a time, or one file's utterances side by side (default: the number of active cores).",
                valueName: "n"))
        var jobs: Int?

        @Option(help: "Output: text (a line per utterance), jsonl (every event), srt or vtt (subtitles).")
        var format: OutputFormat = .text

        @Option(
            name: .customLong("output-dir"),
            help: ArgumentHelp(
                "With srt or vtt: write each recording's subtitles into this folder (made if missing).", valueName: "dir"))
        var outputDirectory: String?

        // Without partials each utterance is decoded whole once it ends, which is more accurate.
        @Flag(
            help:
                "Show partial hypotheses while decoding (in text and jsonl). Without them each utterance is decoded whole, more accurately."
        )
        var partials = false

        @Flag(name: .customLong("real-time"), help: "Read input at real-time speed, as a microphone would deliver it.")
        var realTime = false

        @Flag(help: "No progress line and no notes on standard error (errors and warnings still).")
        var quiet = false

        @Flag(help: "Keep each utterance in the transcript history (see `dictate history`); off unless given.")
        var history = false

        @Option(
            help: ArgumentHelp(
                "Keep the history in this SQLite file; implies --history (default: $XDG_DATA_HOME/dictationkit/history.sqlite).",
                valueName: "path"))
        var historyDatabase: String?

        @OptionGroup(title: "Written text") var written: WrittenTextOptions
        @OptionGroup(title: "Raw PCM input") var raw: RawAudioOptions
        @OptionGroup(title: "Preprocessing and endpointing") var speech: SpeechProcessingOptions
        @OptionGroup(title: "Vocabulary and alternatives") var recognition: RecognitionOptions
        @OptionGroup var backend: RecognizerOptions
        @OptionGroup var common: CommonOptions

        func validate() throws {
            guard !inputs.isEmpty || filesFrom != nil else {
                throw ValidationError("Give at least one file or folder, - for standard input, or --files-from.")
            }
            if inputs.filter({ $0 == "-" }).count > 1 { throw ValidationError("Standard input (-) can be read only once.") }
            if filesFrom == "-", inputs.contains("-") {
                throw ValidationError("--files-from - reads the list from standard input, so - can't be an input too.")
            }
            if let jobs, jobs < 1 { throw ValidationError("--jobs \(jobs): expected 1 or more") }
            if outputDirectory != nil, format != .srt, format != .vtt {
                throw ValidationError("--output-dir is for --format srt or vtt.")
            }
        }

        func run() async throws {
            let metrics = common.bootstrapDiagnostics()
            defer { if let metrics { Terminal.write(metrics.render(), toStandardError: true) } }
            let paths = try TranscribeInputs.expandingFolders(
                inputs + (filesFrom.map(TranscribeInputs.paths(listedIn:)) ?? []))
            guard !paths.isEmpty else { throw ValidationError("--files-from \(filesFrom ?? ""): no paths in the list") }
            if paths.filter({ $0 == "-" }).count > 1 { throw ValidationError("Standard input (-) can be read only once.") }
            let subtitlePaths = try subtitleFiles(for: paths)

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
            var reports: DictationOptions.Reports = []
            if partials { reports.insert(.partials) }
            if format == .jsonl { reports.insert(.speechActivity) }
            let options = try recognition.applied(
                to: DictationOptions(locale: common.locale, reports: reports, endpointing: speech.endpointingOptions),
                language: common.messageLanguage)
            let jobs = jobs ?? ProcessInfo.processInfo.activeProcessorCount
            let recognizer = backend.recognizer(common, sessions: min(jobs, paths.count))
            let batch = BatchTranscription(
                paths: paths, jobs: jobs, recognizer: recognizer, options: options,
                session: try sessionMaker(store: store, vocabulary: options.vocabulary, recognizer: recognizer))
            let interrupts = InterruptHandler { await batch.stop() }
            defer { interrupts.cancel() }

            // Partials shown live take the terminal's last line; the progress line would fight them for it.
            let partialsLive = partials && format == .text && Terminal.standardOutputIsTerminal
            var printer = BatchPrinter(
                format: format, inputCount: paths.count, subtitlePaths: subtitlePaths, language: common.messageLanguage,
                quiet: quiet, raw: written.raw, showsProgress: ProgressLine.wanted(quiet: quiet) && !partialsLive)
            for await update in batch.start() { printer.handle(update) }
            printer.finish()

            if let failed = printer.results.first(where: { !$0.succeeded }), let error = failed.error {
                throw ExitCode(CLIExitCode.for(error))
            }
            if printer.results.count < paths.count { throw ExitCode(130) }
            if !printer.unwritten.isEmpty { throw ExitCode(73) }  // EX_CANTCREAT
        }

        /// Where subtitles go as files: with several inputs or --output-dir; `nil` for standard output.
        private func subtitleFiles(for paths: [String]) throws -> [String]? {
            guard format == .srt || format == .vtt, paths.count > 1 || outputDirectory != nil else { return nil }
            let files = try SubtitleFiles.paths(
                for: paths, fileExtension: format.rawValue, outputDirectory: outputDirectory)
            if let outputDirectory {
                do {
                    try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
                } catch {
                    throw ValidationError("--output-dir \(outputDirectory): can't make the folder: \(error.localizedDescription)")
                }
            }
            return files
        }

        /// Makes each file's session: the file as its path names it, this command's preprocessing
        /// (its voice activity detector chosen for `recognizer`: `--voice-detector`), endpointing,
        /// written text (spelling the vocabulary's entries), history and logger, and the job's
        /// recognizer. The session keeps the history after the formatting, so it keeps both forms.
        private func sessionMaker(
            store: SQLiteTranscriptStore?, vocabulary: Vocabulary, recognizer: StandardRecognizer
        ) throws -> BatchTranscription.SessionMaker {
            let rawFormat = raw.format
            let pacing: AudioPacing = realTime ? .realTime : .unpaced
            let preprocessingOptions = speech.preprocessingOptions
            let detector = try speech.voiceActivityDetector(
                for: recognizer, locale: common.locale, language: common.messageLanguage)
            let logger = common.makeLogger()
            let stages: [any DictationEventStage] = [written.stage(spelling: vocabulary)]
            return { path, recognizer in
                DictationSession(
                    source: AudioFileSource(path: path, rawFormat: rawFormat, pacing: pacing),
                    preprocessing: StandardPreprocessing(options: preprocessingOptions, voiceActivityDetector: detector),
                    recognizer: recognizer, transcriptStore: store, eventStages: stages, logger: logger)
            }
        }
    }
}
