import DictationKit
import Foundation
import GRDB
import Testing

@testable import DictationHistory

/// The store on its own: what is saved comes back, grouped, searched, deleted and exported.
@Suite(.timeLimit(.minutes(25))) struct SQLiteTranscriptStoreTests {
    @Test func whatIsSavedComesBackThroughAnotherConnection() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("history.sqlite")
        let started = Date(timeIntervalSince1970: 1_790_000_000.25)
        let info = HistoryFixtures.info(startedAt: started, locale: "en-US", requestedLocale: "nb-NO")
        let first = HistoryFixtures.final("go forward ten meters", index: 0, from: 0.46, to: 2.12)
        let second = HistoryFixtures.final("turn left", index: 1, from: 3.0, to: 3.8)
        let ended = started.addingTimeInterval(12)
        // The rows are stamped when they are saved: between these two moments (less the
        // millisecond the stored time is cut to).
        let beforeSaving = Date().addingTimeInterval(-0.001)
        do {
            let store = try SQLiteTranscriptStore(path: path)
            try store.sessionStarted(info)
            try store.save(first, session: info)
            try store.save(second, session: info)
            try store.sessionEnded(info, at: ended)
        }
        let afterSaving = Date()

        // A new store on the same file: nothing is served from the first one's memory.
        let reopened = try SQLiteTranscriptStore(path: path)
        let sessions = try reopened.sessions()
        try #require(sessions.count == 1)
        let session = sessions[0]
        #expect(session.uuid == info.id)
        #expect(session.locale == "en-US")
        #expect(session.requestedLocale == "nb-NO")
        #expect(session.recordingPath == nil)
        #expect(session.utteranceCount == 2)
        #expect(session.preview == "go forward ten meters")
        #expect(abs(session.startedAt.timeIntervalSince(started)) < 0.002)
        #expect(session.endedAt.map { abs($0.timeIntervalSince(ended)) < 0.002 } == true)

        let utterances = try reopened.utterances(inSession: session.id)
        #expect(utterances.map(\.transcript) == [first, second], "text, words (times, confidences), index and times")
        #expect(utterances.map(\.index) == [0, 1])
        #expect(utterances.allSatisfy { $0.locale == "en-US" && $0.sessionID == session.id })
        #expect(abs((utterances[0].meanConfidence ?? 0) - 0.65) < 1e-9, "mean of 0.5, 0.6, 0.7, 0.8")
        #expect(abs(utterances[1].duration - 0.8) < 1e-9)
        #expect(utterances.allSatisfy { $0.createdAt >= beforeSaving && $0.createdAt <= afterSaving }, "stamped when saved")
    }

    @Test func theWordsColumnIsJSONWithTimesAndConfidence() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("history.sqlite")
        let store = try SQLiteTranscriptStore(path: path)
        let info = HistoryFixtures.info()
        try store.save(HistoryFixtures.final("hello there", index: 0, from: 1, to: 2), session: info)
        let row = try DatabaseQueue(path: path).read { db in
            try Row.fetchOne(db, sql: "SELECT words, meanConfidence, duration, locale FROM utterance")
        }
        let words = try #require(row?["words"] as String?)
        #expect(
            words
                == #"[{"confidence":0.5,"end":1.5,"start":1,"text":"hello"},{"confidence":0.6,"end":2,"start":1.5,"text":"there"}]"#
        )
        #expect(row?["duration"] as Double? == 1)
        #expect(row?["locale"] as String? == "en-US")
    }

    @Test func aFinalWithoutWordsHasNoMeanConfidence() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try SQLiteTranscriptStore(path: folder.path("history.sqlite"))
        let info = HistoryFixtures.info()
        try store.save(Transcript(text: "", utteranceIndex: 0, startTime: 1, endTime: 1), session: info)
        let utterances = try store.utterances(inSession: try #require(try store.sessions().first?.id))
        #expect(utterances.count == 1)
        #expect(utterances.first?.meanConfidence == nil)
        #expect(try store.sessions().first?.preview == "", "an empty final is no preview")
    }

    @Test func saveWithoutSessionStartedStillKeepsTheFinalAndSavingAgainReplaces() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try SQLiteTranscriptStore(path: folder.path("history.sqlite"))
        let info = HistoryFixtures.info()
        try store.save(HistoryFixtures.final("first guess", index: 0, from: 0, to: 1), session: info)
        try store.save(HistoryFixtures.final("better answer", index: 0, from: 0, to: 1), session: info)
        try store.sessionStarted(info)  // late, and twice in effect: still one session
        let sessions = try store.sessions()
        #expect(sessions.count == 1)
        #expect(try store.utterances(inSession: sessions[0].id).map(\.text) == ["better answer"])
        // The full-text index followed the replacement.
        #expect(try store.search("guess").isEmpty)
        #expect(try store.search("better").map(\.utterance.text) == ["better answer"])
    }

    @Test func sessionsAreGroupedByTheDayOfTheGivenCalendar() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try SQLiteTranscriptStore(path: folder.path("history.sqlite"))
        // 2026-03-01 23:30 UTC, 2026-03-02 00:10 UTC, 2026-03-02 09:00 UTC, 2026-03-05 12:00 UTC.
        let base = Date(timeIntervalSince1970: 1_772_407_800)
        let starts = [0.0, 40 * 60, 9.5 * 3600, 3.5 * 86_400].map { base.addingTimeInterval($0) }
        var ids: [UUID] = []
        for (number, start) in starts.enumerated() {
            let info = HistoryFixtures.info(startedAt: start)
            ids.append(info.id)
            try store.save(HistoryFixtures.final("session \(number)", index: 0, from: 0, to: 1), session: info)
        }

        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = try #require(TimeZone(identifier: "UTC"))
        let days = try store.sessionsByDay(calendar: utc)
        #expect(days.map { $0.sessions.map(\.uuid) } == [[ids[3]], [ids[2], ids[1]], [ids[0]]], "newest first")
        #expect(days.map(\.day) == [starts[3], starts[2], starts[0]].map { utc.startOfDay(for: $0) })

        // In Oslo (UTC+1 in March) the first one already falls on 2 March.
        var oslo = Calendar(identifier: .gregorian)
        oslo.timeZone = try #require(TimeZone(identifier: "Europe/Oslo"))
        let osloDays = try store.sessionsByDay(calendar: oslo)
        #expect(osloDays.map { $0.sessions.map(\.uuid) } == [[ids[3]], [ids[2], ids[1], ids[0]]])
    }

    @Test func searchFindsUtterancesWithEveryWordOrItsBeginning() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try SQLiteTranscriptStore(path: folder.path("history.sqlite"))
        let older = HistoryFixtures.info(startedAt: Date(timeIntervalSince1970: 1_780_000_000))
        let newer = HistoryFixtures.info(startedAt: Date(timeIntervalSince1970: 1_780_100_000))
        try store.save(HistoryFixtures.final("go forward ten meters", index: 0, from: 0, to: 2), session: older)
        try store.save(HistoryFixtures.final("turn left", index: 1, from: 3, to: 4), session: older)
        try store.save(HistoryFixtures.final("Ten green bottles", index: 0, from: 0, to: 2), session: newer)
        try store.save(HistoryFixtures.final("forward the mail", index: 1, from: 3, to: 4), session: newer)

        #expect(try store.search("ten").map(\.utterance.text) == ["Ten green bottles", "go forward ten meters"])
        #expect(try store.search("TEN met").map(\.utterance.text) == ["go forward ten meters"], "prefix, any case")
        #expect(try store.search("forward").map(\.utterance.text) == ["forward the mail", "go forward ten meters"])
        #expect(try store.search("forward, ten!").map(\.utterance.text) == ["go forward ten meters"], "all words")
        #expect(try store.search("left right").isEmpty)
        #expect(try store.search("  ...  ").isEmpty, "no word, no results, no SQL error")
        #expect(try store.search("ten", limit: 1).count == 1)
        let hit = try #require(try store.search("left").first)
        #expect(hit.session.uuid == older.id)
        #expect(hit.utterance.index == 1)
    }

    @Test func deletingASessionRemovesItsUtterancesItsIndexEntriesAndItsRecording() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try SQLiteTranscriptStore(path: folder.path("history.sqlite"))
        let recording = folder.path("session.wav")
        #expect(FileManager.default.createFile(atPath: recording, contents: Data([1, 2, 3])))
        let doomed = HistoryFixtures.info(recordingPath: recording)
        let kept = HistoryFixtures.info()
        try store.save(HistoryFixtures.final("delete me please", index: 0, from: 0, to: 1), session: doomed)
        try store.save(HistoryFixtures.final("keep me please", index: 0, from: 0, to: 1), session: kept)
        let doomedID = try #require(try store.sessions().first { $0.uuid == doomed.id }?.id)

        #expect(try store.deleteSession(id: doomedID))
        #expect(try store.sessions().map(\.uuid) == [kept.id])
        #expect(try store.utterances(inSession: doomedID).isEmpty)
        #expect(try store.search("please").map(\.utterance.text) == ["keep me please"])
        #expect(!FileManager.default.fileExists(atPath: recording))
        #expect(try store.deleteSession(id: doomedID) == false, "a second delete finds nothing")
        let count = try DatabaseQueue(path: store.path).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM utterance") }
        #expect(count == 1)
    }

    @Test func sessionsAreNamedByNumberOrUUIDPrefix() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try SQLiteTranscriptStore(path: folder.path("history.sqlite"))
        let first = HistoryFixtures.info(id: try #require(UUID(uuidString: "ABCDEF01-0000-4000-8000-000000000001")))
        let second = HistoryFixtures.info(id: try #require(UUID(uuidString: "ABCD9999-0000-4000-8000-000000000002")))
        try store.sessionStarted(first)
        try store.sessionStarted(second)
        let ids = try store.sessions().reduce(into: [UUID: Int64]()) { $0[$1.uuid] = $1.id }

        #expect(try store.sessions(matching: String(try #require(ids[second.id]))).map(\.uuid) == [second.id])
        #expect(try store.sessions(matching: "abcdef").map(\.uuid) == [first.id])
        #expect(try store.sessions(matching: "ABCD9").map(\.uuid) == [second.id], "any case")
        #expect(Set(try store.sessions(matching: "abcd").map(\.uuid)) == [first.id, second.id], "ambiguous")
        #expect(try store.sessions(matching: "999").isEmpty, "a number is a session number, not a UUID prefix")
        #expect(try store.sessions(matching: "xyz").isEmpty)
        #expect(try store.sessions(matching: "' OR 1=1 --").isEmpty)
    }

    @Test func exportWritesWhatTranscribeWouldPrint() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try SQLiteTranscriptStore(path: folder.path("history.sqlite"))
        let info = HistoryFixtures.info()
        let finals = [
            HistoryFixtures.final("go forward ten meters", index: 0, from: 0.46, to: 2.12),
            HistoryFixtures.final("turn left", index: 1, from: 3661.5, to: 3662.25),
        ]
        for final in finals.reversed() { try store.save(final, session: info) }  // order comes from the index
        let id = try #require(try store.sessions().first?.id)

        #expect(try store.export(sessionID: id, as: .text) == "go forward ten meters\nturn left\n")
        #expect(
            try store.export(sessionID: id, as: .srt) == """
                1
                00:00:00,460 --> 00:00:02,120
                go forward ten meters

                2
                01:01:01,500 --> 01:01:02,250
                turn left


                """)
        #expect(
            try store.export(sessionID: id, as: .vtt) == """
                WEBVTT

                00:00:00.460 --> 00:00:02.120
                go forward ten meters

                01:01:01.500 --> 01:01:02.250
                turn left


                """)
        // jsonl: exactly the session's final events, words included.
        let lines = try #require(try store.export(sessionID: id, as: .jsonl)).split(separator: "\n").map(String.init)
        #expect(lines == finals.map { DictationEvent.final($0).jsonLine() })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(object["type"] as? String == "final")
        #expect(object["utterance"] as? Int == 0)
        #expect((object["words"] as? [[String: Any]])?.count == 4)
        #expect(try store.export(sessionID: id + 100, as: .text) == nil)
    }

    @Test func theDatabaseIsInWALModeWithNormalSynchronousAndSurvivesReopening() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("history.sqlite")
        let store = try SQLiteTranscriptStore(path: path)
        let (journal, synchronous) = try store.database.read { db in
            (try String.fetchOne(db, sql: "PRAGMA journal_mode"), try Int.fetchOne(db, sql: "PRAGMA synchronous"))
        }
        #expect(journal == "wal")
        #expect(synchronous == 1, "NORMAL: see the comment in SQLiteTranscriptStore.init")
        let info = HistoryFixtures.info()
        try store.save(HistoryFixtures.final("still here", index: 0, from: 0, to: 1), session: info)
        // Migrations already applied are not applied again; the data stays.
        let again = try SQLiteTranscriptStore(path: path)
        #expect(try again.search("still").count == 1)
        let applied = try again.database.read { try HistorySchema.migrator.appliedMigrations($0) }
        #expect(applied.count == 2)
    }

    @Test func aFileThatIsNotADatabaseIsHistoryUnavailable() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("history.sqlite")
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try SQLiteTranscriptStore(path: path)
        } throws: { error in
            guard let error = error as? DictationError else { return false }
            return error.code == .historyUnavailable && !error.isFatal && error.message.contains(path)
        }
    }
}
