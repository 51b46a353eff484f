import ArgumentParser
import DictationHistory
import DictationKit

/// Whether `listen` and `type` keep their utterances in the transcript history, and where.
struct LiveHistoryOptions: ParsableArguments {
    @Flag(inversion: .prefixedNo, help: "Keep each utterance in the transcript history (see `dictate history`).")
    var history = true

    @Option(
        help: ArgumentHelp(
            "Keep the history in this SQLite file (default: $XDG_DATA_HOME/dictationkit/history.sqlite).", valueName: "path"))
    var historyDatabase: String?

    func validate() throws {
        if !history, historyDatabase != nil {
            throw ValidationError("--history-database keeps a history and --no-history keeps none: give one of them")
        }
    }

    /// The history to keep finals in, or the error that kept it from opening (dictation goes on without it).
    var store: (SQLiteTranscriptStore?, DictationError?) {
        HistoryDatabaseOptions.sessionStore(keeping: history, path: historyDatabase)
    }
}
