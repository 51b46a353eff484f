import DictationKit
import Foundation
import GRDB
import Testing

@testable import DictationHistory

/// A temporary folder for one test; `defer { folder.remove() }` (not a deinit, which ARC may run
/// as soon as the folder's last use, before the test is done with the files in it).
struct TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("dictation-history-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

enum HistoryFixtures {
    static func info(
        id: UUID = UUID(), startedAt: Date = Date(), locale: String = "en-US", requestedLocale: String = "en-US",
        recordingPath: String? = nil
    ) -> TranscriptSessionInfo {
        TranscriptSessionInfo(
            id: id, startedAt: startedAt, locale: locale, requestedLocale: requestedLocale, recordingPath: recordingPath)
    }

    /// A final whose words are spread evenly over its time, with confidences 0.5, 0.6, ...
    static func final(_ text: String, index: Int, from start: Double, to end: Double) -> Transcript {
        let parts = text.split(separator: " ").map(String.init)
        let step = (end - start) / Double(max(parts.count, 1))
        let words = parts.enumerated().map { number, word in
            Word(
                text: word, start: start + Double(number) * step, end: start + Double(number + 1) * step,
                confidence: 0.5 + 0.1 * Double(number))
        }
        // A final's words are all stable.
        return Transcript(
            text: text, words: words, utteranceIndex: index, startTime: start, endTime: end,
            stableWordCount: parts.count)
    }

    /// Texts by utterance index of a session, read through a connection of its own (not the store's).
    static func utteranceTexts(in path: String, session uuid: UUID) throws -> [Int: String] {
        var configuration = Configuration()
        configuration.readonly = true
        let database = try DatabaseQueue(path: path, configuration: configuration)
        let rows = try database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT utterance.utteranceIndex, utterance.text FROM utterance
                    JOIN session ON session.id = utterance.sessionId WHERE session.uuid = ?
                    """,
                arguments: [uuid.uuidString.lowercased()])
        }
        return Dictionary(uniqueKeysWithValues: rows.map { ($0[0] as Int, $0[1] as String) })
    }

    /// Checks that `final` is in the database at `path`, in the store's first session, as its
    /// consumer receives it: nothing reaches the consumer before it is kept.
    static func expectKept(_ final: Transcript, in path: String, sessions: [UUID]) throws {
        let uuid = try #require(sessions.first)
        let kept = try utteranceTexts(in: path, session: uuid)
        #expect(kept[final.utteranceIndex] == final.text, "final \(final.utteranceIndex) not yet kept")
    }

    static func permissions(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }
}
