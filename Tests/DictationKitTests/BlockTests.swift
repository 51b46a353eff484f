import DictationKit
import DictationTestSupport
import DictationTesting
import Foundation
import Synchronization
import Testing

/// Dictation in blocks (DESIGN.md, "Blocks"): each transition of the state machine, the
/// requests that change nothing, and that pausing loses nothing heard before it.
@Suite(.timeLimit(.minutes(25))) struct BlockTests {
    static let script = [
        ScriptedRecognizer.Utterance("go forward ten meters", from: 0.5, to: 2.0),
        ScriptedRecognizer.Utterance("turn left", from: 3.0, to: 3.8),
        ScriptedRecognizer.Utterance("stop here please", from: 5.0, to: 6.5),
    ]

    static let options = DictationOptions(reports: [.partials, .stateChanges], endpointing: .scripted)

    static func silence(seconds: Double) -> [Float] { [Float](repeating: 0, count: Int(seconds * 16_000)) }

    /// A session over a microphone-like source playing `seconds` of audio at `speed` times real time.
    static func liveSession(seconds: Double = 8, speed: Double = 4, recognizer: (any SpeechRecognizer)? = nil)
        -> DictationSession
    {
        // Like a microphone, the source goes on (with silence) until the session stops it.
        DictationSession(
            source: InMemoryAudioSource(samples: silence(seconds: seconds), ending: .silence, speed: speed),
            preprocessing: PassthroughPreprocessing(),
            recognizer: recognizer ?? ScriptedRecognizer(utterances: script))
    }

    /// Collects a stream's events on a task of its own.
    final class Collector: Sendable {
        private final class Events: Sendable {
            let list = Mutex<[DictationEvent]>([])
            let finished = Mutex(false)
        }
        private let events = Events()
        private let task: Task<Void, Never>

        init(_ stream: AsyncStream<DictationEvent>) {
            let events = self.events
            task = Task {
                for await event in stream { events.list.withLock { $0.append(event) } }
                events.finished.withLock { $0 = true }
            }
        }

        var snapshot: [DictationEvent] { events.list.withLock { $0 } }

        func waitForEnd() async throws -> [DictationEvent] {
            let task = self.task
            try await withDeadline(.seconds(1200), "the session's events") { await task.value }
            return snapshot
        }

        /// Whether the stream has ended.
        var isFinished: Bool { events.finished.withLock { $0 } }

        /// Waits until an event matching `condition` arrived. The hang guard is long: a loaded
        /// machine may starve the session, and this task, for minutes while other suites'
        /// synchronous tests hold the cooperative threads (at load 40, 90 s were not enough).
        func waitFor(_ awaited: String, _ condition: (DictationEvent) -> Bool) async throws {
            try await waitUntil(awaited, within: .seconds(600)) { snapshot.contains(where: condition) }
        }
    }

    /// The events up to the first commit's end: its block, then the run listening again.
    static func upToListeningAfterCommit(_ events: [DictationEvent]) -> [DictationEvent]? {
        guard let committed = events.firstIndex(where: { $0.type == "blockCommitted" }),
            let listening = events[committed...].firstIndex(of: .stateChanged(.listening))
        else { return nil }
        return Array(events[...listening])
    }

    static func committed(_ events: [DictationEvent]) -> [DictationBlock] {
        events.compactMap { if case .blockCommitted(let block) = $0 { block } else { nil } }
    }

    static func isPartial(_ event: DictationEvent) -> Bool { event.type == "partial" }

    @Test func pauseDeliversWhatWasHeardAndResumeAppendsToTheSameBlock() async throws {
        let session = Self.liveSession()
        let collector = Collector(try await session.start(Self.options))
        try await collector.waitFor("the first utterance is being heard", Self.isPartial)
        await session.pause()
        #expect(session.state == .paused)
        // pause() returns once the events were yielded; the collecting task may still be reading them.
        try await collector.waitFor("the collector has read the pause") { $0 == .stateChanged(.paused) }
        let atPause = collector.snapshot
        // Pausing ends the utterance that was being heard: the final of the last partial's
        // utterance comes before the state says paused.
        let lastPartial = atPause.last { $0.type == "partial" }.flatMap { event -> Transcript? in
            if case .partial(let transcript) = event { transcript } else { nil }
        }
        let finalsAtPause = atPause.finals
        #expect(lastPartial != nil)
        #expect(finalsAtPause.last?.utteranceIndex == lastPartial?.utteranceIndex)
        if let final = finalsAtPause.last, let lastPartial {
            #expect(!final.text.isEmpty && final.text.hasPrefix(lastPartial.text))
        }
        #expect(atPause.states == [.listening, .paused])
        let finalPlace = atPause.lastIndex { $0.type == "final" }
        let pausedPlace = atPause.firstIndex(of: .stateChanged(.paused))
        #expect(finalPlace != nil && pausedPlace != nil && finalPlace! < pausedPlace!)

        await session.resume()
        #expect(session.state == .listening)
        await session.stop()
        let events = try await collector.waitForEnd()
        #expect(events.states == [.listening, .paused, .listening, .processing, .idle])
        let blocks = Self.committed(events)
        #expect(blocks.count == 1, "stop commits the open block, which spans the pause")
        #expect(blocks.first?.utterances == events.finals)
        #expect(session.committedBlocks == blocks)
        #expect(session.state == .idle)
    }

    @Test func commitFinalizesTheBlockAndTheRunGoesOn() async throws {
        let session = Self.liveSession()
        let collector = Collector(try await session.start(Self.options))
        try await collector.waitFor("a final") { $0.type == "final" }
        try await collector.waitFor("a partial", Self.isPartial)
        let block = await session.commit()
        try await collector.waitFor("the run listens again after the commit") { _ in
            Self.upToListeningAfterCommit(collector.snapshot) != nil
        }
        // The source plays on, so later finals may have arrived by now: look up to the commit's end.
        let afterCommit = try #require(Self.upToListeningAfterCommit(collector.snapshot))
        let finalsAtCommit = afterCommit.finals
        #expect(block?.index == 0)
        #expect(block?.utterances == finalsAtCommit, "the block holds every final delivered before it")
        #expect(Array(afterCommit.states.suffix(2)) == [.processing, .listening], "after a commit the run listens on")
        #expect(session.committedText == block?.text)

        await session.stop()
        let events = try await collector.waitForEnd()
        let blocks = Self.committed(events)
        #expect(blocks.first == block)
        #expect(blocks.map(\.index) == Array(0..<blocks.count))
        #expect(blocks.flatMap(\.utterances) == events.finals, "every final is in exactly one block")
        #expect(session.committedText == blocks.map(\.text).filter { !$0.isEmpty }.joined(separator: " "))
    }

    @Test func commitWhilePausedStaysPaused() async throws {
        let session = Self.liveSession()
        let collector = Collector(try await session.start(Self.options))
        try await collector.waitFor("a partial", Self.isPartial)
        await session.pause()
        let block = await session.commit()
        #expect(block != nil)
        #expect(session.state == .paused)
        try await collector.waitFor("the commit's state changes") { _ in collector.snapshot.states.count >= 4 }
        #expect(Array(collector.snapshot.states.suffix(3)) == [.paused, .processing, .paused])
        await session.stop()
        let events = try await collector.waitForEnd()
        #expect(events.states.suffix(2) == [.processing, .idle])
    }

    @Test func cancelDiscardsOnlyTheUncommittedBlock() async throws {
        // Utterances every 1.5 s of audio for 8 hours (2.7 hours at the source's 3x speed), so that one
        // follows the commit however late the test's task gets to run: a loaded CI machine starved it
        // for more than the 500 s of wall time that 1000 utterances lasted, and no final came after.
        let script = (0..<20_000).map {
            ScriptedRecognizer.Utterance("word \($0)", from: 0.5 + 1.5 * Double($0), to: 1.5 + 1.5 * Double($0))
        }
        // The source goes on with silence after its one second, for as long as the script lasts.
        let session = Self.liveSession(seconds: 1, speed: 3, recognizer: ScriptedRecognizer(utterances: script))
        let collector = Collector(try await session.start(Self.options))
        try await collector.waitFor("a final") { $0.type == "final" }
        let first = await session.commit()
        // A final after the committed ones: the commit may have come late and taken more than one.
        let committedCount = first?.utterances.count ?? 1
        try await collector.waitFor("a final after the committed ones") { event in
            if case .final(let transcript) = event { transcript.utteranceIndex >= committedCount } else { false }
        }
        await session.cancel()
        let events = try await collector.waitForEnd()
        let discarded = events.compactMap { if case .blockDiscarded(let block) = $0 { block } else { nil } }
        #expect(discarded.count == 1)
        #expect(discarded.first?.index == 1)
        #expect(discarded.first.map { !$0.utterances.isEmpty } == true)
        #expect(session.committedBlocks == [first].compactMap { $0 }, "the committed block stays")
        #expect(events.states == [.listening, .processing, .listening, .idle], "cancel ends at once, decoding nothing")
        #expect(session.state == .idle)
    }

    @Test func requestsThatChangeNothingSendNoEvent() async throws {
        let idle = Self.liveSession()
        // Before any run: nothing happens and nothing hangs.
        await idle.pause()
        await idle.resume()
        #expect(await idle.commit() == nil)
        #expect(idle.state == .idle)

        let session = Self.liveSession()
        let collector = Collector(try await session.start(Self.options))
        try await collector.waitFor("a partial", Self.isPartial)
        await session.resume()  // not paused
        await session.pause()
        await session.pause()  // already paused
        await session.stop()
        await session.pause()  // after the end
        await session.resume()
        #expect(await session.commit() == nil)
        let events = try await collector.waitForEnd()
        #expect(events.states == [.listening, .paused, .processing, .idle])
    }

    @Test func audioHeardWhilePausedNeverReachesTheRecognizer() async throws {
        // The source plays a ramp, so each sample says where it came from, and never ends by
        // itself, so the test
        // holds however late its task gets to run on a loaded machine.
        let recognizer = FeedRecordingRecognizer()
        let source = EndlessRampSource()
        let session = DictationSession(source: source, preprocessing: PassthroughPreprocessing(), recognizer: recognizer)
        let collector = Collector(try await session.start(Self.options))
        try await waitUntil("the recognizer has been fed audio") { recognizer.fed.count >= 3_200 }
        await session.pause()
        let fedAtPause = recognizer.fed.count
        // A live source is kept drained while paused: what it plays now is not dictation.
        let playedAtPause = source.played
        try await waitUntil("the source has played 0.2 s more during the pause") { source.played >= playedAtPause + 3_200 }
        await session.resume()
        try await waitUntil("audio after the pause has reached the recognizer") { recognizer.fed.count > fedAtPause + 3_200 }
        await session.stop()
        let events = try await collector.waitForEnd()
        #expect(events.states == [.listening, .paused, .listening, .processing, .idle])
        let positions = recognizer.fed.map(EndlessRampSource.position)
        // What was fed is the ramp with one gap: the audio played while paused. (The ramp starts
        // over after `period` samples, which a test starved for minutes on a loaded machine reaches.)
        let steps = zip(positions, positions.dropFirst()).map { ($1 - $0 + EndlessRampSource.period) % EndlessRampSource.period }
        let gaps = steps.filter { $0 != 1 }
        #expect(gaps.count == 1, "one stretch of audio is missing: the pause")
        if let gap = gaps.first {
            #expect(gap > 16_000 / 10, "at least 100 ms of audio was played during the pause")
        }
        #expect(positions.first == 0, "nothing before the pause is lost")
        #expect(positions.count > fedAtPause, "audio after the pause was recognized")
    }

    @Test func aDecoderFailureOnOneUtteranceIsReportedAndTheSessionGoesOn() async throws {
        let recognizer = ScriptedRecognizer(
            utterances: Self.script, decodeError: (at: 3.2, error: .recognitionFailed("scripted")), decodeFailureCount: 1)
        let session = DictationSession(
            source: InMemoryAudioSource(samples: Self.silence(seconds: 8)), preprocessing: PassthroughPreprocessing(),
            recognizer: recognizer)
        var events: [DictationEvent] = []
        for await event in try await session.start(DictationOptions(endpointing: .scripted)) { events.append(event) }
        let errors = events.compactMap { if case .error(let error) = $0 { error } else { nil } }
        #expect(errors.count == 1)
        #expect(errors.first?.code == .recognitionFailed)
        #expect(errors.first?.isFatal == false, "one failed utterance does not end the session")
        let texts = events.finals.map(\.text)
        #expect(texts.first == "go forward ten meters")
        #expect(texts.last == "stop here please", "the utterance after the failure is recognized")
        #expect(!texts.contains("turn left"), "the utterance the decoder failed on is dropped, not half-delivered")
    }

    @Test func failuresThatKeepComingEndTheSession() async throws {
        let recognizer = ScriptedRecognizer(
            utterances: Self.script, decodeError: (at: 3.2, error: .recognitionFailed("scripted")))
        let session = DictationSession(
            source: InMemoryAudioSource(samples: Self.silence(seconds: 8)), preprocessing: PassthroughPreprocessing(),
            recognizer: recognizer)
        var events: [DictationEvent] = []
        for await event in try await session.start(Self.options) { events.append(event) }
        let errors = events.compactMap { if case .error(let error) = $0 { error } else { nil } }
        #expect(errors.map(\.isFatal) == [false, false, true])
        #expect(events.last.map { if case .error(let error) = $0 { error.isFatal } else { false } } == true)
        #expect(events.states.last == .error)
        #expect(session.state == .error)
        #expect(
            session.committedBlocks.flatMap(\.utterances).map(\.text) == ["go forward ten meters"],
            "finals delivered before the failure are committed")
    }
}

