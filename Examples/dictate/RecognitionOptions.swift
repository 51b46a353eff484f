import ArgumentParser
import DictationKit
import Foundation

/// The custom vocabulary and alternatives of `transcribe` and `listen`.
struct RecognitionOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Words and phrases to expect, one a line: `phrase`, `phrase | written form` or `phrase | written form | PH O N ES ; MORE`; or JSON (see `dictate vocabulary check`).",
            valueName: "file"))
    var vocabulary: String?

    @Option(
        help: ArgumentHelp(
            "Give each final up to this many alternative transcripts with their scores (jsonl: `alternatives`; text: indented lines).",
            valueName: "n"))
    var alternatives: Int = 0

    func validate() throws {
        if alternatives < 0 { throw ValidationError("--alternatives \(alternatives): expected 0 or more") }
        if let vocabulary, !FileManager.default.fileExists(atPath: vocabulary) {
            throw ValidationError("--vocabulary \(vocabulary): no such file")
        }
    }

    /// The options with the vocabulary read and the alternative count set.
    /// - Parameters:
    ///   - options: The session's other options.
    ///   - language: The language of the message when the file is malformed.
    /// - Returns: The options as the session takes them.
    /// - Throws: `ExitCode` 65 after printing the `invalidVocabulary` error when the file is malformed.
    func applied(to options: DictationOptions, language: DictationError.Language) throws -> DictationOptions {
        var options = options
        options.alternativeCount = alternatives
        guard let vocabulary else { return options }
        do {
            options.vocabulary = try Vocabulary(contentsOfFile: vocabulary)
        } catch {
            Terminal.write("dictate: \(error.localized(to: language).description)\n", toStandardError: true)
            throw ExitCode(CLIExitCode.for(error))
        }
        return options
    }
}
