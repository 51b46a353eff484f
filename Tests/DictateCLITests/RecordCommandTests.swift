import DictationTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `dictate listen --record` through the real libasound capture path: nothing on disk without it,
/// a 0600 WAV holding what was captured with it, and a run killed with SIGKILL (which can't be
/// caught) leaves a file the next run repairs.
@Suite(.serialized, .timeLimit(.minutes(25))) struct RecordCommandTests {
    /// A data folder of the test's own, made empty, so `XDG_DATA_HOME` points at something real.
    static func makeDataFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dictate-data-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func environment(_ microphone: TestMicrophone, data: URL) -> [String: String] {
        var environment = microphone.environment
        environment["XDG_DATA_HOME"] = data.path
        return environment
    }

    /// `samples` padded with silence to a whole number of 20 ms periods, as `TestMicrophone.play(_:)` writes them.
    static func asPlayed(_ samples: [Int16], count: Int? = nil) -> [Int16] {
        let total = count ?? (samples.count + 319) / 320 * 320
        return samples + [Int16](repeating: 0, count: total - samples.count)
    }

    /// `nil` when a recording holds every sample that was played, bit for bit and in order, with
    /// nothing else but silence; else what differs. The test device is not a real-time clock: when
    /// its FIFO runs dry for a moment (the writer blocked on a full pipe, 64 KiB), libasound's
    /// `file` plugin delivers silence in its place, and after the audio it goes on delivering
    /// silence. So silence is set aside on both sides. (An expectation on the arrays themselves
    /// would print every sample when it fails.)
    static func mismatch(_ wav: WAVFile, _ played: [Int16]) -> String? {
        let heard = wav.samples.filter { $0 != 0 }
        let sound = played.filter { $0 != 0 }
        if let index = zip(heard, sound).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            return "the recording differs from what was played at non-silent sample \(index) of \(sound.count)"
        }
        if heard.count != sound.count { return "\(heard.count) non-silent samples recorded, \(sound.count) played" }
        return nil
    }

    @Test func withoutRecordNothingIsWrittenUnderTheDataFolder() throws {
        let data = try Self.makeDataFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let result = try ListenCommandTests.listenAndInterrupt(playing: try PocketSphinxTestData.goForward(), dataHome: data.path)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(ListenCommandTests.finals(try ListenCommandTests.events(result)) == ["go forward ten meters"])
        // The transcript history is kept (listen's default); no audio is, anywhere under the folder.
        let written = FileManager.default.enumerator(atPath: data.path)?.allObjects.compactMap { $0 as? String } ?? []
        #expect(written.filter { $0.hasSuffix(".wav") || $0.hasSuffix("recordings") }.isEmpty, "\(written)")
        #expect(written.allSatisfy { $0.hasPrefix("dictationkit") }, "\(written)")
        #expect(!result.standardOutput.contains("\"recording\""))
    }

    @Test func recordingDirectoryKeepsWhatWasCapturedInA0600File() throws {
        let data = try Self.makeDataFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let folder = data.appendingPathComponent("mine/recordings").path
        let microphone = try TestMicrophone()
        // Text mode: the path is said on standard error (not on a terminal, output is plain lines).
        let dictate = try RunningDictate(
            ["listen", "--device", TestMicrophone.device, "--recording-directory", folder],
            environment: Self.environment(microphone, data: data))
        let speech = try PocketSphinxTestData.goForward()
        try microphone.play(speech)
        // Written to the device is not yet captured: interrupted at once, the last 98 samples
        // were still in the FIFO (a CI run). The recording is stopped once it holds them all.
        let played = Self.asPlayed(speech).filter { $0 != 0 }.count
        try waitUntil("the recording holds every sample played") {
            guard let path = WAVFile.paths(in: folder).first, let wav = try? WAVFile(path: path) else { return false }
            return wav.samples.count { $0 != 0 } >= played
        }
        dictate.interrupt()
        microphone.closeWriter()
        let result = dictate.finish()
        #expect(result.status == 0, "\(result.standardError)")
        let files = WAVFile.paths(in: folder)
        try #require(files.count == 1, "\(files) \(result.standardError)")
        #expect(result.standardError == "dictate: recording to \(files[0])\n")
        #expect(FilePermissions.of(files[0]) == 0o600)
        #expect(FilePermissions.of(folder) == 0o700)
        let wav = try WAVFile(path: files[0])
        #expect(wav.isConsistent, "RIFF \(wav.riffSize), data \(wav.dataSize), file \(wav.fileSize)")
        #expect(wav.sampleRate == 16_000 && wav.channelCount == 1)
        let mismatch = Self.mismatch(wav, Self.asPlayed(speech))
        #expect(mismatch == nil, "what the microphone delivered, bit for bit")
    }

    @Test func aRunKilledWithSIGKILLLeavesAFileTheNextRunRepairs() throws {
        let data = try Self.makeDataFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let folder = data.path + "/dictationkit/recordings"
        // 3.5 s: the header is rewritten once a second, so the last half second is past it.
        let played = Self.asPlayed(try PocketSphinxTestData.goForward(), count: 56_000)

        let microphone = try TestMicrophone()
        let killed = try RunningDictate(
            ["listen", "--device", TestMicrophone.device, "--format", "jsonl", "--record"],
            environment: Self.environment(microphone, data: data))
        try microphone.play(played)
        // Wait until all of it is in the file (it is written as it is read), then kill mid-run:
        // the device goes on delivering silence, so the run is still recording.
        let path = try waitFor("the recording holds all the audio played", pollingEvery: .milliseconds(50)) { () -> String? in
            // (Past its 44-byte header, written at once when the file is made, it parses.)
            guard let first = WAVFile.paths(in: folder).first,
                (try? FileManager.default.attributesOfItem(atPath: first)[.size] as? Int) ?? 0 >= 44,
                let wav = try? WAVFile(path: first),
                wav.samples.count >= played.count, Self.mismatch(wav, played) == nil
            else { return nil }
            return first
        }
        let (result, _) = killed.killAndFinish()
        microphone.closeWriter()
        #expect(result.status == SIGKILL)
        let announced = try ListenCommandTests.events(result).first { $0["type"] as? String == "recordingStarted" }
        #expect(
            announced?["path"] as? String == path,
            "the path comes as a JSON line among the events: \(result.standardOutput.prefix(600))")
        // Usually stale here (the header lags up to a second); whatever it is, the next start makes it right.
        let before = try WAVFile(path: path)
        #expect(before.fileSize >= 44 + 112_000)

        let next = try TestMicrophone()
        let again = try RunningDictate(
            ["listen", "--device", TestMicrophone.device, "--format", "jsonl", "--record", "--max-duration", "0.5"],
            environment: Self.environment(next, data: data))
        next.keepPlayingSilence()
        let second = again.finish()
        next.closeWriter()
        #expect(second.status == 1, "silence only: noSpeechDetected. \(second.standardError)")

        let repaired = try WAVFile(path: path)
        #expect(repaired.isConsistent, "RIFF \(repaired.riffSize), data \(repaired.dataSize), file \(repaired.fileSize)")
        let mismatch = Self.mismatch(repaired, played)
        #expect(mismatch == nil)
        let files = WAVFile.paths(in: folder)
        #expect(files.count == 2, "\(files)")
        for file in files { #expect(try WAVFile(path: file).isConsistent, "\(file)") }
    }
}
