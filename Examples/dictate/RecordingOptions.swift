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

    /// Turns recordings on in `options` when asked.
    func apply(to options: inout DictationOptions) {
        options.persistRawAudio = isOn
        options.recordingDirectory = recordingDirectory
    }
}

/// Says where a session's recording is, once: on standard error in text mode, and as a line
/// `{"type":"recording","path":"..."}` among the events in jsonl mode, so a program driving
/// `dictate` learns it too.
struct RecordingAnnouncer {
    let isOn: Bool
    let asJSON: Bool
    private(set) var announcedPath: String?

    /// Announces the session's recording as soon as it has one (its source is open).
    mutating func check(_ session: DictationSession) {
        guard isOn, announcedPath == nil, let path = session.recordingPath else { return }
        announcedPath = path
        if asJSON {
            let fields = ["type": "recording", "path": path]
            let data = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys, .withoutEscapingSlashes]))
            Terminal.write(String(decoding: data ?? Data(), as: UTF8.self) + "\n")
        } else {
            Terminal.write("dictate: recording to \(path)\n", toStandardError: true)
        }
    }

    /// After the session: announces a recording not seen yet, or says that an empty one was not kept.
    mutating func finish(_ session: DictationSession) {
        check(session)
        if isOn, !asJSON, announcedPath != nil, session.recordingPath == nil {
            Terminal.write("dictate: no audio was read, so I kept no recording\n", toStandardError: true)
        }
    }
}
