import DictationKit
import DictationTesting
import Foundation
import Synchronization
import Testing

/// Event stages: every event from the run's listening passes them in order, what they return is
/// what the consumer gets (within the reports asked for), and what they add at the end comes last.
@Suite(.timeLimit(.minutes(25))) struct EventStageTests {
    /// Upper-cases finals, notes every event it saw, and adds a non-fatal error at the end.
    final class ShoutingStage: DictationEventStage {
        let seen = Mutex<[String]>([])
        let runs = Mutex<[DictationRunInfo]>([])

        func makeProcessor(for run: DictationRunInfo) -> any DictationEventProcessor {
            runs.withLock { $0.append(run) }
            return Processor(stage: self)
        }

        final class Processor: DictationEventProcessor {
            let stage: ShoutingStage
            init(stage: ShoutingStage) { self.stage = stage }

            func process(_ event: DictationEvent) -> [DictationEvent] {
                stage.seen.withLock { $0.append(event.type) }
                switch event {
                case .final(var transcript):
                    transcript.text = transcript.text.uppercased()
                    return [.final(transcript)]
                case .speechStarted:
                    return []
                default:
                    return [event]
                }
            }

            func finish() -> [DictationEvent] {
                [.error(DictationError(code: .internal, message: "stage done", isFatal: false))]
            }
        }
    }

    @Test func stagesSeeEveryEventAndShapeWhatTheConsumerGets() async throws {
        let stage = ShoutingStage()
        let session = DictationSession(
            source: InMemoryAudioSource(samples: SessionContractTests.silence(seconds: 7)),
            preprocessing: PassthroughPreprocessing(), recognizer: ScriptedRecognizer(utterances: SessionContractTests.script),
            eventStages: [stage])
        let events = try await session.collectEvents(
            DictationOptions(locale: "en-US", reports: [.partials], endpointing: .scripted))

        #expect(events.finalTexts == ["GO FORWARD TEN METERS", "TURN LEFT", "STOP HERE PLEASE"])
        #expect(events.last?.type == "error", "what a stage adds at the end comes last")
        #expect(events.errors.map(\.message).last?.contains("stage done") == true)
        let seen = stage.seen.withLock { $0 }
        // Stages see what the consumer did not ask for: speech activity and state changes.
        #expect(seen.contains("speechStarted") && seen.contains("speechEnded") && seen.contains("stateChanged"))
        #expect(!events.contains { $0.type == "speechEnded" || $0.type == "stateChanged" })
        let runs = stage.runs.withLock { $0 }
        #expect(runs.count == 1)
        #expect(runs.first?.locale == "en-US" && runs.first?.requestedLocale == "en-US")
    }

    /// A file that can't be opened.
    struct UnreadableSource: AudioSource {
        func open() throws(DictationError) -> any AudioReader { throw .invalidAudio("no header") }
    }

    @Test func aRunThatFailsBeforeListeningPassesNoStage() async throws {
        let stage = ShoutingStage()
        let session = DictationSession(
            source: UnreadableSource(),
            preprocessing: PassthroughPreprocessing(), recognizer: ScriptedRecognizer(utterances: []),
            eventStages: [stage])
        let events = try await session.collectEvents(DictationOptions(endpointing: .scripted))
        #expect(events.errors.map(\.code) == [.invalidAudio])
        #expect(stage.runs.withLock { $0 }.isEmpty)
    }
}
