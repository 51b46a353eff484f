import DictationKit
import DictationPreprocessing
import DictationTestSupport
import DictationTesting
import Foundation
import Testing

@testable import DictationCapture

/// A session that falls behind its source: a scripted recognizer twice as slow as real time, on a
/// capture device that delivers far faster than real time (half a second of silence, real speech,
/// a second of silence, then a minute of silence), through the real capture thread, queue,
/// preprocessing chain and endpointer.
///
/// The session falls behind by construction, not by the machine's speed (a fast machine once kept
/// up and shed nothing): the device holds its last minute back until the session has read past
/// the speech, and the session's reader then waits until the device has delivered that minute
/// into a queue of 5 s. About 55 s of silence are shed, in one episode, whatever this machine's
/// speed.
@Suite(.timeLimit(.minutes(25))) struct SlowDecodingTests {
    /// A live source on a scripted device whose reader stops, once it has read past `holdAt`
    /// seconds, until the device has delivered the rest of its script.
    struct ScriptedDeviceSource: AudioSource {
        let steps: [ScriptedCaptureDevice.Step]
        let gate: ScriptedCaptureDevice.Gate
        let holdAt: Double
        let bufferSeconds: Double
        /// Where the audio the session read lies in the device's stream, in frames.
        let read = WaitableState<[Range<Int>]>([])

        func open() throws(DictationError) -> any AudioReader {
            do {
                let (reader, log) = try ScriptedCaptureDevice.open(steps, bufferSeconds: bufferSeconds)
                return HeldReader(reader, gate: gate, log: log, holdAt: holdAt, read: read)
            } catch let error as DictationError {
                throw error
            } catch {
                throw DictationError(code: .internal, message: "\(error)", isFatal: true)
            }
        }
    }

    @Test func theSessionEndsAtItsCapturedMaximumWithTheSpeechDecodedAndOneOverrunEvent() async throws {
        let speech = try PocketSphinxTestData.goForward()
        let gate = ScriptedCaptureDevice.Gate()
        // 4.4 s before the gate: less than the queue holds, so nothing is shed before the hold.
        let steps =
            ScriptedCaptureDevice.periods(
                ScriptedCaptureDevice.silence(seconds: 0.5) + speech + ScriptedCaptureDevice.silence(seconds: 1))
            + [.gate(gate)] + ScriptedCaptureDevice.periods(ScriptedCaptureDevice.silence(seconds: 60))
        // goforward's words lie between 0.46 and 2.13 s of the recording, 0.5 s in here.
        let recognizer = ScriptedRecognizer(
            utterances: [.init("go forward ten meters", from: 1.0, to: 2.6)], realTimeFactor: 2,
            segmentation: .endpointer)
        let session = DictationSession(
            source: ScriptedDeviceSource(steps: steps, gate: gate, holdAt: 3.5, bufferSeconds: 5),
            preprocessing: StandardPreprocessing(), recognizer: recognizer)
        var events: [DictationEvent] = []
        for await event in try await session.start(DictationOptions(reports: [.partials, .progress], maxDuration: 20)) {
            events.append(event)
        }
        let finals = events.compactMap { if case .final(let transcript) = $0 { transcript } else { nil } }
        #expect(finals.map(\.text) == ["go forward ten meters"], "the speech survived: \(events)")
        let overruns = events.compactMap { if case .error(let error) = $0, error.code == .captureOverrun { error } else { nil } }
        #expect(overruns.count == 1, "one coalesced event: \(overruns)")
        #expect(overruns.first?.message.contains("none of it sounded like speech") == true, "\(overruns)")
        // It ended at 20 s of captured audio, not at the end of the device's 63 s. (How long that
        // took on the clock is the benchmarks' business: this machine is shared.)
        let progress = events.compactMap { if case .progress(let processed, _) = $0 { processed } else { nil } }
        #expect(progress.last.map { abs($0 - 20) < 0.1 } == true, "\(progress)")
        #expect(!events.contains { if case .error(let error) = $0 { error.isFatal } else { false } })
    }
}

