import DictationTestSupport
import DictationTesting
import Foundation
import Testing

@testable import DictationKit

#if canImport(Glibc)
    import Glibc
#endif

/// `RecordingSource`: without it, nothing reaches the disk; with it, every way a run ends leaves a
/// valid WAV file (0600, in a 0700 folder) holding exactly the audio the run read.
@Suite(.timeLimit(.minutes(25))) struct RecordingSessionTests {
    /// How a run ends, for the parameterized test.
    enum Ending: String, CaseIterable, CustomTestStringConvertible {
        case audioEnds, stop, cancel, timeout
        var testDescription: String { rawValue }
    }

    @Test func offLeavesNothingOnDisk() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let audio = RecordingFixtures.audio(frames: 32_000)
        let session = RecordingFixtures.session(InMemoryAudioSource(samples: audio.samples), recordingTo: nil)
        let events = try await session.collectEvents(RecordingFixtures.options())
        #expect(!events.contains { $0.type == "recordingStarted" })
        #expect(events.contains { $0.type == "final" }, "the run itself went on")
        #expect(!FileManager.default.fileExists(atPath: folder.path), "not even the folder was made")
        #expect(session.recordingPath == nil)
        #expect(throws: DictationError.recordingUnavailable("recordings were off for the last run")) {
            try session.exportRecording(to: URL(fileURLWithPath: folder.path + "/copy.wav"))
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test(arguments: Ending.allCases)
    func everyEndingLeavesAValidFileWithEveryFrameRead(_ ending: Ending) async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        // 2.5 s: the header was last rewritten at 2 s, so only the end of the run can make it right.
        let audio = RecordingFixtures.audio(frames: 40_000)
        let source = InMemoryAudioSource(samples: audio.samples, ending: ending == .audioEnds ? .endOfAudio : .staysOpen)
        let session = RecordingFixtures.session(source, recordingTo: folder.path)
        var options = RecordingFixtures.options()
        switch ending {
        case .audioEnds: _ = try await session.collectEvents(options)
        case .timeout:
            options.maxDuration = 2.5
            _ = try await session.collectEvents(options)
        case .stop: _ = try await RecordingFixtures.run(session, options: options, reads: 25)
        case .cancel: _ = try await RecordingFixtures.run(session, options: options, reads: 25, cancel: true)
        }
        let files = WAVFile.paths(in: folder.path)
        try #require(files.count == 1, "\(files)")
        #expect(session.recordingPath == files[0])
        let wav = try WAVFile(path: files[0])
        #expect(wav.isConsistent, "RIFF \(wav.riffSize), data \(wav.dataSize), file \(wav.fileSize)")
        #expect(wav.dataSize == 80_000)
        #expect(wav.sampleRate == 16_000 && wav.channelCount == 1 && wav.bitsPerSample == 16)
        #expect(RecordingFixtures.difference(wav.samples, audio.pcm) == nil, "16-bit audio is kept bit for bit")
    }

    @Test func aSourceThatFailsMidStreamLeavesTheAudioBeforeTheFault() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let audio = RecordingFixtures.audio(frames: 20_000)
        let vanished = DictationError(code: .deviceDisconnected, message: "gone")
        let session = RecordingFixtures.session(
            InMemoryAudioSource(samples: audio.samples, ending: .fails(vanished)), recordingTo: folder.path)
        let events = try await session.collectEvents(RecordingFixtures.options())
        #expect(events.last == .error(vanished))
        let wav = try WAVFile(path: try #require(session.recordingPath))
        #expect(wav.isConsistent)
        #expect(RecordingFixtures.difference(wav.samples, audio.pcm) == nil)
    }

    @Test func aDecoderFailureEndsTheRunWithAValidFileOfWhatWasRead() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let audio = RecordingFixtures.audio(frames: 48_000)
        // The tenth 100 ms read brings the decoder to 1.0 s, where it fails and keeps failing. The
        // session decodes in 20 ms blocks: it tolerates two failed blocks (the last of the tenth
        // read, the first of the eleventh), ends at the third, and reads nothing after it.
        let recognizer = ScriptedRecognizer(
            utterances: SessionContractTests.script, decodeError: (at: 1.0, error: .recognitionFailed("scripted")))
        let session = RecordingFixtures.session(
            InMemoryAudioSource(samples: audio.samples), recordingTo: folder.path, recognizer: recognizer)
        let events = try await session.collectEvents(RecordingFixtures.options())
        guard case .error(let error) = events.last else {
            Issue.record("the run should end with the decoder's error, got \(events)")
            return
        }
        #expect(error.code == .recognitionFailed)
        let wav = try WAVFile(path: try #require(session.recordingPath))
        #expect(wav.isConsistent)
        let read = 16_000 + 1_600
        #expect(RecordingFixtures.difference(wav.samples, Array(audio.pcm.prefix(read))) == nil)
    }

    @Test func theSourcesOwnRateAndChannelsAreKept() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let audio = RecordingFixtures.audio(frames: 48_000, channels: 2)
        let source = InMemoryAudioSource(samples: audio.samples, sampleRate: 48_000, channelCount: 2)
        let session = RecordingFixtures.session(source, recordingTo: folder.path, preprocessing: AnyFormatPreprocessing())
        _ = try await session.collectEvents(RecordingFixtures.options())
        let wav = try WAVFile(path: try #require(session.recordingPath))
        #expect(wav.isConsistent)
        #expect(wav.sampleRate == 48_000 && wav.channelCount == 2)
        #expect(RecordingFixtures.difference(wav.samples, audio.pcm) == nil, "interleaved as the source delivered them")
    }

    @Test func theFileIs0600AndTheFoldersItMade0700() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let directory = folder.path + "/data/recordings"
        let session = RecordingFixtures.session(
            InMemoryAudioSource(samples: RecordingFixtures.audio(frames: 8_000).samples), recordingTo: directory)
        _ = try await session.collectEvents(RecordingFixtures.options())
        let file = try #require(session.recordingPath)
        #expect(file.hasPrefix(directory + "/"))
        #expect(FilePermissions.of(file) == 0o600)
        #expect(FilePermissions.of(directory) == 0o700)
        #expect(FilePermissions.of(folder.path + "/data") == 0o700)
        #expect(FilePermissions.of(folder.path) == 0o700)
    }

    @Test func theHeaderFollowsTheAudioWhileTheRunGoesOn() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let source = InMemoryAudioSource(samples: RecordingFixtures.audio(frames: 56_000).samples, ending: .staysOpen)
        let session = RecordingFixtures.session(source, recordingTo: folder.path)
        var midRun: WAVFile?
        var levels = 0
        for await event in try await session.start(RecordingFixtures.options()) {
            guard case .level = event else { continue }
            levels += 1
            if levels == 35 {
                // 3.5 s read, the run still going: as a process killed now would leave the file.
                midRun = try WAVFile(path: try #require(session.recordingPath))
                await session.stop()
            }
        }
        let wav = try #require(midRun)
        #expect(wav.isCanonical)
        #expect(wav.fileSize == 44 + 112_000)
        #expect(wav.dataSize >= 112_000 - 32_000 && wav.dataSize <= 112_000, "within a second of the audio: \(wav.dataSize)")
        #expect(wav.riffSize == wav.dataSize + 36)
        let finished = try WAVFile(path: try #require(session.recordingPath))
        #expect(finished.isConsistent && finished.dataSize == 112_000)
    }

    @Test func aRunThatReadNothingKeepsNoFile() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let session = RecordingFixtures.session(InMemoryAudioSource(samples: [], ending: .staysOpen), recordingTo: folder.path)
        let stream = try await session.start(RecordingFixtures.options())
        await session.stop()
        _ = await stream.collected()
        #expect(WAVFile.paths(in: folder.path).isEmpty)
        #expect(session.recordingPath == nil)
        #expect(throws: DictationError.self) {
            try session.exportRecording(to: URL(fileURLWithPath: folder.path + "/copy.wav"))
        }
    }

    @Test func aFolderThatCantBeMadeIsANonFatalErrorAndDictationGoesOn() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        let blocker = folder.path + "/not-a-folder"
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        let session = RecordingFixtures.session(
            InMemoryAudioSource(samples: SessionContractTests.silence(seconds: 7)), recordingTo: blocker + "/recordings")
        let events = try await session.collectEvents(RecordingFixtures.options(reportsLevel: false))
        let failures = events.compactMap { if case .error(let error) = $0, error.code == .recordingFailed { error } else { nil } }
        #expect(failures.count == 1)
        #expect(failures.first?.isFatal == false)
        #expect(failures.first?.message.contains(blocker) == true, "\(failures)")
        #expect(events.finalTexts == ["go forward ten meters", "turn left", "stop here please"])
        #expect(session.recordingPath == nil)
    }

    @Test func theDefaultFolderFollowsXDG() {
        #expect(
            RecordingSource.defaultDirectory(environment: ["XDG_DATA_HOME": "/x/data/", "HOME": "/home/a"])
                == "/x/data/dictationkit/recordings")
        #expect(
            RecordingSource.defaultDirectory(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/a"])
                == "/home/a/.local/share/dictationkit/recordings")
        #expect(
            RecordingSource.defaultDirectory(environment: ["HOME": "/home/a"]) == "/home/a/.local/share/dictationkit/recordings")
        #expect(RecordingSource.defaultDirectory(environment: [:]) == nil)
    }
}

