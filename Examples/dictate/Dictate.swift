import ArgumentParser

/// `dictate`: DictationKit from the command line. Each subcommand is a thin layer over the library.
@main
struct Dictate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Dictation on Linux: speech in, text out.",
        discussion: """
            Live dictation and transcription with DictationKit and PocketSphinx. Errors print one line with \
            a stable code in parentheses; see docs/errors.md.
            """,
        version: "0.1.0",
        subcommands: [
            Transcribe.self, Listen.self, TypeCommand.self, Devices.self, Doctor.self, Locales.self, Models.self,
            History.self, VocabularyCommand.self, Control.self, Serve.self, DecodeAudioWorker.self,
        ]
    )
}
