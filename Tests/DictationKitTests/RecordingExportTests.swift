import DictationKit
import DictationTestSupport
import DictationTesting
import Foundation
import Testing

/// `exportRecording(to:)`: a new 0600 copy of the last run's recording, never written over a file.
@Suite(.timeLimit(.minutes(25))) struct RecordingExportTests {
    @Test func exportCopiesTheLastRunsRecordingToANew0600File() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let session = RecordingFixtures.session(
            InMemoryAudioSource(samples: RecordingFixtures.audio(frames: 24_000).samples), recordingTo: folder.path + "/rec")
        _ = try await session.collectEvents(RecordingFixtures.options())
        let recording = try #require(session.recordingPath)
        let copy = folder.path + "/copy.wav"
        try session.exportRecording(to: URL(fileURLWithPath: copy))
        #expect(FileManager.default.contents(atPath: copy) == FileManager.default.contents(atPath: recording))
        #expect(FilePermissions.of(copy) == 0o600)
        #expect(try WAVFile(path: copy).isConsistent)
    }

    @Test func anExistingDestinationIsNeverOverwritten() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let session = RecordingFixtures.session(
            InMemoryAudioSource(samples: RecordingFixtures.audio(frames: 8_000).samples), recordingTo: folder.path + "/rec")
        _ = try await session.collectEvents(RecordingFixtures.options())
        let existing = folder.path + "/mine.txt"
        _ = FileManager.default.createFile(atPath: existing, contents: Data("keep me".utf8))
        do {
            try session.exportRecording(to: URL(fileURLWithPath: existing))
            Issue.record("the export should refuse an existing file")
        } catch {
            #expect(error.code == .recordingFailed)
            #expect(error.message.contains("already exists"), "\(error.message)")
        }
        #expect(FileManager.default.contents(atPath: existing) == Data("keep me".utf8))
        // A missing folder: a clear error, and nothing left behind.
        #expect(throws: DictationError.self) {
            try session.exportRecording(to: URL(fileURLWithPath: folder.path + "/no/such/folder/copy.wav"))
        }
    }

    @Test func withoutARecordingTheErrorSaysWhy() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let destination = URL(fileURLWithPath: folder.path + "/copy.wav")
        let session = RecordingFixtures.session(
            InMemoryAudioSource(samples: RecordingFixtures.audio(frames: 8_000).samples, ending: .staysOpen),
            recordingTo: folder.path + "/rec")
        #expect(throws: DictationError.recordingUnavailable("no run has started yet")) {
            try session.exportRecording(to: destination)
        }
        // While the run goes on, the file is not finished: stop first.
        var sawTheRunGoing = false
        for await event in try await session.start(RecordingFixtures.options()) {
            guard case .level = event, !sawTheRunGoing else { continue }
            sawTheRunGoing = true
            #expect(session.recordingPath != nil)
            #expect(throws: DictationError.recordingUnavailable("the run is still going; stop it first")) {
                try session.exportRecording(to: destination)
            }
            await session.stop()
        }
        #expect(sawTheRunGoing)
        try session.exportRecording(to: destination)
        #expect(try WAVFile(path: destination.path).isConsistent)
        let off = DictationError.recordingUnavailable("recordings were off for the last run")
        #expect(off.message.contains("RecordingSource"), "says how to turn them on")
    }
}
