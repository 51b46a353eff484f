import DictationFeedback
import DictationKit
import DictationTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Sound cues through ALSA playback", .timeLimit(.minutes(25)))
struct SoundCueTests {
    /// Each cue's pitches as docs/desktop.md describes them, measured from what the device played.
    static let described: [(SoundCue, [Double])] = [
        (.listeningStarted, [523, 784]), (.listeningStopped, [784, 523]), (.utteranceTaken, [1_047]),
        (.commandCarriedOut, [1_319, 1_319]), (.nothingHeard, [392]), (.error, [233, 233]),
    ]

    @Test func everyCueIsPlayedAsItsOwnShortPattern() async throws {
        let speaker = try TestSpeaker()
        let feedback = try AudioFeedback(
            options: .init(device: speaker.device, configurationFile: speaker.configuration.path))
        for (cue, _) in Self.described { feedback.play(cue) }
        try await offThePool { feedback.waitUntilPlayed() }
        #expect(feedback.takeProblems().isEmpty)

        let sounds = speaker.sounds
        try #require(sounds.count == Self.described.count, "one played file per cue")
        for ((cue, pitches), samples) in zip(Self.described, sounds) {
            let tones = ToneAnalysis.tones(in: samples, sampleRate: 22_050)
            print("\(cue): \(tones)")
            #expect(ToneAnalysis.matches(tones, pitches: pitches), "\(cue): \(tones)")
            #expect(Double(samples.count) / 22_050 < 0.3, "\(cue) is short")
            let peak = samples.map { abs(Int($0)) }.max() ?? 0
            #expect(peak > 32_767 * 3 / 10 && peak < 32_767 / 2, "\(cue) at the default volume: peak \(peak)")
        }
    }

    /// The stage's cue for each event, in the order of the events: a command-only utterance's
    /// empty final is no "nothing heard", a final without words is.
    @Test func eachEventGetsItsCueInOrder() async throws {
        let speaker = try TestSpeaker()
        let feedback = try AudioFeedback(
            options: .init(device: speaker.device, configurationFile: speaker.configuration.path))
        let processor = feedback.stage.makeProcessor(for: DictationRunInfo(locale: "en-US", requestedLocale: "en-US"))
        func final(_ text: String, _ index: Int) -> DictationEvent {
            .final(Transcript(text: text, utteranceIndex: index, startTime: 0, endTime: 1, writtenText: text))
        }
        let events: [DictationEvent] = [
            .stateChanged(.listening), .speechStarted(at: 0.1), final("Go forward.", 0),
            final("", 1), .command(DictationCommand(kind: .scratchThat, utteranceIndex: 1, scratchedUtterance: 0)),
            final("", 2), .level(-40),
            .error(DictationError(code: .captureOverrun, message: "lost", isFatal: false)),
            .error(DictationError(code: .noSpeechDetected, message: "nothing", isFatal: false)),
            .stateChanged(.paused), .stateChanged(.listening),
        ]
        for event in events {
            #expect(processor.process(event).count == 1, "events pass unchanged")
        }
        _ = processor.finish()
        try await offThePool { feedback.waitUntilPlayed() }
        let expected: [(String, [Double])] = [
            ("started", [523, 784]), ("taken", [1_047]), ("command", [1_319, 1_319]), ("nothing heard", [392]),
            ("error", [233, 233]), ("nothing heard", [392]), ("stopped", [784, 523]), ("started", [523, 784]),
            ("stopped", [784, 523]),
        ]
        let sounds = speaker.sounds.map { ToneAnalysis.tones(in: $0, sampleRate: 22_050) }
        print("cues: \(sounds)")
        try #require(sounds.count == expected.count, "\(sounds)")
        for ((name, pitches), tones) in zip(expected, sounds) {
            #expect(ToneAnalysis.matches(tones, pitches: pitches), "\(name): \(tones)")
        }
    }

    /// While a sound plays and for its echo allowance after, the microphone is silenced; not before.
    @Test func theMicrophoneIsSilencedWhileASoundMayBeHeard() async throws {
        let speaker = try TestSpeaker()
        let feedback = try AudioFeedback(
            options: .init(
                device: speaker.device, configurationFile: speaker.configuration.path, echoAllowance: .seconds(5)))
        let before = ContinuousClock.now
        #expect(!feedback.silencesMicrophone())
        feedback.play(.nothingHeard)
        // Read on the waiting thread: a loaded run resumed this task minutes after the sound.
        let played = try await offThePool {
            feedback.waitUntilPlayed()
            return ContinuousClock.now
        }
        // Silenced from its start until 5 s after it was played; the allowance is long so that
        // a slow return from the wait does not matter.
        #expect(feedback.silencesMicrophone(at: played))
        #expect(feedback.silencesMicrophone(at: played + .seconds(2)))
        #expect(!feedback.silencesMicrophone(at: before))
        #expect(!feedback.silencesMicrophone(at: played + .seconds(6)))
    }

    @Test func aDeviceThatCannotPlayIsReportedOnceWithItsCode() async throws {
        let speaker = try TestSpeaker()
        let feedback = try AudioFeedback(
            options: .init(device: "dk_no_such_speaker", configurationFile: speaker.configuration.path))
        feedback.play(.utteranceTaken)
        feedback.play(.error)
        feedback.say("hello", locale: "en-US")
        try await offThePool { feedback.waitUntilPlayed() }
        let problems = feedback.takeProblems()
        #expect(problems.map(\.code) == [.playbackUnavailable])
        #expect(problems.first?.isFatal == false)
        #expect(problems.first?.message.contains("dk_no_such_speaker") == true)
        #expect(feedback.takeProblems().isEmpty, "reported once")
        #expect(speaker.playedFiles.isEmpty)
    }

    @Test func cuesCanBeTurnedOffWhileReadBackStillSpeaks() async throws {
        let speaker = try TestSpeaker()
        let feedback = try AudioFeedback(
            options: .init(device: speaker.device, configurationFile: speaker.configuration.path, cues: false))
        let processor = feedback.stage.makeProcessor(for: DictationRunInfo(locale: "en-US", requestedLocale: "en-US"))
        _ = processor.process(.stateChanged(.listening))
        _ = processor.process(.final(Transcript(text: "hello there", utteranceIndex: 0, startTime: 0, endTime: 1)))
        _ = processor.process(.command(DictationCommand(kind: .readBack, utteranceIndex: 1)))
        _ = processor.finish()
        try await offThePool { feedback.waitUntilPlayed() }
        let sounds = speaker.sounds
        #expect(sounds.count == 1, "only the read-back")
        #expect((sounds.first?.count ?? 0) > 22_050 / 2, "speech, not a cue")
    }
}
