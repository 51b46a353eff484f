import DictationKit
import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#endif

extension SQLiteTranscriptStore {
    /// The kept sessions, newest first.
    /// - Parameter limit: At most this many; `nil` for all.
    /// - Returns: The sessions, with their utterance counts and previews.
    /// - Throws: `DictationError.Code.historyUnavailable` when the database can't be read.
    public func sessions(limit: Int? = nil) throws(DictationError) -> [HistorySession] {
        try read("list the sessions") { db in
            try Row.fetchAll(
                db, sql: Self.sessionQuery + " ORDER BY s.startedAt DESC, s.id DESC LIMIT ?",
                arguments: [limit ?? -1]
            ).map(Self.session(from:))
        }
    }

    /// The kept sessions grouped by the day they started on, newest day first.
    /// - Parameter calendar: The calendar (and time zone) that says where a day begins.
    /// - Returns: One entry per day that has sessions, each with its sessions newest first.
    /// - Throws: `DictationError.Code.historyUnavailable` when the database can't be read.
    public func sessionsByDay(calendar: Calendar = .current) throws(DictationError) -> [HistoryDay] {
        var days: [HistoryDay] = []
        for session in try sessions() {
            let day = calendar.startOfDay(for: session.startedAt)
            if days.last?.day == day {
                days[days.count - 1].sessions.append(session)
            } else {
                days.append(HistoryDay(day: day, sessions: [session]))
            }
        }
        return days
    }

    /// One session, by its number.
    /// - Parameter id: The ``HistorySession/id``.
    /// - Returns: The session, or `nil` when there is none with that number.
    /// - Throws: `DictationError.Code.historyUnavailable` when the database can't be read.
    public func session(id: Int64) throws(DictationError) -> HistorySession? {
        try read("read a session") { db in
            try Row.fetchOne(db, sql: Self.sessionQuery + " WHERE s.id = ?", arguments: [id]).map(Self.session(from:))
        }
    }

    /// The sessions a person's reference names: a session number (`12`), or the start of a run's
    /// UUID (`3f2a`, any case), which may name several. All digits is always a session number.
    /// - Parameter reference: What was typed.
    /// - Returns: The sessions it names, newest first; empty when none.
    /// - Throws: `DictationError.Code.historyUnavailable` when the database can't be read.
    public func sessions(matching reference: String) throws(DictationError) -> [HistorySession] {
        let reference = reference.trimmingCharacters(in: .whitespaces).lowercased()
        // A number is a session number, even when it could also begin a UUID.
        if let id = Int64(reference) { return try session(id: id).map { [$0] } ?? [] }
        guard !reference.isEmpty, reference.allSatisfy({ $0.isHexDigit || $0 == "-" }) else { return [] }
        return try read("find a session") { db in
            try Row.fetchAll(
                db, sql: Self.sessionQuery + " WHERE substr(s.uuid, 1, ?) = ? ORDER BY s.startedAt DESC",
                arguments: [reference.count, reference]
            ).map(Self.session(from:))
        }
    }

