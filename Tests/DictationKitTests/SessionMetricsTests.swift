import DictationKit
import DictationTestSupport
import DictationTesting
import Foundation
import Metrics
import MetricsTestKit
import Testing

/// What a session records through swift-metrics, on a scripted recognizer so that every count is known.
///
/// Most tests bind a `TestMetrics` of their own with `withMetricsFactory` around `start()`, so
/// they see only their own session. One test checks the global path: the process-wide backend
/// is bootstrapped once (``globalMetrics``) and that test tells its session apart by a locale
/// no other test uses. Metric names are written out here, not taken from ``DictationMetrics``,
/// so that renaming one breaks a test.
@Suite(.timeLimit(.minutes(25))) struct SessionMetricsTests {
    static let script = SessionContractTests.script
    static let finalTexts = ["go forward ten meters", "turn left", "stop here please"]

    /// The process-wide backend: `MetricsSystem.bootstrap` may run once per process.
    static let globalMetrics: TestMetrics = {
        let metrics = TestMetrics()
        MetricsSystem.bootstrap(metrics)
        return metrics
    }()

    static func run(
        _ source: any AudioSource, recognizer: any SpeechRecognizer,
        options: DictationOptions = DictationOptions(endpointing: .scripted), metrics: TestMetrics
    ) async throws -> [DictationEvent] {
        let session = DictationSession(source: source, preprocessing: PassthroughPreprocessing(), recognizer: recognizer)
        let stream = try await withMetricsFactory(metrics) { try await session.start(options) }
        return await stream.collected()
    }

    /// The error events delivered with `code`.
    static func errors(_ events: [DictationEvent], _ code: DictationError.Code) -> Int {
        events.filter { if case .error(let error) = $0 { error.code == code } else { false } }.count
    }

    static func count(_ events: [DictationEvent], _ kind: String) -> Int {
        events.filter { event in
            switch event {
            case .partial: kind == "partial"
            case .final: kind == "final"
            default: false
            }
        }.count
    }

    @Test func aRunRecordsUtterancesLatenciesRealTimeFactorAndDuration() async throws {
        let metrics = TestMetrics()
        let events = try await Self.run(
            InMemoryAudioSource(samples: SessionContractTests.silence(seconds: 7)),
            recognizer: ScriptedRecognizer(utterances: Self.script), metrics: metrics)
        #expect(Self.count(events, "final") == 3)

        let locale = [("locale", "en-US")]
        #expect(metrics.counterTotal(label: "dictationkit_utterances", dimensions: locale) == 3)
        let finals = try metrics.expectTimer("dictationkit_event_latency", locale + [("event", "final")])
        let partials = try metrics.expectTimer("dictationkit_event_latency", locale + [("event", "partial")])
        #expect(finals.values.count == 3, "one latency per final")
        #expect(partials.values.count == Self.count(events, "partial"), "one latency per partial")
        #expect(partials.values.count >= 3)
        // Reads from memory are instant: a latency is the time to decode one 100 ms buffer.
        for latency in finals.values + partials.values {
            #expect(latency >= 0 && latency < 2_000_000_000, "\(latency) ns")
        }

        let realTimeFactor = try metrics.expectRecorder("dictationkit_real_time_factor", locale)
        #expect(realTimeFactor.values.count == 1, "one value per run")
        let factor = try #require(realTimeFactor.values.first)
        #expect(factor > 0 && factor < 1, "a scripted decoder is far faster than real time: \(factor)")

        let duration = try metrics.expectTimer("dictationkit_session_duration", locale)
        #expect(duration.values.count == 1)
        #expect((duration.values.first ?? 0) > 0)
        #expect(metrics.counters(label: "dictationkit_errors").isEmpty, "a run that heard speech reports no error")
        #expect(metrics.counterTotal(label: "dictationkit_capture_overruns") == 0)
    }

    @Test func latencyAndRealTimeFactorSpanTheDecoding() async throws {
        // Every 100 ms buffer takes 20 ms to decode: each event comes at least 20 ms after its audio
        // was read, and decoding costs at least a fifth of the audio's duration. Lower bounds only:
        // a loaded machine makes both larger, never smaller.
        let metrics = TestMetrics()
        let recognizer = SlowRecognizer(base: ScriptedRecognizer(utterances: Self.script), delay: 0.02)
        let events = try await Self.run(
            InMemoryAudioSource(samples: SessionContractTests.silence(seconds: 7)), recognizer: recognizer,
            metrics: metrics)
        #expect(Self.count(events, "final") == 3)

        let latencies = metrics.timers(label: "dictationkit_event_latency").flatMap(\.values)
        #expect(latencies.count == Self.count(events, "partial") + 3)
        for latency in latencies {
            #expect(latency >= 20_000_000, "\(latency) ns")
        }
        let factor = try #require(try metrics.expectRecorder("dictationkit_real_time_factor", [("locale", "en-US")]).values.first)
        #expect(factor >= 0.2, "\(factor)")
    }

    @Test func errorsAreCountedByCode() async throws {
        // A decoder that keeps failing from 3.5 s on: the final of the first utterance, then the error(s).
        let failing = TestMetrics()
        let failure = DictationError.recognitionFailed("the decoder gave up")
        let events = try await Self.run(
            InMemoryAudioSource(samples: SessionContractTests.silence(seconds: 7)),
            recognizer: ScriptedRecognizer(utterances: Self.script, decodeError: (at: 3.5, error: failure)),
            metrics: failing)
        #expect(Self.count(events, "final") == 1)
        let delivered = Self.errors(events, .recognitionFailed)
        #expect(delivered >= 1)
        let recognition = [("locale", "en-US"), ("code", "recognitionFailed")]
        #expect(failing.counterTotal(label: "dictationkit_errors", dimensions: recognition) == Int64(delivered))
        #expect(failing.counterTotal(label: "dictationkit_errors") == Int64(delivered), "no other code")
        #expect(failing.counterTotal(label: "dictationkit_utterances") == 1)

        // Silence only: the session says it heard nothing.
        let silent = TestMetrics()
        _ = try await Self.run(
            InMemoryAudioSource(samples: SessionContractTests.silence(seconds: 2)),
            recognizer: ScriptedRecognizer(utterances: []), metrics: silent)
        #expect(
            silent.counterTotal(label: "dictationkit_errors", dimensions: [("locale", "en-US"), ("code", "noSpeechDetected")])
                == 1)
        #expect(silent.counterTotal(label: "dictationkit_utterances") == 0)
        #expect(silent.timers(label: "dictationkit_event_latency").allSatisfy { $0.values.isEmpty })

        // No model for the locale asked for: counted under that locale; nothing was read, so no real-time factor.
        let unsupported = TestMetrics()
        _ = try await Self.run(
            InMemoryAudioSource(samples: SessionContractTests.silence(seconds: 1)),
            // A recognizer with no model at all, so that no fallback locale can stand in.
            recognizer: ScriptedRecognizer(utterances: Self.script, loadError: .localeUnsupported("nb-NO")),
            options: DictationOptions(locale: "nb-NO", endpointing: .scripted),
            metrics: unsupported)
        #expect(
            unsupported.counterTotal(
                label: "dictationkit_errors", dimensions: [("locale", "nb-NO"), ("code", "localeUnsupported")]) == 1)
        #expect(unsupported.recorders(label: "dictationkit_real_time_factor").allSatisfy { $0.values.isEmpty })
        #expect(try unsupported.expectTimer("dictationkit_session_duration", [("locale", "nb-NO")]).values.count == 1)

        // A source that fails after its audio: the finals of what was read, then the device error.
        let unplugged = TestMetrics()
        let gone = DictationError(code: .deviceDisconnected, message: "the microphone went away")
        let unpluggedEvents = try await Self.run(
            InMemoryAudioSource(samples: SessionContractTests.silence(seconds: 7), ending: .fails(gone)),
            recognizer: ScriptedRecognizer(utterances: Self.script), metrics: unplugged)
        #expect(Self.errors(unpluggedEvents, .deviceDisconnected) == 1)
        #expect(unplugged.counterTotal(label: "dictationkit_errors", dimensions: [("code", "deviceDisconnected")]) == 1)
        #expect(unplugged.counterTotal(label: "dictationkit_utterances") == 3)
    }

    @Test func overrunWarningsAreCountedAsOverrunsAndErrors() async throws {
        let metrics = TestMetrics()
        let events = try await Self.run(
            OverrunningSource(warningsAt: [10, 35, 36]), recognizer: ScriptedRecognizer(utterances: Self.script),
            metrics: metrics)
        #expect(Self.count(events, "final") == 3, "capture went on")
        let locale = [("locale", "en-US")]
        #expect(metrics.counterTotal(label: "dictationkit_capture_overruns", dimensions: locale) == 3)
        #expect(
            metrics.counterTotal(label: "dictationkit_errors", dimensions: locale + [("code", "captureOverrun")]) == 3)
        #expect(metrics.counterTotal(label: "dictationkit_utterances", dimensions: locale) == 3)
    }

    @Test func withoutABoundFactoryTheSessionRecordsIntoTheBootstrappedOne() async throws {
        let global = Self.globalMetrics
        // A locale no other test uses tells this session's metrics apart from theirs.
        let locale = "x-global-\(UInt32.random(in: 0...UInt32.max))"
        let session = DictationSession(
            source: InMemoryAudioSource(samples: SessionContractTests.silence(seconds: 7)),
            preprocessing: PassthroughPreprocessing(),
            recognizer: ScriptedRecognizer(utterances: Self.script, locale: locale))
        let events = try await session.collectEvents(DictationOptions(locale: locale, endpointing: .scripted))
        #expect(Self.count(events, "final") == 3)
        let dimensions = [("locale", locale)]
        #expect(global.counterTotal(label: "dictationkit_utterances", dimensions: dimensions) == 3)
        #expect(try global.expectRecorder("dictationkit_real_time_factor", dimensions).values.count == 1)
        #expect(
            global.timers(label: "dictationkit_event_latency", dimensions: dimensions).flatMap(\.values).count
                == Self.count(events, "partial") + 3)
    }
}

