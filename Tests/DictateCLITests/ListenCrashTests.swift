import DictationTestSupport
import DictationTesting
import Foundation
import GRDB
import Testing

/// `dictate listen` killed with SIGKILL at random moments has kept, in its history, every final it
/// had printed, and leaves a database that opens cleanly.
@Suite(.serialized, .timeLimit(.minutes(25))) struct ListenCrashTests {
    /// Fixed, so that a failure can be replayed; every failure message carries it.
    static let seed: UInt64 = 0x0D1C_7A7E_5EED_0004
    static let kills = 4

    /// Several utterances with pauses longer than the endpointer's 0.5 s between them: ~25 s of audio.
    static func speech() throws -> [Int16] {
        let pause = [Int16](repeating: 0, count: Int(0.9 * 16_000))
        var samples: [Int16] = []
        for name in ["goforward", "numbers", "something", "goforward", "numbers", "something"] {
            samples += try PocketSphinxTestData.raw(name + ".raw") + pause
        }
        return samples
    }

    @Test func aKilledListenHasKeptEveryFinalItPrinted() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("dictate-crash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let database = home.appendingPathComponent("dictationkit/history.sqlite").path
        let speech = try Self.speech()
        var random = SplitMix64(seed: Self.seed)

        for kill in 1...Self.kills {
            // After the first final, 0 to 119 more lines (a level per 100 ms of audio read, the
            // speech at twice real time): mid-utterance, mid-save, between utterances.
            let linesAfter = Int(random.next() % 120)
            let seed = "seed 0x\(String(Self.seed, radix: 16))"
            let context = "kill \(kill) of \(Self.kills), \(linesAfter) lines after the first final (\(seed))"
            let microphone = try TestMicrophone()
            var environment = microphone.environment
            environment["XDG_DATA_HOME"] = home.path
            let dictate = try RunningDictate(
                ["listen", "--device", TestMicrophone.device, "--format", "jsonl"], environment: environment,
                watchdog: .seconds(120))
            microphone.keepPlaying(speech, speed: 2)
            try dictate.waitForLine("dictate prints its first final; \(context)", where: ListenCommandTests.isFinal)
            let firstFinal = try #require(dictate.linesSoFar.firstIndex(where: ListenCommandTests.isFinal))
            // The speech ends, and with it the finals, but never the levels: the device plays silence.
            try waitUntil("dictate prints \(linesAfter) lines after its first final; \(context)") {
                dictate.linesSoFar.count > firstFinal + linesAfter || !dictate.process.isRunning
            }
            let (printed, killed) = dictate.killAndFinish()
            microphone.closeWriter()
            #expect(killed, "dictate ended before it was killed; \(context); stderr: \(printed.standardError)")

            let finals = try Self.finals(in: printed.standardOutput)
            #expect(!finals.isEmpty, "\(context)")
            // A fresh connection, as the next dictate would open it: SQLite recovers the WAL.
            let (check, kept, ended) = try DatabaseQueue(path: database).read { db in
                let check = try String.fetchAll(db, sql: "PRAGMA integrity_check")
                let session = try Row.fetchOne(db, sql: "SELECT id, endedAt FROM session ORDER BY id DESC LIMIT 1")
                let id: Int64 = session?["id"] ?? -1
                let rows = try Row.fetchAll(
                    db, sql: "SELECT utteranceIndex, text FROM utterance WHERE sessionId = ?", arguments: [id])
                let kept = Dictionary(uniqueKeysWithValues: rows.map { ($0["utteranceIndex"] as Int, $0["text"] as String) })
                return (check, kept, session?["endedAt"] as String?)
            }
            #expect(check == ["ok"], "\(context)")
            #expect(ended == nil, "the end of a killed run can't have been recorded; \(context)")
            for (index, text) in finals {
                #expect(kept[index] == text, "final \(index) “\(text)” was printed but not kept; \(context); kept: \(kept)")
            }
            let sessions = try DatabaseQueue(path: database).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM session") }
            #expect(sessions == kill, "one session per run, earlier ones intact; \(context)")
            Swift.print("crash test: \(context): \(finals.count) finals printed, \(kept.count) kept")
        }
    }

    /// (utterance index, text) of every final line; a line cut by the kill is not a printed final.
    static func finals(in output: String) throws -> [(Int, String)] {
        try output.split(separator: "\n", omittingEmptySubsequences: true).compactMap { line in
            guard line.contains(#""type":"final""#),
                let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            else { return nil }
            let index = try #require(object["utterance"] as? Int)
            let text = try #require(object["text"] as? String)
            return (index, text)
        }
    }
}
