import ArgumentParser
import DictationKit
import DictationPocketSphinx
import Foundation
import Logging

/// The options every recognizing subcommand shares.
struct CommonOptions: ParsableArguments {
    @Option(help: "The language to recognize, e.g. en-US.")
    var locale: String = "en-US"

    @Option(help: ArgumentHelp("A PocketSphinx model directory to use instead of the installed ones.", valueName: "dir"))
    var model: String?

    @Flag(help: "Print the library's logs on standard error.")
    var verbose = false

    func validate() throws {
        if let model, !FileManager.default.fileExists(atPath: model) {
            throw ValidationError("--model \(model): no such directory")
        }
    }

    var recognizer: PocketSphinxRecognizer { PocketSphinxRecognizer(modelDirectory: model) }

    /// A logger that is silent unless --verbose: the library never bootstraps logging itself.
    func makeLogger() -> Logger {
        guard verbose else { return Logger(label: "dictate", factory: { _ in SwiftLogNoOpLogHandler() }) }
        var logger = Logger(label: "dictate", factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = .debug
        return logger
    }
}
