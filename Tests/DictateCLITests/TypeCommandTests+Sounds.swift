import DictationTestSupport
import DictationTesting
import Foundation
import Testing

extension TypeCommandTests {
    /// Dictation without looking: `dictate type --wait` on a test speaker (ALSA's `file` plugin
    /// on a playback PCM, beside the test microphone in one configuration). Each sound is a file
    /// of its own, in order: the start cue at `control start`, the tick of the typed sentence,
    /// `control read-back` saying it, `control status --speak` saying "listening" (through the
    /// instance), the stop cue; and `--speak` with no instance running says so on its own.
    /// The spoken ones are run back through `dictate transcribe`.
    @Test func soundsReadBackAndSpokenStatusForDictationWithoutLooking() throws {
        let setup = try Setup()
        let speaker = try TestSpeaker(beside: setup.microphone)
        let editor = try setup.desktop.startTerminal(title: "dk-eyes-free")
        setup.microphone.startLiveFeed()
        let dictate = try setup.type(["--output", "xdotool", "--wait", "--playback-device", speaker.device])
        try setup.waitForState("idle")
        #expect(speaker.playedFiles.isEmpty, "idle: nothing played yet")

        #expect(try setup.control(["start"]).standardOutput.hasPrefix("listening"))
        try setup.microphone.say(try PocketSphinxTestData.goForward() + [Int16](repeating: 0, count: 16_000))
        try waitUntil("the sentence is typed", pollingEvery: .milliseconds(100)) {
            (try? setup.desktop.text(of: editor))?.contains("meters") == true
        }
        try waitUntil("the sentence's tick is played") { speaker.playedFiles.count >= 2 }
        #expect(try setup.control(["read-back"]).standardOutput.hasPrefix("listening"))
        try waitUntil("the read-back is played") { speaker.playedFiles.count >= 3 }
        // Said by the instance, whose microphone is silenced meanwhile: nothing of it is typed.
        let spoken = try setup.control(["status", "--speak"])
        #expect(spoken.status == 0, "\(spoken.standardError)")
        #expect(spoken.standardOutput.hasPrefix("listening"))
        #expect(try setup.control(["stop"]).standardOutput.hasPrefix("idle"))
        try waitUntil("the stop cue is played") { speaker.playedFiles.count >= 5 }
        #expect(try setup.control(["quit"]).status == 0)
        setup.microphone.closeWriter()
        let result = dictate.finish()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try setup.desktop.text(of: editor) == "Go forward 10 meters.\n")

        let sounds = speaker.sounds
        try #require(sounds.count == 5, "\(sounds.map(\.count))")
        let pitches = sounds.map { ToneAnalysis.tones(in: $0, sampleRate: 22_050) }
        print("sounds: \(pitches)")
        #expect(ToneAnalysis.matches(pitches[0], pitches: [523, 784]), "the start cue: \(pitches[0])")
        #expect(ToneAnalysis.matches(pitches[1], pitches: [1_047]), "the tick: \(pitches[1])")
        #expect(ToneAnalysis.matches(pitches[4], pitches: [784, 523]), "the stop cue: \(pitches[4])")

        let readBack = try Self.heard(sounds[2], in: setup.desktop.folder)
        let score = WordErrorRate.written(reference: "Go forward 10 meters.", hypothesis: readBack)
        print("read back: \"\(readBack)\" (\(score)); status: \"\(try Self.heard(sounds[3], in: setup.desktop.folder))\"")
        #expect(score.rate <= 0.25, "\(score)")
        #expect(try Self.heard(sounds[3], in: setup.desktop.folder).lowercased().contains("listening"))

        let alone = try setup.control(["status", "--speak", "--playback-device", speaker.device])
        #expect(alone.status == 69, "\(alone.standardError)")
        try #require(speaker.sounds.count == 6)
        let notRunning = try Self.heard(speaker.sounds[5], in: setup.desktop.folder).lowercased()
        #expect(notRunning.contains("not running"), "\(notRunning)")
    }

    /// What `dictate transcribe` hears in a sound played at 22 050 Hz, with Whisper tiny.en.
    static func heard(_ samples: [Int16], in folder: URL) throws -> String {
        let file = folder.appendingPathComponent("played-\(UUID().uuidString).wav")
        try Data(WAVBuilder.pcm16(samples, sampleRate: 22_050)).write(to: file)
        let model = try WhisperTestModels.path("tiny.en")
        let result = try DictateProcess.run(["transcribe", "--recognizer", "whisper", "--model", model, file.path])
        return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
