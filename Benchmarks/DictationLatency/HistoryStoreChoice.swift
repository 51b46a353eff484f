import DictationHistory
import DictationKit
import Foundation

/// `--history-store none|sqlite|slow`: the transcript store the benchmark's sessions keep their
/// finals in, to measure what a history costs partials and finals.
///
/// - `none` (the default): no history, as before the option.
/// - `sqlite`: `SQLiteTranscriptStore` in a fresh database in the temporary folder, as `dictate
///   listen` keeps its history.
/// - `slow`: the same database behind a store that sleeps ``SlowTranscriptStore/delay`` before
///   each save, a disk far slower than any: partial latency must not change.
enum HistoryStoreChoice: String, CaseIterable {
    case none, sqlite, slow

    /// The choice on the command line; `nil` when it names none of them.
    static func parse(_ arguments: [String]) -> HistoryStoreChoice? {
        guard let index = arguments.firstIndex(of: "--history-store") else { return HistoryStoreChoice.none }
        guard index + 1 < arguments.count else { return nil }
        return HistoryStoreChoice(rawValue: arguments[index + 1])
    }

    /// Makes the store: one database for the whole benchmark, in a folder of its own.
    /// - Returns: The store, and the folder to remove at the end; `nil` for `none`.
    func makeStore() throws -> (store: any TranscriptStore, folder: URL)? {
        guard self != .none else { return nil }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dictation-latency-\(UUID().uuidString)")
        let database = try SQLiteTranscriptStore(path: folder.appendingPathComponent("history.sqlite").path)
        return (self == .slow ? SlowTranscriptStore(database) : database, folder)
    }
}
