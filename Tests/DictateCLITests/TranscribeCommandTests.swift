import DictationTestSupport
import Foundation
import Testing

/// `dictate transcribe` end to end: the real executable on the bundled real recordings.
@Suite(.timeLimit(.minutes(25))) struct TranscribeCommandTests {
    static let goforward = DictateProcess.sample("goforward.wav")

    @Test func textPrintsOneLinePerUtterance() throws {
        let result = try DictateProcess.run(["transcribe", Self.goforward])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "Go forward 10 meters.\n")
        #expect(result.standardError.isEmpty, "no progress or logs in piped output")
    }

    /// Whisper writes the text itself; the formatting stage adds no second mark, and `--raw` is
    /// Whisper's own text. A damaged model file is exit 69 (no model), saying so.
    @Test(.timeLimit(.minutes(15))) func whisperTranscribesWithItsOwnPunctuation() throws {
        let model = try WhisperTestModels.path("tiny.en")
        let librivox = DictateProcess.sample("librivox-sense-and-sensibility-0880.wav")
        let result = try DictateProcess.run(["transcribe", "--recognizer", "whisper", "--model", model, Self.goforward, librivox])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            Array(result.lines.prefix(5)) == [
                "==> \(Self.goforward) <==", "Go forward 10 meters.", "", "==> \(librivox) <==",
                "He was not an ill-disposed young man.",
            ])
        let raw = try DictateProcess.run(["transcribe", "--recognizer", "whisper", "--model", model, "--raw", Self.goforward])
        #expect(raw.standardOutput == "Go forward 10 meters.\n")
        let damaged = NSTemporaryDirectory() + "not-a-model-\(UUID().uuidString).bin"
        try Data("not a model".utf8).write(to: URL(fileURLWithPath: damaged))
        defer { try? FileManager.default.removeItem(atPath: damaged) }
        let refused = try DictateProcess.run(["transcribe", "--recognizer", "whisper", "--model", damaged, Self.goforward])
        #expect(refused.status == 69, "\(refused.status): \(refused.standardError)")
        #expect(refused.standardError.contains("whisper.cpp"), "\(refused.standardError)")
    }

    @Test func severalFilesArePrintedUnderAHeaderEach() throws {
        let librivox = DictateProcess.sample("librivox-sense-and-sensibility-0880.wav")
        let result = try DictateProcess.run(["transcribe", Self.goforward, librivox])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.lines.prefix(2) == ["==> \(Self.goforward) <==", "Go forward 10 meters."])
        #expect(result.lines.dropFirst(2).prefix(2) == ["", "==> \(librivox) <=="])
        #expect(result.lines.dropFirst(4).first?.hasPrefix("He was not") == true)
    }

    @Test func jsonlWithoutPartialsHasFinalsOnly() throws {
        let result = try DictateProcess.run(["transcribe", Self.goforward, "--format", "jsonl"])
        #expect(result.status == 0, "\(result.standardError)")
        let types = result.standardOutput.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["type"] as? String
        }
        #expect(!types.contains("partial"))
        #expect(types.filter { $0 == "final" }.count == 1)
    }

    @Test func jsonlPrintsEveryEventAsOneObjectPerLine() throws {
        let result = try DictateProcess.run(["transcribe", Self.goforward, "--format", "jsonl", "--partials"])
        #expect(result.status == 0, "\(result.standardError)")
        let objects = try result.standardOutput.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let types = objects.compactMap { $0["type"] as? String }
        #expect(types.contains("partial"))
        #expect(types.contains("speechStarted"))
        #expect(types.filter { $0 == "final" }.count == 1)
        let final = try #require(objects.first { $0["type"] as? String == "final" })
        #expect(final["text"] as? String == "go forward ten meters")
        let words = try #require(final["words"] as? [[String: Any]])
        #expect(words.compactMap { $0["text"] as? String } == ["go", "forward", "ten", "meters"])
        for word in words {
            let confidence = try #require(word["confidence"] as? Double)
            #expect((0...1).contains(confidence))
        }
    }

    @Test func srtAndVttCarryTheUtteranceTimes() throws {
        let srt = try DictateProcess.run(["transcribe", Self.goforward, "--format", "srt"])
        #expect(srt.status == 0)
        #expect(srt.lines.count >= 4)
        #expect(srt.lines.first == "1")
        let times = srt.lines[1]
        #expect(times.range(of: #"^00:00:0\d,\d{3} --> 00:00:0\d,\d{3}$"#, options: .regularExpression) != nil, "\(times)")
        #expect(srt.lines[2] == "Go forward 10 meters.")

        let vtt = try DictateProcess.run(["transcribe", Self.goforward, "--format", "vtt"])
        #expect(vtt.status == 0)
        #expect(vtt.lines.first == "WEBVTT")
        #expect(vtt.lines.contains { $0.range(of: #"^00:00:0\d\.\d{3} --> "#, options: .regularExpression) != nil })
    }

    @Test func standardInputTakesWAVAndRaw() throws {
        let wav = try Data(contentsOf: URL(fileURLWithPath: Self.goforward))
        let fromWAV = try DictateProcess.run(["transcribe", "-"], input: wav)
        #expect(fromWAV.standardOutput == "Go forward 10 meters.\n", "\(fromWAV.standardError)")
        // The same samples without the 44-byte header, as raw 16 kHz mono int16.
        let fromRaw = try DictateProcess.run(["transcribe", "-", "--sample-rate", "16000"], input: wav.dropFirst(44))
        #expect(fromRaw.standardOutput == "Go forward 10 meters.\n", "\(fromRaw.standardError)")
    }

    @Test func badInputGivesOneLineWithTheCodeAndExitStatus65() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dictate-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let notWAV = directory.appendingPathComponent("notes.wav")
        try Data("these are not audio samples".utf8).write(to: notWAV)
        let empty = directory.appendingPathComponent("empty.wav")
        try Data().write(to: empty)

        for path in [notWAV.path, empty.path, directory.appendingPathComponent("missing.wav").path] {
            let result = try DictateProcess.run(["transcribe", path])
            #expect(result.status == 65, "\(path): \(result.standardError)")
            #expect(result.standardOutput.isEmpty)
            let lines = result.standardError.split(separator: "\n")
            #expect(lines.count == 1)
            #expect(result.standardError.contains("(invalidAudio)"))
        }
    }

    @Test func aTruncatedWAVIsTranscribedUpToItsEndThenReported() throws {
        let wav = try Data(contentsOf: URL(fileURLWithPath: DictateProcess.sample("librivox-sense-and-sensibility-0880.wav")))
        let directory = FileManager.default.temporaryDirectory
        let truncated = directory.appendingPathComponent("truncated-\(UUID().uuidString).wav")
        try wav.prefix(wav.count * 3 / 4).write(to: truncated)
        defer { try? FileManager.default.removeItem(at: truncated) }
        let result = try DictateProcess.run(["transcribe", truncated.path])
        #expect(result.status == 65)
        #expect(result.standardOutput.hasPrefix("He was not"), "the audio before the cut is kept: \(result.standardOutput)")
        #expect(result.standardError.contains("(invalidAudio)"))
    }

    @Test func aMissingModelIsExitStatus69() throws {
        // A locale without a model falls back (see LocaleCommandTests); a folder without models does not.
        let emptyModel = FileManager.default.temporaryDirectory.appendingPathComponent("model-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: emptyModel, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: emptyModel) }
        let model = try DictateProcess.run(["transcribe", Self.goforward, "--model", emptyModel.path])
        #expect(model.status == 69)
        #expect(model.standardError.contains("(modelNotFound)"), "\(model.standardError)")
    }

    @Test func usageErrorsAreRefusedBeforeAnythingRuns() throws {
        let none = try DictateProcess.run(["transcribe"])
        #expect(none.status == 64)
        // Both would write goforward.srt (see TranscribeBatchTests for subtitle files).
        let twoSubtitles = try DictateProcess.run(["transcribe", Self.goforward, Self.goforward, "--format", "srt"])
        #expect(twoSubtitles.status == 64)
        #expect(twoSubtitles.standardError.contains("would both be written"))
    }

    @Test func noiseSuppressionTakesAutoOnOrOff() throws {
        // goforward is clean: automatic suppression stays off and the words are those of off.
        for mode in ["auto", "off"] {
            let result = try DictateProcess.run(["transcribe", Self.goforward, "--noise-suppression", mode])
            #expect(result.status == 0, "\(mode): \(result.standardError)")
            #expect(result.standardOutput == "Go forward 10 meters.\n", "\(mode)")
        }
        let on = try DictateProcess.run(["transcribe", Self.goforward, "--noise-suppression", "on"])
        #expect(on.status == 0, "\(on.standardError)")
        let bogus = try DictateProcess.run(["transcribe", Self.goforward, "--noise-suppression", "loud"])
        #expect(bogus.status == 64)
        #expect(bogus.standardError.contains("auto"), "the error lists the values: \(bogus.standardError)")
    }

    @Test func localesListsTheInstalledEnglishModel() throws {
        let result = try DictateProcess.run(["locales"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.lines.contains { $0.hasPrefix("en-US") && $0.contains(PocketSphinxSystemModel.englishUS) },
            "needs Debian's pocketsphinx-en-us: \(result.standardOutput)")
    }
}
