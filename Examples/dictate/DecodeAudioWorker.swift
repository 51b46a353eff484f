import ArgumentParser
import Dictation

/// `dictate decode-audio-worker`: decodes the audio file on standard input and writes the
/// decoded audio to standard output, for `dictate serve`, which runs itself this way once per
/// upload so that a decoder's leak or crash on a hostile file ends with this process
/// (`AudioDecodingWorker`). Hidden from the help: nobody runs it by hand.
struct DecodeAudioWorker: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode-audio-worker",
        abstract: "Decode the audio file on standard input for `dictate serve` (internal).",
        shouldDisplay: false
    )

    /// The arguments that run it: what `dictate serve` gives `AudioDecodingWorker`.
    static let arguments = ["decode-audio-worker"]

    func run() throws {
        let status = AudioDecodingWorker.serveStandardStreams()
        if status != 0 { throw ExitCode(status) }
    }
}
