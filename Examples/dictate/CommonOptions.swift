import ArgumentParser
import Dictation
import Foundation
import Logging
import Metrics

/// The options every recognizing subcommand shares.
struct CommonOptions: ParsableArguments {
    @Option(
        name: .customLong("locale"),
        help: "The language to recognize, e.g. en-US (the default) or nb-NO; errors are written in it, else in LANG's.")
    var requestedLocale: String?

    /// The locale to recognize: `--locale`, else `en-US`.
    var locale: String { requestedLocale ?? "en-US" }

    /// The language of errors and notes: `--locale`'s when given, else the environment's.
    var messageLanguage: DictationError.Language { MessageLanguage.resolve(locale: requestedLocale) }

    @Option(
        help: ArgumentHelp(
            "A model to use instead of the installed ones: a PocketSphinx model directory, or a Whisper ggml file.",
            valueName: "path"))
    var model: String?

    @Option(
        name: .customLong("decoder-option"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp(
            "A PocketSphinx decoder option as NAME=VALUE, e.g. -lw=8 (may be repeated; overrides the model's own settings).",
            valueName: "name=value"))
    var decoderOptions: [String] = []

    @Flag(help: "Print the library's logs on standard error, and a summary of its metrics at the end.")
    var verbose = false

    func validate() throws {
        if let model, !FileManager.default.fileExists(atPath: model) {
            throw ValidationError("--model \(model): no such file or directory")
        }
        for option in decoderOptions {
            do {
                _ = try PocketSphinxRecognizer.decoderOptions(parsing: [option])
            } catch {
                throw ValidationError("--decoder-option \(option): write it as NAME=VALUE, e.g. -lw=8")
            }
        }
    }

    /// PocketSphinx with `--model`'s folder (or the installed models) and the decoder options.
    var recognizer: PocketSphinxRecognizer {
        // validate() has rejected any option that does not parse.
        let options = (try? PocketSphinxRecognizer.decoderOptions(parsing: decoderOptions)) ?? [:]
        return PocketSphinxRecognizer(modelDirectory: model, decoderOptions: options)
    }

    /// A logger that is silent unless --verbose: the library never bootstraps logging itself.
    func makeLogger() -> Logger {
        guard verbose else { return Logger(label: "dictate", factory: { _ in SwiftLogNoOpLogHandler() }) }
        var logger = Logger(label: "dictate", factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = .debug
        return logger
    }

    /// With --verbose, bootstraps swift-log (standard error, debug level) and swift-metrics (a
    /// ``MetricsSummary``) for the whole process, so that every library logger and metric reaches
    /// them; without it, bootstraps nothing. Call it once, first thing in `run()`, before any
    /// recognizer or session is made: each system can be bootstrapped once per process.
    /// - Returns: The summary to print at the end, with --verbose.
    func bootstrapDiagnostics() -> MetricsSummary? {
        guard verbose else { return nil }
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .debug
            return handler
        }
        let summary = MetricsSummary()
        MetricsSystem.bootstrap(summary)
        return summary
    }
}