/// A live source, paced at twice real time, whose sample n is a value from which n can be read back.
/// It plays until the session stops it.
final class EndlessRampSource: AudioSource {
    /// Sample values cycle through this many steps, exactly representable as `Float`.
    static let period = 1 << 22

    static func position(of sample: Float) -> Int { Int((sample * Float(period)).rounded()) }

    private let playedFrames = Atomic(0)

    /// How many frames the readers have handed out.
    var played: Int { playedFrames.load(ordering: .sequentiallyConsistent) }

    func open() throws(DictationError) -> any AudioReader { Reader(played: self) }

    private final class Reader: AudioReader {
        let format = AudioFormat(sampleRate: 16_000, channelCount: 1, encoding: .float32)
        let isLive = true
        private let source: EndlessRampSource
        private var position = 0
        // Twice real time: a read returns once its audio would have been heard.
        private let pacer = RealTimePacer(unitsPerSecond: 16_000, speed: 2)
        private let interrupted = Mutex(false)

        init(played source: EndlessRampSource) { self.source = source }

        func read(maxFrames: Int) throws(DictationError) -> AudioFrame? {
            if interrupted.withLock({ $0 }) { return nil }
            let count = min(max(maxFrames, 1), 1_600)
            let samples = (position..<position + count).map {
                Float($0 % EndlessRampSource.period) / Float(EndlessRampSource.period)
            }
            let frame = AudioFrame(samples: samples, sampleRate: 16_000, channelCount: 1, startTime: Double(position) / 16_000)
            position += count
            pacer.waitUntilPlayed(position)
            source.playedFrames.add(count, ordering: .sequentiallyConsistent)
            return frame
        }

        func interrupt() { interrupted.withLock { $0 = true } }
        func takeEvents() -> [DictationEvent] { [] }
    }
}

/// A recognizer that keeps every sample it was fed and recognizes nothing.
final class FeedRecordingRecognizer: SpeechRecognizer {
    let sampleRate = 16_000
    private let samples = Mutex<[Float]>([])

    var fed: [Float] { samples.withLock { $0 } }

    func supportedLocales() -> [String] { ["en-US"] }

    func makeDecoder(_ configuration: DecoderConfiguration) throws(DictationError) -> any SpeechDecoder {
        Decoder(recognizer: self)
    }

    fileprivate func record(_ new: [Float]) { samples.withLock { $0 += new } }

    private final class Decoder: StreamDecoder {
        let recognizer: FeedRecordingRecognizer
        let locale = "en-US"
        init(recognizer: FeedRecordingRecognizer) { self.recognizer = recognizer }

        func process(_ samples: [Float], reportPartials: Bool) throws(DictationError) -> [RecognitionUpdate] {
            recognizer.record(samples)
            return []
        }

        func finish() throws(DictationError) -> [RecognitionUpdate] { [] }
    }
}