extension SlowDecodingTests {
    @Test func speechLostWhileTheSessionWasBehindIsToldApartFromSilence() async throws {
        // Half a second of silence and goforward twice, read in part; then, while the session is
        // held, the rest of the speech and ten seconds of silence pour into a queue of 2 s. The
        // oldest speech goes while the speech pours in (nothing quieter is queued), then silence.
        let speech = try PocketSphinxTestData.goForward()
        let lead = ScriptedCaptureDevice.silence(seconds: 0.5)
        let twice = speech + speech
        let spoken = twice + [Int16](repeating: 0, count: (320 - twice.count % 320) % 320)
        let audio = lead + spoken
        let gate = ScriptedCaptureDevice.Gate()
        let early = 80 * 320  // 1.6 s: the silence and the first words
        let steps =
            ScriptedCaptureDevice.periods(Array(audio.prefix(early))) + [.gate(gate)]
            + ScriptedCaptureDevice.periods(Array(audio.dropFirst(early)) + ScriptedCaptureDevice.silence(seconds: 10))
        let streamEnd = audio.count + 10 * 16_000
        let source = ScriptedDeviceSource(steps: steps, gate: gate, holdAt: 1.2, bufferSeconds: 2)
        let session = DictationSession(
            source: source, preprocessing: StandardPreprocessing(),
            recognizer: ScriptedRecognizer(utterances: [], segmentation: .endpointer))
        // The queue keeps the speech and the 0.5 s of quiet after it, and sheds every later period
        // of silence as it comes. The session ends as it reads the end of what was kept: the
        // device says nothing after it.
        let loud = CaptureSheddingTests.loudness(audio + ScriptedCaptureDevice.silence(seconds: 10))
        let lastLoudEnd = try #require(loud.lastIndex(of: true)) * 320 + 320
        let keptEnd = (lastLoudEnd + CaptureSheddingTests.quietKeptAfter + 319) / 320 * 320
        let limit = Double(keptEnd) / 16_000 - 0.05
        var overruns: [DictationError] = []
        for await event in try await session.start(DictationOptions(reports: [], maxDuration: limit)) {
            if case .error(let error) = event, error.code == .captureOverrun { overruns.append(error) }
        }
        #expect(overruns.count == 1, "\(overruns)")
        let english = overruns.first?.message(in: .english) ?? ""
        // What went, from where what was read lies in the stream.
        var gaps: [Range<Int>] = []
        var next = 0
        for range in source.read.read({ $0 }) {
            if range.lowerBound > next { gaps.append(next..<range.lowerBound) }
            next = max(next, range.upperBound)
        }
        if streamEnd > next { gaps.append(next..<streamEnd) }
        let dropped = gaps.reduce(0) { $0 + $1.count }
        #expect(english.contains("dropped \(TestFixtures.secondsText(frames: dropped)) s"), "\(english)")
        // The speech lies between 0.5 s and the end of goforward's second copy; the silence after it.
        let speechSpan = lead.count..<(lead.count + twice.count)
        let inSpeech = gaps.map { $0.clamped(to: speechSpan).count }
        let largest = try #require(inSpeech.max())
        #expect(largest > 16_000, "a second and more of speech went: \(gaps)")
        let said = try #require(english.firstMatch(of: /([0-9.]+) s of it sounded like speech/), "\(english)")
        let heard = try #require(Double(said.1)) * 16_000
        #expect(heard >= Double(largest) - 160 && heard <= Double(inSpeech.reduce(0, +)) + 160, "\(gaps): \(english)")
    }
}

/// A capture reader that, once it has read past a point, opens the device's gate and waits until
/// the device has delivered the rest of its script: a reader that fell behind, on purpose. It
/// passes on what the capture reader reports lost, and notes where what it read lies in the stream.
private final class HeldReader: AudioReader, AudioLossReporting {
    private let base: any AudioReader
    private let gate: ScriptedCaptureDevice.Gate
    private let log: ScriptedCaptureDevice.Log
    private let holdAt: Double
    private var held = false
    private let read: WaitableState<[Range<Int>]>

    init(
        _ base: any AudioReader, gate: ScriptedCaptureDevice.Gate, log: ScriptedCaptureDevice.Log, holdAt: Double,
        read: WaitableState<[Range<Int>]>
    ) {
        self.base = base
        self.gate = gate
        self.log = log
        self.holdAt = holdAt
        self.read = read
    }

    var format: AudioFormat { base.format }
    var expectedDuration: Double? { base.expectedDuration }
    var isLive: Bool { base.isLive }

    func read(maxFrames: Int) throws(DictationError) -> AudioFrame? {
        let frame = try base.read(maxFrames: maxFrames)
        if let frame {
            let start = Int((frame.startTime * 16_000).rounded())
            read.withLock { $0.append(start..<start + frame.frameCount) }
        }
        if !held, let frame, frame.startTime + frame.duration >= holdAt {
            held = true
            gate.open()
            // The session's audio thread, which may block.
            guard log.waitUntilPlayedOut(timeout: .seconds(120)) else {
                throw DictationError(code: .internal, message: "the scripted device never played its script out")
            }
        }
        return frame
    }

    func interrupt() { base.interrupt() }
    func takeEvents() -> [DictationEvent] { base.takeEvents() }
    func takeAudioLosses() -> [AudioLoss] { (base as? any AudioLossReporting)?.takeAudioLosses() ?? [] }
    func close() { base.close() }
}
