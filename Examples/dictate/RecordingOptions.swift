import ArgumentParser
import DictationKit
import Foundation

/// `--record` and `--recording-directory`: keeping the audio of a session in a WAV file.
struct RecordingOptions: ParsableArguments {
    @Flag(help: "Keep the audio in a WAV file (0600) in the recordings folder, and say where.")
    var record = false

    @Option(
        help: ArgumentHelp(
            "The folder for recordings (implies --record; default $XDG_DATA_HOME/dictationkit/recordings).",
            valueName: "dir"))
    var recordingDirectory: String?

    /// Whether recordings are on: asked for with `--record`, or by naming their folder.
    var isOn: Bool { record || recordingDirectory != nil }

    func validate() throws {
        if let recordingDirectory, recordingDirectory.isEmpty {
            throw ValidationError("--recording-directory needs a folder")
        }
    }

    /// The source to dictate from: `source`, recorded when asked.
    func wrap(_ source: any AudioSource) -> any AudioSource {
        isOn ? RecordingSource(wrapping: source, directory: recordingDirectory) : source
    }
}

/// After a session that recorded: says when no file was kept because no audio was read. (Where the
/// recording is, the session's ``DictationEvent/recordingStarted(path:)`` event says.)
enum RecordingSummary {
    static func finish(_ source: any AudioSource, announced: Bool) {
        guard announced, let recording = source as? RecordingSource, recording.recordingPath == nil else { return }
        Terminal.write("dictate: no audio was read, so I kept no recording\n", toStandardError: true)
    }
}
