import Testing

@testable import DictationKit

/// The order events reach the consumer in while the history keeps finals: a final and what came
/// after it wait for its save; the events of the audio as it is heard do not.
@Suite(.timeLimit(.minutes(25))) struct HistoryOutboxTests {
    static func final(_ index: Int) -> DictationEvent {
        .final(Transcript(text: "final \(index)", utteranceIndex: index, startTime: 0, endTime: 1))
    }

    static func partial(_ index: Int) -> DictationEvent {
        .partial(Transcript(text: "partial \(index)", utteranceIndex: index, startTime: 0, endTime: 1))
    }

    static let command = DictationEvent.command(DictationCommand(kind: .newLine, utteranceIndex: 0))
    static let failure = DictationEvent.error(.historyUnavailable("the disk is full"))

    @Test func withNothingWaitingEveryEventGoesAtOnce() {
        var outbox = HistoryOutbox()
        for event in [Self.partial(0), .stateChanged(.listening), Self.command, .level(-30)] {
            #expect(outbox.add(event) == [event])
        }
        #expect(outbox.isEmpty)
    }

    @Test func aFinalHoldsBackWhatFollowsItButTheAudioAsItIsHeard() {
        var outbox = HistoryOutbox()
        outbox.hold(Self.final(0), until: 0)
        #expect(!outbox.isEmpty)
        // What the audio thread shows of the next utterance goes on.
        for event in [DictationEvent.speechStarted(at: 3), Self.partial(1), .level(-20), .speechEnded(at: 4)]
            + [.progress(processed: 4, total: nil)]
        {
            #expect(outbox.add(event) == [event], "\(event.type) must not wait for a save")
        }
        // What the contract puts after the final waits, in order.
        #expect(outbox.add(Self.command).isEmpty)
        outbox.hold(Self.final(1), until: 1)
        #expect(outbox.add(.stateChanged(.processing)).isEmpty)

        #expect(outbox.kept(0, then: [Self.failure]) == [Self.final(0), Self.failure, Self.command])
        #expect(!outbox.isEmpty, "the second final still waits")
        #expect(outbox.add(.error(.noSpeechDetected())).isEmpty, "an error waits behind it too")
        #expect(outbox.kept(1) == [Self.final(1), .stateChanged(.processing), .error(.noSpeechDetected())])
        #expect(outbox.isEmpty)
    }

    @Test func aLaterFinalKeptFirstWaitsForTheEarlierOne() {
        var outbox = HistoryOutbox()
        outbox.hold(Self.final(0), until: 0)
        outbox.hold(Self.final(1), until: 1)
        #expect(outbox.kept(1).isEmpty, "finals stay in utterance order")
        #expect(outbox.kept(0) == [Self.final(0), Self.final(1)])
        #expect(outbox.isEmpty)
    }
}
