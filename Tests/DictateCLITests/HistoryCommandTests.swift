import DictationTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `dictate history` over what `transcribe --history` and `listen` kept, through the real binary.
@Suite(.serialized, .timeLimit(.minutes(25))) struct HistoryCommandTests {
    /// A temporary folder, and `dictate`'s environment with `XDG_DATA_HOME` in it.
    struct DataHome {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("dictate-history-\(UUID().uuidString)")
        var environment: [String: String] {
            var environment = DictateProcess.environment
            environment["XDG_DATA_HOME"] = root.path
            return environment
        }
        var defaultDatabase: String { root.appendingPathComponent("dictationkit/history.sqlite").path }
        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    static func run(_ arguments: [String], _ home: DataHome) throws -> DictateProcess.Result {
        try DictateProcess.run(arguments, environment: home.environment)
    }

    @Test func transcribeKeepsHistoryOnlyWhenAskedAndHistoryListsShowsExportsSearchesAndDeletes() throws {
        let home = DataHome()
        defer { home.remove() }
        let sample = DictateProcess.sample("goforward.wav")

        let plain = try Self.run(["transcribe", sample], home)
        #expect(plain.status == 0)
        #expect(!FileManager.default.fileExists(atPath: home.defaultDatabase), "transcribe keeps nothing unless asked")

        let events = try Self.run(["transcribe", sample, "--format", "jsonl", "--history"], home)
        #expect(events.status == 0, "\(events.standardError)")
        #expect(FileManager.default.fileExists(atPath: home.defaultDatabase), "--history uses the default path")
        let subtitles = try Self.run(["transcribe", sample, "--format", "srt", "--history"], home)
        #expect(subtitles.status == 0)

        let list = try Self.run(["history", "list"], home)
        #expect(list.status == 0, "\(list.standardError)")
        let sessionLines = list.lines.filter { $0.hasPrefix("  ") }
        #expect(sessionLines.count == 2, "\(list.standardOutput)")
        #expect(sessionLines.first?.hasPrefix("  2  ") == true, "newest first: \(list.standardOutput)")
        #expect(sessionLines.allSatisfy { $0.contains("en-US  1 utterance   go forward ten meters") }, "\(list.standardOutput)")
        #expect(list.lines.first?.contains(", 20") == true, "a day heading first: \(list.standardOutput)")
        #expect(try Self.run(["history"], home).standardOutput == list.standardOutput, "list is the default")

        // Exports are what transcribe printed.
        let finalLines = events.lines.filter { $0.contains(#""type":"final""#) }
        #expect(!finalLines.isEmpty)
        let jsonl = try Self.run(["history", "export", "1", "--format", "jsonl"], home)
        #expect(jsonl.standardOutput == finalLines.map { $0 + "\n" }.joined())
        let srt = try Self.run(["history", "export", "2", "--format", "srt"], home)
        #expect(srt.standardOutput == subtitles.standardOutput)
        #expect(try Self.run(["history", "export", "2"], home).standardOutput == "Go forward 10 meters.\n")
        let vtt = try Self.run(["history", "export", "2", "--format", "vtt"], home)
        #expect(vtt.standardOutput.hasPrefix("WEBVTT\n\n00:00:00.460 --> "), "\(vtt.standardOutput)")

        let show = try Self.run(["history", "show", "1"], home)
        #expect(show.status == 0)
        #expect(show.standardOutput.hasPrefix("Session 1, "), "\(show.standardOutput)")
        #expect(show.lines.contains { $0.hasPrefix("0  00:00:00.460 → ") && $0.hasSuffix("Go forward 10 meters.") })

        let search = try Self.run(["history", "search", "FORW", "meter"], home)
        #expect(search.status == 0)
        #expect(search.lines.filter { $0.hasSuffix("go forward ten meters") }.count == 2, "\(search.standardOutput)")
        let nothing = try Self.run(["history", "search", "zebra"], home)
        #expect(nothing.status == 1)
        #expect(nothing.standardOutput.isEmpty)

        let delete = try Self.run(["history", "delete", "1"], home)
        #expect(delete.status == 0, "\(delete.standardError)")
        #expect(delete.standardError.contains("Deleted session 1"))
        let after = try Self.run(["history", "list"], home)
        #expect(after.lines.filter { $0.hasPrefix("  ") }.map { $0.hasPrefix("  2  ") } == [true])
        let gone = try Self.run(["history", "show", "1"], home)
        #expect(gone.status == 1)
        #expect(gone.standardError.contains("there is no session 1"), "\(gone.standardError)")
    }

    @Test func databaseAndHistoryDatabasePointElsewhere() throws {
        let home = DataHome()
        defer { home.remove() }
        let elsewhere = home.root.appendingPathComponent("elsewhere/my.sqlite").path
        let kept = try Self.run(
            ["transcribe", DictateProcess.sample("goforward.wav"), "--history-database", elsewhere], home)
        #expect(kept.status == 0)
        #expect(FileManager.default.fileExists(atPath: elsewhere), "--history-database implies --history")
        #expect(!FileManager.default.fileExists(atPath: home.defaultDatabase))

        let list = try Self.run(["history", "list", "--database", elsewhere], home)
        #expect(list.standardOutput.contains("go forward ten meters"), "\(list.standardOutput)")
        let none = try Self.run(["history", "list"], home)
        #expect(none.status == 0)
        #expect(none.standardOutput.isEmpty)
        #expect(none.standardError.contains("There is no history at \(home.defaultDatabase)"), "\(none.standardError)")
        #expect(!FileManager.default.fileExists(atPath: home.defaultDatabase), "reading does not make a history")
    }

    @Test func aHistoryThatCannotBeOpenedIsReportedAndTranscriptionGoesOn() throws {
        let home = DataHome()
        defer { home.remove() }
        try FileManager.default.createDirectory(at: home.root, withIntermediateDirectories: true)
        let blocker = home.root.appendingPathComponent("file").path
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data()))
        let result = try Self.run(
            ["transcribe", DictateProcess.sample("goforward.wav"), "--history-database", blocker + "/history.sqlite"], home)
        #expect(result.status == 0)
        #expect(result.standardOutput == "Go forward 10 meters.\n")
        #expect(result.standardError.contains("(historyUnavailable)"), "\(result.standardError)")
    }

    @Test func listenKeepsHistoryByDefaultAndNotWithNoHistory() throws {
        let home = DataHome()
        defer { home.remove() }
        for keeping in [true, false] {
            let speech = try PocketSphinxTestData.goForward()
            let result = try ListenCommandTests.listenAndInterrupt(keeping ? [] : ["--no-history"], dataHome: home.root.path) {
                microphone, _ in try microphone.play(speech)
            }
            #expect(result.status == 0, "\(result.standardError)")
            #expect(ListenCommandTests.finals(try ListenCommandTests.events(result)) == ["go forward ten meters"])
            #expect(FileManager.default.fileExists(atPath: home.defaultDatabase) == true, "made by the first run")
        }
        let list = try Self.run(["history", "list"], home)
        let sessions = list.lines.filter { $0.hasPrefix("  ") }
        #expect(sessions.count == 1, "--no-history kept nothing: \(list.standardOutput)")
        #expect(sessions.first?.contains("go forward ten meters") == true)
        #expect(sessions.first?.contains("…") == false, "Ctrl-C ended it: its end is recorded")
        let contradiction = try Self.run(["listen", "--no-history", "--history-database", "/tmp/x.sqlite"], home)
        #expect(contradiction.status == 64)
    }
}