/// The recording's place is an event: once, before any result, and the history is told of it.
@Suite(.timeLimit(.minutes(25))) struct RecordingEventTests {
    @Test func theRecordingIsAnnouncedOnceBeforeTheFirstResult() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let source = RecordingSource(
            wrapping: InMemoryAudioSource(samples: RecordingFixtures.audio(frames: 112_000).samples), directory: folder.path)
        let session = DictationSession(
            source: source, preprocessing: PassthroughPreprocessing(),
            recognizer: ScriptedRecognizer(utterances: SessionContractTests.script))
        let events = try await session.collectEvents(RecordingFixtures.options())
        let announcements = events.enumerated().compactMap { position, event -> (Int, String)? in
            if case .recordingStarted(let path) = event { (position, path) } else { nil }
        }
        try #require(announcements.count == 1, "\(events.map(\.type))")
        let firstResult = try #require(events.firstIndex { $0.type == "partial" || $0.type == "final" })
        #expect(announcements[0].0 < firstResult)
        #expect(announcements[0].1 == source.recordingPath)
        #expect(WAVFile.paths(in: folder.path) == [announcements[0].1])
        #expect(DictationEvent.recordingStarted(path: "/r/a.wav").jsonLine() == #"{"path":"/r/a.wav","type":"recordingStarted"}"#)
    }
}
