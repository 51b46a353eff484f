import DictationKit
import DictationTestSupport
import DictationTesting
import Foundation
import Synchronization
import Testing

@testable import DictationHistory

/// A session with a store: every final is durable before the consumer sees it; a failing store
/// is reported and the session goes on; the run's end is recorded whichever way it ends.
@Suite(.timeLimit(.minutes(25))) struct SessionHistoryTests {
    static let script = [
        ScriptedRecognizer.Utterance("go forward ten meters", from: 0.5, to: 2.0),
        ScriptedRecognizer.Utterance("turn left", from: 3.0, to: 3.8),
        ScriptedRecognizer.Utterance("stop here please", from: 5.0, to: 6.5),
    ]

    static func silence(seconds: Double) -> [Float] { [Float](repeating: 0, count: Int(seconds * 16_000)) }

    static func session(
        _ store: (any TranscriptStore)?, source: InMemoryAudioSource = InMemoryAudioSource(samples: silence(seconds: 7))
    ) -> DictationSession {
        DictationSession(
            source: source, preprocessing: PassthroughPreprocessing(),
            recognizer: ScriptedRecognizer(utterances: script), transcriptStore: store)
    }

    @Test func eachFinalIsInTheDatabaseWhenTheConsumerReceivesIt() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("history.sqlite")
        // The delay makes a save that came after the yield lose the race against this consumer.
        let store = SlowStore(try SQLiteTranscriptStore(path: path), delay: 0.05)
        let session = Self.session(store)
        var finals: [Transcript] = []
        for await event in try await session.start(DictationOptions(locale: "EN-us", endpointing: .scripted)) {
            switch event {
            case .final(let transcript):
                try HistoryFixtures.expectKept(transcript, in: path, sessions: store.sessionIDs)
                finals.append(transcript)
            case .error(let error):
                Issue.record("unexpected error \(error)")
            default:
                break
            }
        }
        #expect(finals.map(\.text) == Self.script.map { $0.words.joined(separator: " ") })

        let reader = try SQLiteTranscriptStore(path: path)
        let kept = try #require(try reader.sessions().first)
        #expect(kept.locale == "en-US", "the decoder's locale")
        #expect(kept.requestedLocale == "EN-us", "as asked")
        #expect(kept.endedAt != nil, "the end was recorded before the stream finished")
        #expect(try reader.utterances(inSession: kept.id).map(\.transcript) == finals)
        #expect(store.calls.first == "started" && store.calls.last == "ended")
    }

    @Test func theHistoryKeepsEachFinalAsTheConsumerGetsItAfterEveryStage() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("history.sqlite")
        let session = DictationSession(
            source: InMemoryAudioSource(samples: Self.silence(seconds: 7)), preprocessing: PassthroughPreprocessing(),
            recognizer: ScriptedRecognizer(utterances: Self.script), transcriptStore: try SQLiteTranscriptStore(path: path),
            eventStages: [CapitalsStage(heldBack: 1)])
        var delivered: [Transcript] = []
        for await event in try await session.start(DictationOptions(endpointing: .scripted)) {
            if case .final(let transcript) = event { delivered.append(transcript) }
        }
        #expect(delivered.map(\.writtenText) == ["GO FORWARD TEN METERS.", "STOP HERE PLEASE."])

        let reader = try SQLiteTranscriptStore(path: path)
        let kept = try #require(try reader.sessions().first)
        let utterances = try reader.utterances(inSession: kept.id)
        #expect(utterances.map(\.transcript) == delivered, "the written text, and nothing the stage held back")
        #expect(try reader.export(sessionID: kept.id, as: .text) == "GO FORWARD TEN METERS.\nSTOP HERE PLEASE.\n")
    }

    @Test func aFailingStoreIsReportedOnceAndTheSessionGoesOn() async throws {
        let store = FailingStore()
        var finals: [String] = []
        var errors: [DictationError] = []
        for await event in try await Self.session(store).start(DictationOptions(endpointing: .scripted)) {
            switch event {
            case .final(let transcript): finals.append(transcript.text)
            case .error(let error): errors.append(error)
            default: break
            }
        }
        #expect(finals.count == 3, "every final is still delivered")
        #expect(errors.map(\.code) == [.historyUnavailable], "one report, not one per final")
        #expect(errors.allSatisfy { !$0.isFatal })
        #expect(store.calls == ["started", "save 0", "save 1", "save 2", "ended"], "every final is still tried")
    }

    @Test func aStoreThatRecoversAndFailsAgainIsReportedAgain() async throws {
        let store = FailingStore(failingSaves: [0, 2])
        var events: [String] = []
        for await event in try await Self.session(store).start(DictationOptions(reports: [], endpointing: .scripted)) {
            switch event {
            case .final(let transcript): events.append("final \(transcript.utteranceIndex)")
            case .error(let error): events.append(error.isFatal ? "fatal!" : error.code.rawValue)
            default: break
            }
        }
        // The error follows the final it concerns, and is never fatal, whatever the store said.
        #expect(events == ["final 0", "historyUnavailable", "final 1", "final 2", "historyUnavailable"])
    }

    @Test func theEndIsRecordedWhenTheRunIsCancelled() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("history.sqlite")
        let store = try SQLiteTranscriptStore(path: path)
        let source = InMemoryAudioSource(samples: Self.silence(seconds: 2.5), ending: .staysOpen)
        let session = Self.session(store, source: source)
        for await event in try await session.start(DictationOptions(endpointing: .scripted)) {
            if case .final = event { break }  // the consumer goes away: the run is cancelled
        }
        await session.cancel()
        let kept = try #require(try SQLiteTranscriptStore(path: path).sessions().first)
        #expect(kept.endedAt != nil)
        #expect(kept.utteranceCount == 1)
        #expect(source.closeCount == source.openCount)
    }

    @Test func aRunThatFailsBeforeItHasADecoderLeavesNoSession() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try SQLiteTranscriptStore(path: folder.path("history.sqlite"))
        let session = DictationSession(
            source: InMemoryAudioSource(samples: Self.silence(seconds: 1)), preprocessing: PassthroughPreprocessing(),
            recognizer: ScriptedRecognizer(utterances: Self.script, loadError: .modelNotFound("test")),
            transcriptStore: store)
        var codes: [DictationError.Code] = []
        for await event in try await session.start(DictationOptions(endpointing: .scripted)) {
            if case .error(let error) = event { codes.append(error.code) }
        }
        #expect(codes == [.modelNotFound])
        #expect(try store.sessions().isEmpty)
    }
}

