import Dictation
import DictationFeedback
import DictationTestSupport
import DictationTesting
import Foundation
import Testing

/// The microphone hears the loudspeaker. Through ``Loopback`` every sound played goes back into
/// the test microphone at the level it was played; without the gate the session takes it as
/// speech (which shows the echo is loud enough to matter), with it the session hears nothing.
/// `scripts/test.sh` runs it with the live tests, one at a time: the echo comes through the test's
/// threads, which a loaded pass delayed by seconds.
@Suite("The microphone gated while feedback plays", .timeLimit(.minutes(25)))
struct PlaybackGateTests {
    /// Plays cues and a spoken sentence into the room of a PocketSphinx session, waits until the
    /// microphone has read all of their echo, and returns the session's events.
    static func eventsWithEcho(gated: Bool) async throws -> [DictationEvent] {
        let model = try PocketSphinxSystemModel.requireEnglishUS()
        let room = try FeedbackSession(
            recognizer: PocketSphinxRecognizer(modelDirectory: model, environment: [:]),
            detector: EnergyVoiceActivityDetector.standard(), gated: gated)
        try await room.start(locale: "en-US")
        let echoesBefore = room.loopback.sounds.count
        for cue in [SoundCue.error, .nothingHeard, .utteranceTaken, .commandCarriedOut] { room.feedback.play(cue) }
        room.feedback.say("The quick brown fox jumps over the lazy dog.", locale: "en-US")
        try await offThePool {
            room.feedback.waitUntilPlayed()
            try waitUntil("the loopback echoed the four cues and the sentence") {
                room.loopback.sounds.count >= echoesBefore + 5
            }
            // Everything queued on the live feed so far, echoes included, read by the device.
            try room.microphone.say([Int16](repeating: 0, count: 16_000))
        }
        try await room.stop()
        return room.events.map(\.event)
    }

    @Test func soundsEchoedIntoTheMicrophoneAreNotHeardAsSpeech() async throws {
        let ungated = try await Self.eventsWithEcho(gated: false)
        let heard = ungated.filter { $0.type == "speechStarted" }.count
        print("without the gate: \(heard) utterances started, finals \(ungated.finalTexts)")
        #expect(heard > 0, "the echo is loud enough to be taken as speech")

        let gated = try await Self.eventsWithEcho(gated: true)
        let codes = gated.compactMap { if case .error(let error) = $0 { error.code } else { nil } }
        print("with the gate: finals \(gated.finalTexts), errors \(codes)")
        #expect(!gated.contains { $0.type == "speechStarted" }, "no speech heard while the feedback played")
        #expect(gated.finalTexts.isEmpty)
    }
}
