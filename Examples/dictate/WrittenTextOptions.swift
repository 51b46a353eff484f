import ArgumentParser
import DictationFormatting
import DictationKit

/// How `transcribe` and `listen` write what was said: written text by default, each feature a
/// switch, or the recognizer's own words with --raw.
struct WrittenTextOptions: ParsableArguments {
    @Flag(
        help:
            "Print the recognizer's own text as it is (PocketSphinx: lowercase words, numbers as words; Whisper: its own writing); jsonl carries both anyway."
    )
    var raw = false

    @Flag(name: .customLong("no-capitals"), help: "No capitals at sentence starts, for \"I\", days or months.")
    var noCapitals = false

    @Flag(name: .customLong("no-punctuation"), help: "No period or question mark added at the end of each utterance.")
    var noPunctuation = false

    @Flag(
        name: .customLong("no-spoken-punctuation"),
        help: "Keep \"comma\", \"period\", \"new line\"... as words rather than marks.")
    var noSpokenPunctuation = false

    @Flag(
        name: .customLong("no-commands"),
        help: "Keep \"scratch that\", \"new paragraph\", \"stop dictating\"... as words rather than commands.")
    var noCommands = false

    @Option(help: "Numbers: prose (digits, but one to nine as words), digits (always), or words (as the recognizer gave them).")
    var numbers: FormattingOptions.NumberStyle = .prose

    /// The formatter's options.
    var options: FormattingOptions {
        FormattingOptions(
            capitals: !noCapitals, sentenceMarks: !noPunctuation, spokenPunctuation: !noSpokenPunctuation,
            commands: !noCommands, numbers: numbers)
    }

    /// The stage that writes the text, which jsonl shows beside the words even with --raw; the
    /// vocabulary's entries are written as it spells them.
    /// - Parameter vocabulary: The session's custom vocabulary.
    func stage(spelling vocabulary: Vocabulary) -> FormattingStage {
        var options = options
        options.addSpellings(of: vocabulary)
        return FormattingStage(options: options)
    }
}

extension FormattingOptions.NumberStyle: ExpressibleByArgument {}
