import ArgumentParser
import DictationCapture
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
                When standard output is not a terminal, or with --format jsonl, only events are \
                printed, one JSON object per line.
                """)

        @Option(help: "The ALSA capture device (see `dictate devices`).")
        var device: String = "default"

        @Option(help: "Output: text (live on a terminal) or jsonl (every event).")
        var format: ListenFormat = .text

        @Option(help: ArgumentHelp("Stop after this many seconds.", valueName: "seconds"))
        var maxDuration: Double?

        @Option(help: ArgumentHelp("Stop after this much silence following speech.", valueName: "seconds"))
        var silenceTimeout: Double?

        @Option(help: ArgumentHelp("Stop, reporting noSpeechDetected, if nothing is said for this long.", valueName: "seconds"))
        var noSpeechTimeout: Double?

        @OptionGroup(title: "Preprocessing and endpointing") var speech: SpeechProcessingOptions
        @OptionGroup var common: CommonOptions

        func validate() throws {
            for (name, value) in [("--max-duration", maxDuration), ("--silence-timeout", silenceTimeout), ("--no-speech-timeout", noSpeechTimeout)] {
                if let value, !(value > 0) { throw ValidationError("\(name) must be a positive number of seconds") }
            }
        }

        func run() async throws {
            let metrics = common.bootstrapDiagnostics()
            defer { if let metrics { Terminal.write(metrics.render(), toStandardError: true) } }
            ALSACaptureSource.setLibraryMessagesPrinted(common.verbose)
            let session = DictationSession(
                source: ALSACaptureSource(device: device), preprocessing: AudioConversionChain(),
                recognizer: common.recognizer, logger: common.makeLogger())
            let live = format == .text && Terminal.standardOutputIsTerminal
            let options = DictationOptions(
                locale: common.locale, reportsPartials: true, reportsSpeechActivity: !live, reportsLevel: true,
                maxDuration: maxDuration, silenceTimeout: silenceTimeout, noSpeechTimeout: noSpeechTimeout,
                preprocessing: speech.preprocessingOptions, endpointing: speech.endpointingOptions)
            let cancelled = Atomic<Bool>(false)
            let interrupts = InterruptHandler(
                onFirstInterrupt: { await session.stop() },
                onSecondInterrupt: {
                    cancelled.store(true, ordering: .relaxed)
                    await session.cancel()
                })
            defer { interrupts.cancel() }

            var display = LiveDisplay(live: live)
            var failure: DictationError?
            for await event in try await session.start(options) {
                if case .error(let error) = event, error.isFatal || error.code == .noSpeechDetected { failure = error }
                display.show(event)
            }
            display.finish()
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
