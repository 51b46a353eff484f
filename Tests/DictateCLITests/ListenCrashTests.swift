import Foundation
import GRDB
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

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
            samples += try recording(name) + pause
        }
        return samples
    }

    static func recording(_ name: String) throws -> [Int16] {
        let path = "/usr/share/pocketsphinx/test/data/\(name).raw"
        let data = try #require(FileManager.default.contents(atPath: path), "missing \(path): apt-get install pocketsphinx-testdata")
        return data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }

    @Test func aKilledListenHasKeptEveryFinalItPrinted() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("dictate-crash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let database = home.appendingPathComponent("dictationkit/history.sqlite").path
        let speech = try Self.speech()
        var random = SplitMix(seed: Self.seed)

        for kill in 1...Self.kills {
            // After the first final, 0 to 6 s more: mid-utterance, mid-save, between utterances.
            let delay = Double(random.next() % 6000) / 1000
            let context = "kill \(kill) of \(Self.kills), \(delay) s after the first final (seed 0x\(String(Self.seed, radix: 16)))"
            let microphone = try TestMicrophone()
            var environment = microphone.environment
            environment["XDG_DATA_HOME"] = home.path
            let dictate = try KillableDictate(
                ["listen", "--device", TestMicrophone.device, "--format", "jsonl"], environment: environment)
            microphone.keepPlaying(speech, speed: 2)
            let sawFinal = dictate.waitForOutput(timeout: 60) { $0.contains(#""type":"final""#) }
            Thread.sleep(forTimeInterval: delay)
            let printed = dictate.killAndCollect()
            microphone.closeWriter()
            try #require(sawFinal, "no final within 60 s; \(context); printed: \(printed.output.suffix(1000))")
            #expect(printed.killed, "dictate ended before it was killed; \(context); stderr: \(printed.error)")

            let finals = try Self.finals(in: printed.output)
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

/// `dictate` whose standard output is read as it comes, so a test can act on what it printed, and
/// which is then killed with SIGKILL.
final class KillableDictate {
    private let process = Process()
    private let output = Pipe()
    private let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("dictate-err-\(UUID().uuidString)")
    private let collected = CollectedOutput()

    init(_ arguments: [String], environment: [String: String]) throws {
        process.executableURL = try DictateProcess.executable
        process.arguments = arguments
        process.environment = environment
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorFile)
        process.standardInput = Pipe()
        try process.run()
        let reader = output.fileHandleForReading
        let collected = self.collected
        Thread.detachNewThread {
            while true {
                let data = reader.availableData
                if data.isEmpty { break }
                collected.text.withLock { $0 += String(decoding: data, as: UTF8.self) }
            }
            collected.ended.signal()
        }
        // A hung dictate must fail its test, not hold CI until its time limit.
        let watched = process
        DispatchQueue.global().asyncAfter(deadline: .now() + 120) {
            if watched.isRunning { kill(watched.processIdentifier, SIGKILL) }
        }
    }

    deinit { try? FileManager.default.removeItem(at: errorFile) }

    /// Waits until a complete line of output satisfies `predicate`.
    /// - Returns: Whether one did before `timeout` seconds.
    func waitForOutput(timeout: Double, where predicate: (Substring) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let text = collected.text.withLock { $0 }
            // Only lines that have their newline: a partial line is not printed yet.
            if let end = text.lastIndex(of: "\n"), text[..<end].split(separator: "\n").contains(where: predicate) {
                return true
            }
            if !process.isRunning { return false }
            usleep(10_000)
        }
        return false
    }

    /// SIGKILL, then everything it printed before it died.
    func killAndCollect() -> (output: String, error: String, killed: Bool) {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        collected.ended.wait()
        let killed = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
        let error = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        return (collected.text.withLock { $0 }, error, killed)
    }
}

/// What the reader thread collected, and its end.
private final class CollectedOutput: Sendable {
    let text = Mutex("")
    let ended = DispatchSemaphore(value: 0)
}

/// SplitMix64: a small, fixed pseudo-random sequence from a seed.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
