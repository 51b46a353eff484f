import DictationKit
import Foundation
import GRDB
import Logging

/// A durable transcript history in an SQLite database: the `TranscriptStore` that
/// DictationKit ships.
///
/// ```swift
/// let history = try SQLiteTranscriptStore()      // ~/.local/share/dictationkit/history.sqlite
/// let session = DictationSession(
///     source: ALSACaptureSource(), preprocessing: StandardPreprocessing(),
///     recognizer: PocketSphinxRecognizer(), transcriptStore: history)
/// ```
///
/// Each final is written in a transaction of its own, and ``save(_:session:)`` returns once it is
/// committed, so a process killed at any moment keeps every final it delivered. The database, its
/// `-wal` and `-shm` files are private to the user (mode 0600), and a folder made for them is 0700.
/// Reads (``sessions(limit:)``, ``search(_:limit:)``, ...) may run in other processes at the
/// same time: the database is in WAL mode.
public final class SQLiteTranscriptStore: TranscriptStore {
    /// The database file.
    public let path: String
    let database: DatabaseQueue
    private let logger: Logger

    /// Where the history is kept unless told otherwise: `$XDG_DATA_HOME/dictationkit/history.sqlite`,
    /// or `~/.local/share/dictationkit/history.sqlite` when `XDG_DATA_HOME` is unset or not absolute.
    /// - Parameter environment: The environment to read `XDG_DATA_HOME` and `HOME` from.
    /// - Returns: The path, or `nil` when neither variable is an absolute path.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        HistoryDatabaseFile.defaultPath(environment: environment)
    }

    /// Opens the history, creating it (and the folders to it) when it does not exist, and bringing
    /// an older one's tables up to date.
    /// - Parameters:
    ///   - path: The database file; `nil` for ``defaultPath(environment:)``.
    ///   - environment: The environment the default path is read from.
    ///   - logger: Where the store logs; silent unless the app bootstrapped a log handler.
    /// - Throws: `DictationError` with `DictationError.Code.historyUnavailable` (not fatal) when
    ///   the file can't be created or opened, or isn't a history database.
    public init(
        path: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment,
        logger: Logger = Logger(label: "DictationHistory")
    ) throws(DictationError) {
        guard let path = path ?? HistoryDatabaseFile.defaultPath(environment: environment) else {
            throw DictationError.historyUnavailable(
                "I don't know where to keep it: neither XDG_DATA_HOME nor HOME is set to an absolute path",
                advice: "Set one of them, or give the history a file with `--history-database PATH`.")
        }
        // The file exists, mode 0600, before SQLite opens it: SQLite gives -wal and -shm its mode.
        try HistoryDatabaseFile.prepare(path)
        var configuration = Configuration()
        configuration.label = "DictationHistory"
        // WAL: a commit appends to the -wal file; readers in other processes never block the writer.
        configuration.journalMode = .wal
        // Another process (a second `dictate listen`, a `dictate history list`) may hold the lock briefly.
        configuration.busyMode = .timeout(10)
        do {
            database = try DatabaseQueue(path: path, configuration: configuration)
            // Durability. The requirement is that a *process* killed at any moment (SIGKILL, a
            // crash) loses no final it delivered; surviving power loss is not asked for. In WAL
            // mode, COMMIT writes the transaction's frames into the -wal file with write(2) before
            // it returns; synchronous=NORMAL only leaves out the fsync of the WAL at each commit
            // (it syncs at checkpoints). What write(2) handed the kernel is in the page cache and
            // reaches the disk whether or not the process lives on, so SIGKILL right after save()
            // returns loses nothing, and SQLite recovers the WAL at the next open. Only a kernel
            // crash or power cut could lose the last commits (never corrupting the database).
            // FULL would fsync on every final, costing milliseconds to tens of milliseconds
            // before each final is delivered (the session's history writes on a thread of its
            // own, so partials would not wait), for a guarantee beyond the one we make. GRDB
            // already pairs WAL with NORMAL; it is set here so that the choice is ours, and
            // written down.
            try database.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
            try HistorySchema.migrator.migrate(database)
        } catch {
            throw Self.failure("I can't open \(path)", error)
        }
        self.path = path
        self.logger = logger
        logger.debug("transcript history open", metadata: ["path": "\(path)"])
    }

    // MARK: - TranscriptStore

    /// Records that a run started.
    /// - Parameter session: The run.
    /// - Throws: `DictationError.Code.historyUnavailable` when it could not be written.
    public func sessionStarted(_ session: TranscriptSessionInfo) throws(DictationError) {
        try write("record a new session") { db in _ = try Self.rowID(of: session, in: db) }
    }

    /// Saves a final in a transaction of its own and returns once it is committed: its words and,
    /// when a formatting stage wrote it, its written text.
    ///
    /// The session's row is made if ``sessionStarted(_:)`` did not make it. Saving the same
    /// utterance index of a session again replaces it.
    /// - Parameters:
    ///   - final: The final, with its session's utterance index.
    ///   - session: The run it belongs to.
    /// - Throws: `DictationError.Code.historyUnavailable` when it could not be committed.
    public func save(_ final: Transcript, session: TranscriptSessionInfo) throws(DictationError) {
        let words = Self.wordsJSON(final.words)
        let meanConfidence: Double? =
            final.words.isEmpty ? nil : final.words.map(\.confidence).reduce(0, +) / Double(final.words.count)
        try write("save what you said") { db in
            let sessionID = try Self.rowID(of: session, in: db)
            try db.execute(
                sql: """
                    INSERT INTO utterance (sessionId, utteranceIndex, text, words, startTime, endTime,
                        meanConfidence, locale, duration, createdAt, writtenText)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (sessionId, utteranceIndex) DO UPDATE SET
                        text = excluded.text, words = excluded.words, writtenText = excluded.writtenText,
                        startTime = excluded.startTime,
                        endTime = excluded.endTime, meanConfidence = excluded.meanConfidence,
                        locale = excluded.locale, duration = excluded.duration, createdAt = excluded.createdAt
                    """,
                arguments: [
                    sessionID, final.utteranceIndex, final.text, words, final.startTime, final.endTime,
                    meanConfidence, session.locale, max(0, final.endTime - final.startTime), Date(),
                    final.writtenText,
                ])
        }
    }

    /// Records when a run ended.
    /// - Parameters:
    ///   - session: The run.
    ///   - date: When it ended.
    /// - Throws: `DictationError.Code.historyUnavailable` when it could not be written.
    public func sessionEnded(_ session: TranscriptSessionInfo, at date: Date) throws(DictationError) {
        try write("record the end of a session") { db in
            let sessionID = try Self.rowID(of: session, in: db)
            try db.execute(sql: "UPDATE session SET endedAt = ? WHERE id = ?", arguments: [date, sessionID])
        }
    }

    // MARK: - Helpers

    /// The session's row id, making its row when there is none yet.
    private static func rowID(of session: TranscriptSessionInfo, in db: Database) throws -> Int64 {
        let uuid = session.id.uuidString.lowercased()
        if let id = try Int64.fetchOne(db, sql: "SELECT id FROM session WHERE uuid = ?", arguments: [uuid]) {
            return id
        }
        try db.execute(
            sql: """
                INSERT INTO session (uuid, startedAt, locale, requestedLocale, recordingPath)
                VALUES (?, ?, ?, ?, ?)
                """,
            arguments: [uuid, session.startedAt, session.locale, session.requestedLocale, session.recordingPath])
        return db.lastInsertedRowID
    }

    private static func wordsJSON(_ words: [Word]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // [Word] is strings and numbers; only a non-finite number could fail, and then no words are kept.
        guard let data = try? encoder.encode(words) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }

    /// One write transaction, committed before it returns.
    func write<T>(_ what: String, _ updates: (Database) throws -> T) throws(DictationError) -> T {
        do {
            return try database.write(updates)
        } catch {
            logger.debug("transcript history write failed", metadata: ["what": "\(what)", "error": "\(error)"])
            throw Self.failure("I couldn't \(what) in \(path)", error)
        }
    }

    /// A read of a consistent snapshot.
    func read<T>(_ what: String, _ value: (Database) throws -> T) throws(DictationError) -> T {
        do {
            return try database.read(value)
        } catch {
            throw Self.failure("I couldn't \(what) from \(path)", error)
        }
    }

    /// A ``DictationError/Code/historyUnavailable`` for a database failure. SQLite's own message
    /// only: GRDB's description would add the SQL statement, which says nothing to a person.
    static func failure(_ what: String, _ error: any Error) -> DictationError {
        let reason: String
        if let error = error as? DatabaseError {
            reason = error.message ?? "SQLite error \(error.extendedResultCode.rawValue)"
        } else if let error = error as? DictationError {
            return error
        } else {
            reason = "\(error)"
        }
        return DictationError.historyUnavailable("\(what) (\(reason))")
    }
}
