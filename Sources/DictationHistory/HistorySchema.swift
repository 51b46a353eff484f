import GRDB

/// The history's tables, as a list of migrations: a database made by an older version is brought
/// up to date when it is opened, and never changed in any other way.
///
/// - `session`: one row per run: `id` (the short number people type), `uuid` (the run's
///   ``DictationKit/TranscriptSessionInfo/id``), `startedAt`, `endedAt` (`NULL` while it runs, or
///   when the process was killed), `locale` (really used), `requestedLocale`, `recordingPath`.
/// - `utterance`: one row per final: `sessionId`, `utteranceIndex` (as the session numbered it),
///   `text`, `words` (JSON: `[{"text","start","end","confidence"}]`), `startTime`, `endTime`,
///   `meanConfidence` (of its words; `NULL` when it has none), `locale`, `duration` (seconds of
///   audio), `createdAt` (when it was saved), `writtenText` (its written form, from a formatting
///   stage; `NULL` when it had none, or was kept before v2).
/// - `utteranceFullText`: an FTS5 index of `utterance.text`, kept in step by triggers.
enum HistorySchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: sessions, utterances and their full-text index") { db in
            try db.create(table: "session") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("uuid", .text).notNull().unique()
                table.column("startedAt", .datetime).notNull().indexed()
                table.column("endedAt", .datetime)
                table.column("locale", .text).notNull()
                table.column("requestedLocale", .text).notNull()
                table.column("recordingPath", .text)
            }
            try db.create(table: "utterance") { table in
                table.autoIncrementedPrimaryKey("id")
                // The unique key below indexes sessionId first, so deleting a session finds its rows fast.
                table.column("sessionId", .integer).notNull().references("session", onDelete: .cascade)
                table.column("utteranceIndex", .integer).notNull()
                table.column("text", .text).notNull()
                table.column("words", .jsonText).notNull()
                table.column("startTime", .double).notNull()
                table.column("endTime", .double).notNull()
                table.column("meanConfidence", .double)
                table.column("locale", .text).notNull()
                table.column("duration", .double).notNull()
                table.column("createdAt", .datetime).notNull()
                table.uniqueKey(["sessionId", "utteranceIndex"])
            }
            // Debian's SQLite is built with FTS5. An external-content table: the text is stored
            // once, in `utterance`, and GRDB's triggers keep the index in step on insert, update
            // and delete (including the cascade from a deleted session).
            try db.create(virtualTable: "utteranceFullText", using: FTS5()) { table in
                table.synchronize(withTable: "utterance")
                table.tokenizer = .unicode61()
                table.column("text")
            }
        }
        migrator.registerMigration("v2: the written form of each utterance") { db in
            try db.alter(table: "utterance") { table in
                table.add(column: "writtenText", .text)
            }
        }
        return migrator
    }
}
