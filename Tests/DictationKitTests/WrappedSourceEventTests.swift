import DictationKit
import DictationTestSupport
import DictationTesting
import Synchronization
import Testing

/// A reader's events (`AudioReader.takeEvents()`) reach the consumer through every source that
/// wraps it: a recording's announcement, and what a reader still has to tell once it is closed.
@Suite(.timeLimit(.minutes(25))) struct WrappedSourceEventTests {
    /// The sources that wrap another, as a session's source.
    enum Wrapper: String, CaseIterable, Sendable {
        case none, releaseTimed, suspendable

        func wrap(_ source: any AudioSource) -> any AudioSource {
            switch self {
            case .none: source
            case .releaseTimed: ReleaseTimedSource(source)
            case .suspendable: SuspendableSource(wrapping: source)
            }
        }
    }

    static func finals(_ events: [DictationEvent]) -> [String] {
        events.compactMap { if case .final(let transcript) = $0 { transcript.text } else { nil } }
    }

    @Test(arguments: Wrapper.allCases)
    func aRecordingInsideAWrapperIsAnnouncedThroughTheSession(_ wrapper: Wrapper) async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let recording = RecordingSource(
            wrapping: InMemoryAudioSource(samples: SessionContractTests.silence(seconds: 7)), directory: folder.path)
        let session = DictationSession(
            source: wrapper.wrap(recording), preprocessing: PassthroughPreprocessing(),
            recognizer: ScriptedRecognizer(utterances: SessionContractTests.script))
        let events = try await session.collectEvents(DictationOptions(endpointing: .scripted))
        let announced = events.compactMap { if case .recordingStarted(let path) = $0 { path } else { nil } }
        #expect(announced.count == 1, "\(events.map(\.type))")
        #expect(announced.first == recording.recordingPath)
        #expect(WAVFile.paths(in: folder.path) == announced)
        #expect(Self.finals(events).count == 3)
    }

    @Test(arguments: Wrapper.allCases)
    func whatAReaderTellsAfterItsCloseIsDeliveredAndNeverFatal(_ wrapper: Wrapper) async throws {
        let device = NotingOnCloseSource(InMemoryAudioSource(samples: SessionContractTests.silence(seconds: 7)))
        let session = DictationSession(
            source: wrapper.wrap(device), preprocessing: PassthroughPreprocessing(),
            recognizer: ScriptedRecognizer(utterances: SessionContractTests.script))
        let events = try await session.collectEvents(DictationOptions(endpointing: .scripted))
        let errors = events.compactMap { if case .error(let error) = $0 { error } else { nil } }
        #expect(errors.map(\.code) == [.captureOverrun], "\(events.map(\.type))")
        // The reader marked it fatal by mistake: a reader's event never ends the run.
        #expect(errors.allSatisfy { !$0.isFatal })
        #expect(Self.finals(events) == ["go forward ten meters", "turn left", "stop here please"])
    }

    @Test(arguments: Wrapper.allCases.map(\.rawValue) + ["recording"])
    func aLossAReaderReportsAtItsCloseIsWordedByTheSession(_ wrapper: String) async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let device = LosingOnCloseSource(InMemoryAudioSource(samples: SessionContractTests.silence(seconds: 7)))
        let source: any AudioSource =
            Wrapper(rawValue: wrapper)?.wrap(device) ?? RecordingSource(wrapping: device, directory: folder.path)
        let session = DictationSession(
            source: source, preprocessing: PassthroughPreprocessing(),
            recognizer: ScriptedRecognizer(utterances: SessionContractTests.script))
        let events = try await session.collectEvents(DictationOptions(endpointing: .scripted))
        let errors = events.compactMap { if case .error(let error) = $0 { error } else { nil } }
        #expect(errors.map(\.code) == [.captureOverrun], "\(events.map(\.type))")
        #expect(errors.first?.isFatal == false)
        #expect(errors.first?.message.contains("\"scripted mic\" and lost a moment of audio (2 times)") == true)
        #expect(Self.finals(events) == ["go forward ten meters", "turn left", "stop here please"])
    }

    @Test func whatADeviceTellsWhenASuspensionClosesItIsDelivered() async throws {
        let device = NotingOnCloseSource(InMemoryAudioSource(samples: [], ending: .staysOpen))
        let microphone = SuspendableSource(wrapping: device)
        let session = DictationSession(
            source: microphone, preprocessing: PassthroughPreprocessing(), recognizer: ScriptedRecognizer(utterances: []))
        let stream = try await session.start(DictationOptions(reports: [], endpointing: .scripted))
        let overruns = Mutex<[DictationError]>([])
        let reading = Task {
            for await event in stream {
                if case .error(let error) = event, error.code == .captureOverrun { overruns.withLock { $0.append(error) } }
            }
        }
        #expect(await microphone.suspend(timeout: .seconds(120)))
        // The suspended reader's next read (every 50 ms) passes the closed device's event on.
        try await waitUntil("the closed device's overrun reaches the stream") { !overruns.withLock { $0.isEmpty } }
        #expect(overruns.withLock { $0.count } == 1, "while the session goes on")
        await session.stop()
        try await withDeadline(.seconds(1200), "the session's events") { await reading.value }
        #expect(overruns.withLock { $0.count } == 1, "told once")
        #expect(overruns.withLock { $0 }.allSatisfy { !$0.isFatal })
    }
}

/// A device whose reader, like a capture reader whose overrun episode ends with capture, reports
/// audio it lost only once it is closed.
private struct LosingOnCloseSource: AudioSource {
    let base: InMemoryAudioSource

    init(_ base: InMemoryAudioSource) { self.base = base }

    func open() throws(DictationError) -> any AudioReader { Reader(try base.open()) }

    private final class Reader: AudioReader, AudioLossReporting {
        private let base: any AudioReader
        private var closed = false
        private var told = false

        init(_ base: any AudioReader) { self.base = base }

        var format: AudioFormat { base.format }
        var isLive: Bool { base.isLive }
        func read(maxFrames: Int) throws(DictationError) -> AudioFrame? { try base.read(maxFrames: maxFrames) }
        func interrupt() { base.interrupt() }
        func takeEvents() -> [DictationEvent] { base.takeEvents() }

        func takeAudioLosses() -> [AudioLoss] {
            guard closed, !told else { return [] }
            told = true
            return [AudioLoss(droppedFrames: 0, deviceOverruns: 2, device: "scripted mic")]
        }

        func close() {
            base.close()
            closed = true
        }
    }
}

/// A device whose reader, like a capture reader whose overrun episode ends with capture, has
/// something to tell only once it is closed: a warning, marked fatal by mistake.
private struct NotingOnCloseSource: AudioSource {
    let base: InMemoryAudioSource

    init(_ base: InMemoryAudioSource) { self.base = base }

    func open() throws(DictationError) -> any AudioReader { Reader(try base.open()) }

    private final class Reader: AudioReader {
        private let base: any AudioReader
        private var closed = false
        private var told = false

        init(_ base: any AudioReader) { self.base = base }

        var format: AudioFormat { base.format }
        var isLive: Bool { base.isLive }
        func read(maxFrames: Int) throws(DictationError) -> AudioFrame? { try base.read(maxFrames: maxFrames) }
        func interrupt() { base.interrupt() }

        func takeEvents() -> [DictationEvent] {
            guard closed, !told else { return base.takeEvents() }
            told = true
            let warning = DictationError(code: .captureOverrun, message: "some audio was lost", isFatal: true)
            return base.takeEvents() + [.error(warning)]
        }

        func close() {
            base.close()
            closed = true
        }
    }
}
