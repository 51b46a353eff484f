import DictationTestSupport
import DictationTesting
import Foundation
import Testing

@testable import DictationKit

#if canImport(Glibc)
    import Glibc
#endif

/// What a run killed with SIGKILL leaves (a header up to a second behind its audio, perhaps a torn
/// last frame) is repaired when recordings next start; files with no audio are removed; files in
/// use or not written by DictationKit are left alone.
@Suite(.timeLimit(.minutes(25))) struct RecordingRepairTests {
    /// Writes `frames` frames through the real writer and drops it without finishing, as a process
    /// killed mid-run does (the kernel closes the file and releases its lock; nothing else happens).
    static func killedRecording(
        at path: String, frames: Int, channels: Int = 1, tornBytes: [UInt8] = []
    ) throws -> [Int16] {
        let audio = RecordingFixtures.audio(frames: frames, channels: channels, seed: 11)
        do {
            let writer = try WAVRecordingWriter(creating: path, sampleRate: 16_000, channelCount: channels)
            for start in stride(from: 0, to: audio.samples.count, by: 1_600 * channels) {
                try writer.append(Array(audio.samples[start..<min(start + 1_600 * channels, audio.samples.count)]))
            }
        }
        if !tornBytes.isEmpty {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(tornBytes))
            try handle.close()
        }
        return audio.pcm
    }

    static func makeFolder() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        return folder
    }

    @Test func aKilledRunsFileIsRepairedWhenTheNextRunStarts() async throws {
        let folder = try Self.makeFolder()
        defer { folder.remove() }
        let killed = folder.path + "/20240101T000000Z-killed.wav"
        // 2.5 s of stereo and 3 bytes of a frame that was being written.
        let pcm = try Self.killedRecording(at: killed, frames: 40_000, channels: 2, tornBytes: [1, 2, 3])
        let before = try WAVFile(path: killed)
        #expect(!before.isConsistent, "the header lags the audio, as a kill leaves it")
        #expect(before.dataSize == 128_000 && before.fileSize == 44 + 160_000 + 3)

        let session = RecordingFixtures.session(
            InMemoryAudioSource(samples: RecordingFixtures.audio(frames: 8_000).samples), recordingTo: folder.path)
        _ = try await session.collectEvents(RecordingFixtures.options())

        let after = try WAVFile(path: killed)
        #expect(after.isConsistent, "RIFF \(after.riffSize), data \(after.dataSize), file \(after.fileSize)")
        #expect(after.dataSize == 160_000, "the torn frame is cut off, every whole one kept")
        #expect(RecordingFixtures.difference(after.samples, pcm) == nil)
        #expect(after.channelCount == 2)
        #expect(FilePermissions.of(killed) == 0o600)
        #expect(WAVFile.paths(in: folder.path).count == 2, "the new run's file beside it")
    }

    @Test func filesWithNoAudioAreRemoved() throws {
        let folder = try Self.makeFolder()
        defer { folder.remove() }
        let headerOnly = folder.path + "/header-only.wav"
        _ = try Self.killedRecording(at: headerOnly, frames: 0)
        let torn = folder.path + "/torn-first-frame.wav"
        _ = try Self.killedRecording(at: torn, frames: 0, tornBytes: [9])
        let oldEmpty = folder.path + "/old-empty.wav"
        let newEmpty = folder.path + "/new-empty.wav"
        for path in [oldEmpty, newEmpty] { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        // A minute old: not a file whose writer is about to lock it.
        var times = [timeval(tv_sec: time(nil) - 60, tv_usec: 0), timeval(tv_sec: time(nil) - 60, tv_usec: 0)]
        #expect(utimes(oldEmpty, &times) == 0)

        let report = RecordingRepair.repairRecordings(in: folder.path)
        #expect(Set(report.removed) == [headerOnly, torn, oldEmpty])
        #expect(report.repaired.isEmpty && report.failures.isEmpty)
        #expect(WAVFile.paths(in: folder.path) == [newEmpty], "a brand-new empty file may be a run starting")
    }

    @Test func aFileARunIsWritingIsLeftAlone() throws {
        let folder = try Self.makeFolder()
        defer { folder.remove() }
        let path = folder.path + "/live.wav"
        let writer = try WAVRecordingWriter(creating: path, sampleRate: 16_000, channelCount: 1)
        let samples = RecordingFixtures.audio(frames: 24_000).samples
        for start in stride(from: 0, to: samples.count, by: 1_600) { try writer.append(Array(samples[start..<start + 1_600])) }
        let bytes = FileManager.default.contents(atPath: path)
        #expect(try !WAVFile(path: path).isConsistent, "1.5 s written, header at 1 s")

        #expect(try RecordingRepair.repairRecording(at: path) == .skipped)
        #expect(RecordingRepair.repairRecordings(in: folder.path) == RecordingRepair.Report())
        #expect(FileManager.default.contents(atPath: path) == bytes)

        try writer.finish()
        #expect(try WAVFile(path: path).isConsistent)
        #expect(try RecordingRepair.repairRecording(at: path) == .intact)
    }

    @Test func filesDictationKitDidNotWriteAreLeftAlone() throws {
        let folder = try Self.makeFolder()
        defer { folder.remove() }
        // A float WAV whose sizes don't match: not ours to "fix".
        var float = WAVRecordingWriter.header(sampleRate: 16_000, channelCount: 1, dataByteCount: 0)
        float[20] = 3
        float[34] = 32
        let floatPath = folder.path + "/float.wav"
        _ = FileManager.default.createFile(atPath: floatPath, contents: Data(float + [UInt8](repeating: 7, count: 100)))
        let notes = folder.path + "/notes.txt"
        _ = FileManager.default.createFile(atPath: notes, contents: Data("RIFF".utf8))
        // A link into another folder: never followed.
        let outside = try Self.makeFolder()
        defer { outside.remove() }
        let target = outside.path + "/target.wav"
        _ = try Self.killedRecording(at: target, frames: 24_000)
        let targetBytes = FileManager.default.contents(atPath: target)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link.wav", withDestinationPath: target)

        let report = RecordingRepair.repairRecordings(in: folder.path)
        #expect(report == RecordingRepair.Report())
        #expect(FileManager.default.contents(atPath: floatPath) == Data(float + [UInt8](repeating: 7, count: 100)))
        #expect(FileManager.default.contents(atPath: notes) == Data("RIFF".utf8))
        #expect(FileManager.default.contents(atPath: target) == targetBytes)
    }

    @Test func aFolderThatDoesNotExistHasNothingToRepair() {
        #expect(RecordingRepair.repairRecordings(in: "/nonexistent/dk-recordings-\(UUID())") == RecordingRepair.Report())
    }
}
