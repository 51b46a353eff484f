import ArgumentParser
import DictationHistory
import DictationKit
import Foundation

extension Dictate {
    /// `dictate history`: what `dictate listen` (and `transcribe --history`) kept.
    struct History: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List, show, export, search and delete the transcripts dictate kept.",
            discussion: """
                `dictate listen` keeps every utterance in a private SQLite database as soon as it is \
                recognized (`--no-history` turns that off; `dictate transcribe --history` turns it on), \
                by default $XDG_DATA_HOME/dictationkit/history.sqlite (~/.local/share/dictationkit/...). \
                A session is named by its number in `dictate history list`, or by the start of its UUID.
                """,
            subcommands: [List.self, Show.self, Export.self, Search.self, Delete.self],
            defaultSubcommand: List.self)
    }
}

/// `--database`, shared by the `history` subcommands, and opening the history for them.
struct HistoryDatabaseOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The history database (default: $XDG_DATA_HOME/dictationkit/history.sqlite).", valueName: "path"))
    var database: String?

    /// The history, or `nil` when its file does not exist yet (it is not made just to be read).
    func openExisting() throws -> SQLiteTranscriptStore? {
        guard let path = database ?? SQLiteTranscriptStore.defaultPath() else {
            return try Self.open(nil)  // reports that no path can be found
        }
        guard FileManager.default.fileExists(atPath: path) else {
            Terminal.write(
                "There is no history at \(path) yet: `dictate listen` keeps one.\n", toStandardError: true)
            return nil
        }
        return try Self.open(path)
    }

    /// The session `reference` names, or an exit after saying why there is none.
    func session(_ reference: String, in store: SQLiteTranscriptStore) throws -> HistorySession {
        let found = try Self.run { () throws(DictationError) in try store.sessions(matching: reference) }
        switch found.count {
        case 1:
            return found[0]
        case 0:
            Terminal.write(
                "dictate: there is no session \(reference) in the history; `dictate history list` shows them.\n",
                toStandardError: true)
        default:
            let names = found.prefix(5).map { "\($0.id) (\($0.uuid.uuidString.lowercased()))" }
            Terminal.write(
                "dictate: \(reference) could be any of \(names.joined(separator: ", ")); give more of it, "
                    + "or the session number.\n",
                toStandardError: true)
        }
        throw ExitCode(1)
    }

    /// Runs a store call; its error is printed as one line and becomes the exit status.
    static func run<T>(_ body: () throws(DictationError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            Terminal.write("dictate: \(error.description)\n", toStandardError: true)
            throw ExitCode(CLIExitCode.for(error))
        }
    }

    private static func open(_ path: String?) throws -> SQLiteTranscriptStore {
        try run { () throws(DictationError) in try SQLiteTranscriptStore(path: path) }
    }

    /// Opens the history a recognizing subcommand keeps its finals in. A history that can't be
    /// opened does not stop dictation: the error is returned to be shown, and no store.
    static func sessionStore(keeping: Bool, path: String?) -> (SQLiteTranscriptStore?, DictationError?) {
        guard keeping else { return (nil, nil) }
        do {
            return (try SQLiteTranscriptStore(path: path), nil)
        } catch {
            return (nil, error)
        }
    }
}

/// How the history subcommands write dates and times: in the local time zone, in English.
enum HistoryDates {
    static func day(_ date: Date) -> String { formatter("EEEE, yyyy-MM-dd").string(from: date) }
    static func time(_ date: Date) -> String { formatter("HH:mm").string(from: date) }
    static func dateAndTime(_ date: Date) -> String { formatter("yyyy-MM-dd HH:mm:ss").string(from: date) }

    private static func formatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .current
        formatter.dateFormat = format
        return formatter
    }
}
