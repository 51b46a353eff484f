import DictationTestSupport
import Foundation
import Testing

/// `dictate listen` on a capture device that delivers far faster than real time: ALSA's `file`
/// plugin reading a plain file (a sentence, then, past its end, the `null` slave's silence
/// without end), unpaced. Decoding can't keep up with it, so the capture buffer must shed audio.
@Suite(.serialized, .timeLimit(.minutes(25))) struct FloodingDeviceTests {
    /// An ALSA configuration whose device plays `samples` at once and then silence for ever.
    final class FloodingDevice {
        static let device = "dk_flooding_mic"
        let directory: URL

        init(playing samples: [Int16]) throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("dictate-flood-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let audio = directory.appendingPathComponent("speech.raw")
            try samples.withUnsafeBytes { Data($0) }.write(to: audio)
            try ALSATestConfiguration.text([ALSATestPCM(name: Self.device, infile: audio.path)])
                .write(to: directory.appendingPathComponent("asound.conf"), atomically: true, encoding: .utf8)
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        var environment: [String: String] {
            var environment = DictateProcess.environment
            environment["ALSA_CONFIG_PATH"] = directory.appendingPathComponent("asound.conf").path
            return environment
        }
    }

    static func overruns(_ events: [[String: Any]]) -> [[String: Any]] {
        events.filter { $0["errorCode"] as? String == "captureOverrun" }
    }

    @Test func theSentenceIsTranscribedTheTimeoutsEndItAndTheOverrunIsOneEvent() throws {
        let device = try FloodingDevice(playing: try PocketSphinxTestData.goForward())
        let result = try DictateProcess.run(
            [
                "listen", "--device", FloodingDevice.device, "--format", "jsonl", "--max-duration", "20",
                "--silence-timeout", "1", "--no-history",
            ],
            environment: device.environment)
        #expect(result.status == 0, "\(result.standardError)")
        let events = try ListenCommandTests.events(result)
        #expect(ListenCommandTests.finals(events) == ["go forward ten meters"])
        let overruns = Self.overruns(events)
        #expect(overruns.count == 1, "one event for the whole flood: \(overruns)")
        // The flood was silence: it says how much went, and that none of it was speech.
        let message = overruns.first?["message"] as? String ?? ""
        #expect(message.contains("none of it sounded like speech"), "\(message)")
        #expect(!events.contains { $0["errorCode"] as? String == "noSpeechDetected" })
    }

    @Test func theMaximumDurationCountsCapturedAudio() throws {
        // Two sentences' worth of the device's audio at most: the first goforward, and 1 s of what
        // follows. Without a silence timeout only the maximum duration can end the session.
        let device = try FloodingDevice(playing: try PocketSphinxTestData.goForward())
        let result = try DictateProcess.run(
            ["listen", "--device", FloodingDevice.device, "--format", "jsonl", "--max-duration", "3.5", "--no-history"],
            environment: device.environment)
        #expect(result.status == 0, "\(result.standardError)")
        let events = try ListenCommandTests.events(result)
        #expect(ListenCommandTests.finals(events) == ["go forward ten meters"])
        // Every word lies in the first 3.5 s of what the device delivered.
        let ends = events.filter { $0["type"] as? String == "final" }.compactMap { $0["end"] as? Double }
        #expect(ends.allSatisfy { $0 <= 3.5 }, "\(ends)")
        #expect(Self.overruns(events).count <= 1)
    }
}
