import ArgumentParser
import DictationCapture
import DictationFeedback
import DictationKit
import DictationPreprocessing
import Foundation
import Synchronization

extension Dictate {
    /// `dictate listen`: live dictation from a microphone.
    struct Listen: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Dictate from a microphone: partials while you speak, a line per utterance.",
            discussion: """
                Ctrl-C stops (the last utterance is still printed); a second Ctrl-C cancels at once. \
                On a terminal a status line is redrawn in place. With --plain, when standard output is \
                not a terminal, or with TERM=dumb, only whole lines are printed, for screen readers \
                and pipes; with --format jsonl, every event as one JSON object per line. Each \
                utterance is kept in the transcript history (`dictate history`) before it is \
                printed, unless --no-history.

                Text is written as a person would type it (capitals, punctuation, numbers as digits; \
                --raw for the recognizer's words). Say "new line" or "new paragraph" for layout, \
                "scratch that" to take back the last utterance, "stop dictating" to stop.
                """)

        @Option(help: "The ALSA capture device (see `dictate devices`).")
        var device: String = "default"

        @Option(help: "Output: text (live on a terminal, else plain lines) or jsonl (every event).")
        var format: ListenFormat = .text

        @OptionGroup var style: OutputStyleOptions

        @Flag(help: "With plain output (implied): print each stretch of words once it is stable, before the final.")
        var stableWords = false

        @Option(help: ArgumentHelp("Stop after this many seconds.", valueName: "seconds"))
        var maxDuration: Double?

        @Option(help: ArgumentHelp("Stop after this much silence following speech.", valueName: "seconds"))
        var silenceTimeout: Double?

        @Option(help: ArgumentHelp("Stop, reporting noSpeechDetected, if nothing is said for this long.", valueName: "seconds"))
        var noSpeechTimeout: Double?

        @OptionGroup(title: "History") var keeping: LiveHistoryOptions

        @OptionGroup(title: "Written text") var written: WrittenTextOptions
        @OptionGroup(title: "Recording") var recording: RecordingOptions
        @OptionGroup(title: "Sounds and read-back") var feedback: FeedbackOptions
        @OptionGroup(title: "Preprocessing and endpointing") var speech: SpeechProcessingOptions
        @OptionGroup(title: "Vocabulary and alternatives") var recognition: RecognitionOptions
        @OptionGroup var backend: RecognizerOptions
        @OptionGroup var common: CommonOptions

        func validate() throws {
            for (name, value) in [
                ("--max-duration", maxDuration), ("--silence-timeout", silenceTimeout), ("--no-speech-timeout", noSpeechTimeout),
            ] {
                if let value, !(value > 0) { throw ValidationError("\(name) must be a positive number of seconds") }
            }
            if stableWords, format == .jsonl {
                throw ValidationError("--stable-words is for plain text; --format jsonl has every partial")
            }
        }

        func run() async throws {
            let metrics = common.bootstrapDiagnostics()
            defer { if let metrics { Terminal.write(metrics.render(), toStandardError: true) } }
            ALSACaptureSource.setLibraryMessagesPrinted(common.verbose)
            let (store, historyError) = keeping.store
            let logger = common.makeLogger()
            let sounds = try feedback.feedback(soundsByDefault: false, logger: logger)
            // The microphone is silenced while a sound plays, before the recording: no cue is recorded.
            let source = recording.wrap(sounds.gating(ALSACaptureSource(device: device)))
            let plain = format == .text && (style.isPlain || stableWords)
            let options = try recognition.applied(
                to: DictationOptions(
                    locale: common.locale,
                    reports: format == .text ? [.partials, .level] : [.partials, .level, .speechActivity],
                    maxDuration: maxDuration, silenceTimeout: silenceTimeout, noSpeechTimeout: noSpeechTimeout,
                    endpointing: speech.endpointingOptions),
                language: common.messageLanguage)
            let recognizer = backend.recognizer(common)
            let detector = try speech.voiceActivityDetector(
                for: recognizer, locale: common.locale, language: common.messageLanguage)
            // The session keeps the history after the formatting, so it keeps both forms.
            let session = DictationSession(
                source: source,
                preprocessing: StandardPreprocessing(options: speech.preprocessingOptions, voiceActivityDetector: detector),
                recognizer: recognizer,
                transcriptStore: store,
                eventStages: [written.stage(spelling: options.vocabulary), sounds.stage],
                logger: logger)
            let cancelled = Atomic<Bool>(false)
            let interrupts = InterruptHandler(
                onFirstInterrupt: { await session.stop() },
                onSecondInterrupt: {
                    cancelled.store(true, ordering: .relaxed)
                    await session.cancel()
                })
            defer { interrupts.cancel() }

            var display: any ListenDisplay =
                plain
                ? PlainDisplay(raw: written.raw, stableWords: stableWords, language: common.messageLanguage)
                : LiveDisplay(live: format == .text, raw: written.raw, language: common.messageLanguage)
            var failure: DictationError?
            // Dictation goes on without a history that can't be opened, as it does when one fails later.
            if let historyError { display.show(.error(historyError)) }
            var announced = false
            for await event in try await session.start(options) {
                let event = event.localized(to: common.messageLanguage)
                if case .error(let error) = event, error.isFatal || error.code == .noSpeechDetected { failure = error }
                if case .command(let command) = event, command.kind == .stopDictating {
                    // "stop dictating" ends the session as Ctrl-C does: the last words are still printed.
                    Task { await session.stop() }
                }
                // The display says where (as text) or the event itself does (as JSON).
                if case .recordingStarted = event { announced = true }
                display.show(event)
            }
            display.finish()
            // The stop cue, or a read-back under way, is heard before the process ends.
            await DedicatedThread.run { sounds.waitUntilPlayed() }
            if format != .jsonl { RecordingSummary.finish(source, announced: announced) }
            if cancelled.load(ordering: .relaxed) { throw ExitCode(130) }
            if let failure {
                Terminal.write("dictate: \(failure.description)\n", toStandardError: true)
                throw ExitCode(CLIExitCode.for(failure))
            }
        }
    }
}

/// What `dictate listen` prints.
enum ListenFormat: String, ExpressibleByArgument, CaseIterable {
    case text, jsonl
}