/// A stage that writes each final in capitals with a period, as a formatting stage adds written
/// text, and holds back the final of one utterance.
private struct CapitalsStage: DictationEventStage {
    let heldBack: Int

    func makeProcessor(for run: DictationRunInfo) -> any DictationEventProcessor { Processor(heldBack: heldBack) }

    final class Processor: DictationEventProcessor {
        let heldBack: Int
        init(heldBack: Int) { self.heldBack = heldBack }

        func process(_ event: DictationEvent) -> [DictationEvent] {
            guard case .final(var transcript) = event else { return [event] }
            guard transcript.utteranceIndex != heldBack else { return [] }
            transcript.writtenText = transcript.text.uppercased() + "."
            return [.final(transcript)]
        }
    }
}

/// Delegates to a store, taking `delay` before each save (a slow disk), and remembers what it was asked.
final class SlowStore: TranscriptStore {
    private let store: any TranscriptStore
    private let delay: Double
    private let log = Mutex<(calls: [String], sessions: [UUID])>(([], []))

    init(_ store: any TranscriptStore, delay: Double) {
        self.store = store
        self.delay = delay
    }

    var calls: [String] { log.withLock { $0.calls } }
    var sessionIDs: [UUID] { log.withLock { $0.sessions } }

    func sessionStarted(_ session: TranscriptSessionInfo) throws(DictationError) {
        log.withLock {
            $0.calls.append("started")
            $0.sessions.append(session.id)
        }
        try store.sessionStarted(session)
    }

    func save(_ final: Transcript, session: TranscriptSessionInfo) throws(DictationError) {
        DeliberateDelay.take(.seconds(delay))
        log.withLock { $0.calls.append("save \(final.utteranceIndex)") }
        try store.save(final, session: session)
    }

    func sessionEnded(_ session: TranscriptSessionInfo, at date: Date) throws(DictationError) {
        log.withLock { $0.calls.append("ended") }
        try store.sessionEnded(session, at: date)
    }
}

/// A store that fails: everything, or only the saves of some utterances.
final class FailingStore: TranscriptStore {
    private let failingSaves: Set<Int>?
    private let log = Mutex<[String]>([])

    /// - Parameter failingSaves: The utterance indices whose saves fail; `nil`: every call fails.
    init(failingSaves: Set<Int>? = nil) { self.failingSaves = failingSaves }

    var calls: [String] { log.withLock { $0 } }

    func sessionStarted(_ session: TranscriptSessionInfo) throws(DictationError) {
        log.withLock { $0.append("started") }
        if failingSaves == nil { throw DictationError.historyUnavailable("the test store is broken") }
    }

    func save(_ final: Transcript, session: TranscriptSessionInfo) throws(DictationError) {
        log.withLock { $0.append("save \(final.utteranceIndex)") }
        if failingSaves?.contains(final.utteranceIndex) ?? true {
            throw DictationError.historyUnavailable("the test store is broken", isFatal: true)
        }
    }

    func sessionEnded(_ session: TranscriptSessionInfo, at date: Date) throws(DictationError) {
        log.withLock { $0.append("ended") }
        if failingSaves == nil { throw DictationError.historyUnavailable("the test store is broken") }
    }
}

extension EndpointingOptions {
    /// The recognizer's own segmentation, for sessions on `PassthroughPreprocessing`: it detects no
    /// voice activity, which the session's endpointer would need, so the scripted recognizer cuts
    /// the utterances where its script has them.
    fileprivate static let scripted = EndpointingOptions(segmentation: .recognizer)
}
