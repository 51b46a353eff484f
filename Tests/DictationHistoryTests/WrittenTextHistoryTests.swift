import DictationKit
import Foundation
import GRDB
import Testing

@testable import DictationHistory

/// The history keeps both forms of a final: the recognizer's words and the written text.
@Suite(.timeLimit(.minutes(25))) struct WrittenTextHistoryTests {
    @Test func bothFormsAreKeptAndExportsShowTheWrittenOne() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let info = HistoryFixtures.info()
        var first = HistoryFixtures.final("go forward ten meters", index: 0, from: 0.46, to: 2.12)
        first.writtenText = "Go forward 10 meters."
        var command = HistoryFixtures.final("scratch that", index: 1, from: 3, to: 4)
        command.writtenText = ""
        let plain = HistoryFixtures.final("turn left", index: 2, from: 5, to: 6)
        do {
            let store = try SQLiteTranscriptStore(path: folder.path("history.sqlite"))
            for final in [first, command, plain] { try store.save(final, session: info) }
        }
        let store = try SQLiteTranscriptStore(path: folder.path("history.sqlite"))
        let session = try #require(try store.sessions().first)
        let utterances = try store.utterances(inSession: session.id)
        #expect(utterances.map(\.text) == ["go forward ten meters", "scratch that", "turn left"])
        #expect(utterances.map(\.transcript.writtenText) == ["Go forward 10 meters.", "", nil])
        #expect(utterances.map(\.shownText) == ["Go forward 10 meters.", "", "turn left"])
        #expect(try store.export(sessionID: session.id, as: .text) == "Go forward 10 meters.\nturn left\n")
        let jsonl = try #require(try store.export(sessionID: session.id, as: .jsonl))
        #expect(jsonl.contains(#""text":"go forward ten meters""#) && jsonl.contains(#""written":"Go forward 10 meters.""#))
        #expect(try store.search("forward").count == 1, "search reads the words")
    }

    @Test func aVersionOneDatabaseGainsTheColumnAndKeepsItsRows() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("history.sqlite")
        let info = HistoryFixtures.info()
        do {
            // A database as the first version made it.
            let queue = try DatabaseQueue(path: path)
            try HistorySchema.migrator.migrate(queue, upTo: "v1: sessions, utterances and their full-text index")
            let columns = try queue.read { try $0.columns(in: "utterance").map(\.name) }
            #expect(!columns.contains("writtenText"))
            try queue.write { db in
                try db.execute(
                    sql: "INSERT INTO session (uuid, startedAt, locale, requestedLocale) VALUES (?, ?, 'en-US', 'en-US')",
                    arguments: [info.id.uuidString.lowercased(), Date()])
                try db.execute(
                    sql: """
                        INSERT INTO utterance (sessionId, utteranceIndex, text, words, startTime, endTime, locale,
                            duration, createdAt) VALUES (1, 0, 'old words', '[]', 0, 1, 'en-US', 1, ?)
                        """, arguments: [Date()])
            }
        }
        let store = try SQLiteTranscriptStore(path: path)
        let utterances = try store.utterances(inSession: 1)
        #expect(utterances.map(\.text) == ["old words"])
        #expect(utterances.first?.transcript.writtenText == nil)
        var next = HistoryFixtures.final("new words", index: 1, from: 2, to: 3)
        next.writtenText = "New words."
        try store.save(next, session: info)
        #expect(try store.utterances(inSession: 1).map(\.shownText) == ["old words", "New words."])
    }
}
