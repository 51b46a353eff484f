import Dictation
import DictationFeedback
import DictationFormatting
import DictationTestSupport
import DictationTesting
import Foundation
import Testing

/// "read that back" in a live session: a LibriVox sentence spoken into the test microphone, the
/// command spoken after its cue, the read-back played, echoed into the microphone, and run back
/// through Whisper. `scripts/test.sh` runs them with the live tests, one at a time: the echo comes
/// through the test's threads, which a loaded pass delays.
@Suite("Read-back and the moments of the cues", .timeLimit(.minutes(15)))
struct ReadBackTests {
    @Test func whisperHearsTheReadBackOfTheLastUtteranceAndTheSessionDoesNot() async throws {
        let models = WhisperModelLocator().installedModels()
        let tiny = try #require(models.first { $0.name == "tiny.en" }?.path, "no Whisper tiny.en model")
        let recognizer = WhisperRecognizer(modelPath: tiny, threads: 1)
        let room = try FeedbackSession(
            recognizer: recognizer, detector: StandardRecognizer().voiceActivityDetector(forLocale: "en-US"))
        try await room.start(locale: "en-US")
        let command = try SpokenRecording([(voice: .espeakIn("en-us+f2"), text: "read it back")])
        defer { command.remove() }

        try await offThePool {
            // A person speaks once the start cue says the session listens, and has faded.
            try waitUntil("the start cue") { room.loopback.sounds.count >= 1 }
            try waitUntil("the microphone open again") { !room.feedback.silencesMicrophone() }
            try room.microphone.say(try PocketSphinxTestData.librivox("0920"))
            // A person waits for the tick before the next words: the cue of the sentence's final.
            try waitUntil("the sentence's final and its cue", within: .seconds(600)) {
                !room.finals.isEmpty && room.loopback.sounds.count >= 2
            }
            try waitUntil("the microphone open again") { !room.feedback.silencesMicrophone() }
            try room.microphone.say(command.samples)
            try waitUntil("the read-back played and echoed", within: .seconds(600)) { room.loopback.sounds.count >= 3 }
            try room.microphone.say([Int16](repeating: 0, count: 32_000))
        }
        let stopAsked = ContinuousClock.now
        try await room.stop()
        try await offThePool {
            room.feedback.waitUntilPlayed()
            try waitUntil("the stop cue echoed") { room.loopback.sounds.count >= 4 }
        }

        let finals = room.finals
        let written = finals.map { $0.writtenText ?? $0.text }
        print("finals: \(written)")
        let commands = room.events.compactMap { if case .command(let command) = $0.event { command } else { nil } }
        #expect(commands.map(\.kind) == [.readBack])
        #expect(written.count == 2 && written.last == "", "the sentence and the command, no final from the echo: \(written)")
        let sentence = try #require(written.first)

        let sounds = room.loopback.sounds
        let patterns = sounds.map { ToneAnalysis.tones(in: $0.samples, sampleRate: $0.sampleRate) }
        print("sounds: \(patterns.map { $0.count > 3 ? "speech" : "\($0)" })")
        try #require(sounds.count == 4)
        #expect(ToneAnalysis.matches(patterns[0], pitches: [523, 784]), "listening started")
        #expect(ToneAnalysis.matches(patterns[1], pitches: [1_047]), "utterance taken")
        #expect(Double(sounds[2].samples.count) / 22_050 > 1, "the read-back speaks")
        #expect(ToneAnalysis.matches(patterns[3], pitches: [784, 523]), "listening stopped")

        // Each sound at its moment, by the events around it as the consumer got them.
        let firstSpeech = try #require(room.moment { $0.type == "speechStarted" })
        let firstEnd = try #require(room.moment { $0.type == "speechEnded" })
        let commandSpeech = try #require(room.events.filter { $0.event.type == "speechStarted" }.dropFirst().first?.at)
        #expect(sounds[0].appeared < firstSpeech, "the start cue before the first words")
        #expect(sounds[1].appeared > firstEnd && sounds[1].appeared < commandSpeech, "the tick after the sentence")
        #expect(sounds[2].appeared > commandSpeech, "the read-back after the command")
        #expect(sounds[3].appeared > stopAsked, "the stop cue at the end")

        // What was read back is what was written.
        let played = WAVBuilder.pcm16(sounds[2].samples, sampleRate: sounds[2].sampleRate)
        let heard = try await Self.transcribe(AudioDataSource(bytes: played), recognizer: recognizer)
        let score = WordErrorRate.written(reference: sentence, hypothesis: heard)
        print("read back: \"\(heard)\" against \"\(sentence)\": \(score)")
        #expect(score.rate <= 0.35, "\(score)")
    }

    /// Norwegian read-back, as `AudioFeedback` speaks it (espeak-ng's `nb` voice), heard by
    /// Whisper base: the words of the text come back.
    @Test func whisperHearsANorwegianReadBack() async throws {
        let models = WhisperModelLocator().installedModels()
        let base = try #require(models.first { $0.name == "base" }?.path, "no Whisper base model")
        let speaker = try TestSpeaker()
        let feedback = try AudioFeedback(
            options: .init(device: speaker.device, configurationFile: speaker.configuration.path, wordsPerMinute: 140))
        let text = "I dag skal vi skrive et brev til bestemor."
        let processor = feedback.stage.makeProcessor(for: DictationRunInfo(locale: "nb-NO", requestedLocale: "nb-NO"))
        _ = processor.process(.final(Transcript(text: text, utteranceIndex: 0, startTime: 0, endTime: 2)))
        _ = processor.process(.command(DictationCommand(kind: .readBack, utteranceIndex: 1)))
        try await offThePool { feedback.waitUntilPlayed() }
        let sounds = speaker.sounds
        try #require(sounds.count == 2, "the cue of the final, then the read-back")
        let played = WAVBuilder.pcm16(sounds[1], sampleRate: 22_050)
        let recognizer = WhisperRecognizer(modelPath: base, threads: 1)
        let heard = try await Self.transcribe(AudioDataSource(bytes: played), recognizer: recognizer, locale: "nb-NO")
        let score = WordErrorRate.written(reference: text, hypothesis: heard)
        print("read back in Norwegian: \"\(heard)\" against \"\(text)\": \(score)")
        // espeak-ng's Norwegian voice is robotic: WhisperNorwegianTests allows 80 % for it.
        #expect(score.rate <= 0.6, "\(score)")
    }

    /// The written text of a whole session over `source`.
    static func transcribe(_ source: any AudioSource, recognizer: WhisperRecognizer, locale: String = "en-US") async throws
        -> String
    {
        let session = DictationSession(
            source: source, preprocessing: StandardPreprocessing(), recognizer: recognizer, eventStages: [FormattingStage()])
        return try await withDeadline(.seconds(600), "a Whisper session over the read-back") {
            var texts: [String] = []
            for await event in try await session.start(DictationOptions(locale: locale)) {
                if case .final(let transcript) = event { texts.append(transcript.writtenText ?? transcript.text) }
            }
            return texts.joined(separator: " ")
        }
    }
}