    /// A session's utterances, in order.
    /// - Parameter sessionID: The ``HistorySession/id``.
    /// - Returns: Its kept finals; empty when the session has none or does not exist.
    /// - Throws: `DictationError.Code.historyUnavailable` when the database can't be read.
    public func utterances(inSession sessionID: Int64) throws(DictationError) -> [HistoryUtterance] {
        try read("read a session's utterances") { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM utterance WHERE sessionId = ? ORDER BY utteranceIndex", arguments: [sessionID]
            ).map(Self.utterance(from:))
        }
    }

    /// Utterances that contain every word given, as whole words or their beginnings, whatever the
    /// case (full-text search).
    /// - Parameters:
    ///   - words: What to look for, e.g. `"ten met"`; punctuation is ignored.
    ///   - limit: At most this many results.
    /// - Returns: The matches, newest session first and in order within a session; empty when
    ///   `words` has no word in it.
    /// - Throws: `DictationError.Code.historyUnavailable` when the database can't be read.
    public func search(_ words: String, limit: Int = 100) throws(DictationError) -> [HistorySearchResult] {
        guard let pattern = FTS5Pattern(matchingAllPrefixesIn: words) else { return [] }
        return try read("search the history") { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT utterance.* FROM utterance
                    JOIN utteranceFullText ON utteranceFullText.rowid = utterance.id
                    JOIN session ON session.id = utterance.sessionId
                    WHERE utteranceFullText MATCH ?
                    ORDER BY session.startedAt DESC, session.id DESC, utterance.utteranceIndex
                    LIMIT ?
                    """,
                arguments: [pattern, limit])
            var sessions: [Int64: HistorySession] = [:]
            return try rows.compactMap { row -> HistorySearchResult? in
                let utterance = try Self.utterance(from: row)
                if sessions[utterance.sessionID] == nil {
                    sessions[utterance.sessionID] = try Row.fetchOne(
                        db, sql: Self.sessionQuery + " WHERE s.id = ?", arguments: [utterance.sessionID]
                    ).map(Self.session(from:))
                }
                return sessions[utterance.sessionID].map { HistorySearchResult(session: $0, utterance: utterance) }
            }
        }
    }

    /// Deletes a session, its utterances and its recording file, if it has one.
    /// - Parameter id: The ``HistorySession/id``.
    /// - Returns: Whether there was such a session.
    /// - Throws: `DictationError.Code.historyUnavailable` when the database can't be written, or
    ///   the recording can't be removed (the session is deleted by then).
    @discardableResult
    public func deleteSession(id: Int64) throws(DictationError) -> Bool {
        let deleted: (found: Bool, recording: String?) = try write("delete session \(id)") { db in
            let recording = try String?.fetchOne(db, sql: "SELECT recordingPath FROM session WHERE id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM session WHERE id = ?", arguments: [id])
            return (db.changesCount > 0, recording ?? nil)
        }
        if let recording = deleted.recording, unlink(recording) != 0, errno != ENOENT {
            throw DictationError.historyUnavailable(
                "I deleted session \(id), but not its recording \(recording) (\(String(cString: strerror(errno))))",
                advice: "Remove that file yourself if you don't want it kept.")
        }
        return deleted.found
    }

    /// A session's finals in an export format, as `dictate transcribe` would have printed them.
    /// - Parameters:
    ///   - sessionID: The ``HistorySession/id``.
    ///   - format: The format.
    /// - Returns: The document, or `nil` when there is no such session.
    /// - Throws: `DictationError.Code.historyUnavailable` when the database can't be read.
    public func export(sessionID: Int64, as format: TranscriptExportFormat) throws(DictationError) -> String? {
        guard try session(id: sessionID) != nil else { return nil }
        return format.render(try utterances(inSession: sessionID).map(\.transcript))
    }

    // MARK: - Rows

    private static let sessionQuery = """
        SELECT s.*,
            (SELECT count(*) FROM utterance u WHERE u.sessionId = s.id) AS utteranceCount,
            (SELECT u.text FROM utterance u WHERE u.sessionId = s.id AND u.text <> ''
                ORDER BY u.utteranceIndex LIMIT 1) AS preview
        FROM session s
        """

    private static func session(from row: Row) throws -> HistorySession {
        let uuidText: String = row["uuid"]
        guard let uuid = UUID(uuidString: uuidText) else {
            throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "session \(row["id"] as Int64) has no valid UUID")
        }
        return HistorySession(
            id: row["id"], uuid: uuid, startedAt: row["startedAt"], endedAt: row["endedAt"], locale: row["locale"],
            requestedLocale: row["requestedLocale"], recordingPath: row["recordingPath"],
            utteranceCount: row["utteranceCount"], preview: row["preview"] ?? "")
    }

    private static func utterance(from row: Row) throws -> HistoryUtterance {
        let wordsJSON: String = row["words"]
        let words = (try? JSONDecoder().decode([Word].self, from: Data(wordsJSON.utf8))) ?? []
        let text: String = row["text"]
        // History keeps finals only, and a final's words are all stable.
        let transcript = Transcript(
            text: text, words: words, utteranceIndex: row["utteranceIndex"], startTime: row["startTime"],
            endTime: row["endTime"], stableWordCount: text.split(separator: " ").count, writtenText: row["writtenText"])
        return HistoryUtterance(
            sessionID: row["sessionId"], transcript: transcript, meanConfidence: row["meanConfidence"],
            locale: row["locale"], createdAt: row["createdAt"])
    }
}
