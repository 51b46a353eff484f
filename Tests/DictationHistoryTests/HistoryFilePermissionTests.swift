import DictationKit
import Foundation
import Testing

@testable import DictationHistory

/// The history is private: the database and its WAL files 0600, the folders made for it 0700.
@Suite(.timeLimit(.minutes(25))) struct HistoryFilePermissionTests {
    @Test func theDatabaseItsWALAndSHMAreReadableByTheUserAlone() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("history.sqlite")
        let store = try SQLiteTranscriptStore(path: path)
        try store.save(HistoryFixtures.final("a secret", index: 0, from: 0, to: 1), session: HistoryFixtures.info())
        // The WAL and shared-memory files exist while a connection is open.
        for file in [path, path + "-wal", path + "-shm"] {
            #expect(FileManager.default.fileExists(atPath: file), "\(file)")
            #expect(try HistoryFixtures.permissions(file) == 0o600, "\(file)")
        }
        withExtendedLifetime(store) {}
    }

    @Test func theFoldersMadeForItAre0700AndAFolderThatWasThereIsLeftAlone() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(chmod(folder.url.path, 0o755) == 0)
        let path = folder.path("data/dictationkit/history.sqlite")
        let store = try SQLiteTranscriptStore(path: path)
        #expect(try HistoryFixtures.permissions(folder.path("data")) == 0o700)
        #expect(try HistoryFixtures.permissions(folder.path("data/dictationkit")) == 0o700)
        #expect(try HistoryFixtures.permissions(folder.url.path) == 0o755, "not made by the store: not changed")
        #expect(try HistoryFixtures.permissions(path) == 0o600)
        withExtendedLifetime(store) {}
    }

    @Test func theDefaultPathFollowsXDGDataHome() throws {
        #expect(
            SQLiteTranscriptStore.defaultPath(environment: ["XDG_DATA_HOME": "/x/data/", "HOME": "/home/ana"])
                == "/x/data/dictationkit/history.sqlite")
        #expect(
            SQLiteTranscriptStore.defaultPath(environment: ["HOME": "/home/ana"])
                == "/home/ana/.local/share/dictationkit/history.sqlite")
        #expect(
            SQLiteTranscriptStore.defaultPath(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/ana"])
                == "/home/ana/.local/share/dictationkit/history.sqlite", "a relative XDG_DATA_HOME is ignored")
        #expect(SQLiteTranscriptStore.defaultPath(environment: [:]) == nil)
        #expect(throws: DictationError.self) { _ = try SQLiteTranscriptStore(environment: [:]) }

        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try SQLiteTranscriptStore(environment: ["XDG_DATA_HOME": folder.url.path])
        #expect(store.path == folder.path("dictationkit/history.sqlite"))
        #expect(FileManager.default.fileExists(atPath: store.path))
        #expect(try HistoryFixtures.permissions(folder.path("dictationkit")) == 0o700)
    }

    @Test func aFolderThatCannotBeMadeIsHistoryUnavailable() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let blocker = folder.path("file")
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data()))
        #expect {
            _ = try SQLiteTranscriptStore(path: blocker + "/history.sqlite")
        } throws: { error in
            (error as? DictationError)?.code == .historyUnavailable
        }
    }
}