/// A recognizer that takes `delay` seconds over every buffer it decodes, as a slow model would.
private struct SlowRecognizer: SpeechRecognizer {
    let base: ScriptedRecognizer
    let delay: Double

    var sampleRate: Int { base.sampleRate }
    func supportedLocales() -> [String] { base.supportedLocales() }

    func makeDecoder(_ configuration: DecoderConfiguration) throws(DictationError) -> any SpeechDecoder {
        SlowDecoder(base: try base.makeStreamDecoder(locale: configuration.locale), delay: delay)
    }

    private final class SlowDecoder: StreamDecoder {
        let base: any StreamDecoder
        let delay: Double
        init(base: any StreamDecoder, delay: Double) {
            self.base = base
            self.delay = delay
        }
        var locale: String { base.locale }
        func process(_ samples: [Float], reportPartials: Bool) throws(DictationError) -> [RecognitionUpdate] {
            DeliberateDelay.take(.seconds(delay))
            return try base.process(samples, reportPartials: reportPartials)
        }
        func finish() throws(DictationError) -> [RecognitionUpdate] {
            DeliberateDelay.take(.seconds(delay))
            return try base.finish()
        }
    }
}

/// Latency counts from capture: a source whose buffers say they were captured 3 s before they
/// were read (audio that waited in a capture buffer) gives latencies of at least 3 s.
@Suite(.timeLimit(.minutes(25))) struct CaptureLatencyTests {
    /// Stamps every buffer of another source as captured `age` before it is read.
    struct StampingSource: AudioSource {
        let source: InMemoryAudioSource
        let age: Duration
        func open() throws(DictationError) -> any AudioReader { Reader(reader: try source.open(), age: age) }

        final class Reader: AudioReader {
            let reader: any AudioReader
            let age: Duration
            init(reader: any AudioReader, age: Duration) {
                self.reader = reader
                self.age = age
            }
            var format: AudioFormat { reader.format }
            func read(maxFrames: Int) throws(DictationError) -> AudioFrame? {
                guard var frame = try reader.read(maxFrames: maxFrames) else { return nil }
                frame.captureTime = ContinuousClock.now - age - .seconds(frame.duration)
                return frame
            }
            func interrupt() { reader.interrupt() }
            func takeEvents() -> [DictationEvent] { reader.takeEvents() }
        }
    }

    @Test func eventLatencyCountsFromWhenTheAudioWasCaptured() async throws {
        let metrics = TestMetrics()
        let source = StampingSource(
            source: InMemoryAudioSource(samples: SessionContractTests.silence(seconds: 7)), age: .seconds(3))
        let events = try await SessionMetricsTests.run(
            source, recognizer: ScriptedRecognizer(utterances: SessionMetricsTests.script), metrics: metrics)
        #expect(SessionMetricsTests.count(events, "final") == 3)
        let finals = try metrics.expectTimer("dictationkit_event_latency", [("locale", "en-US"), ("event", "final")])
        #expect(finals.values.count == 3)
        for latency in finals.values {
            #expect(latency >= 3_000_000_000, "\(latency) ns: the 3 s the audio waited count")
        }
    }
}
