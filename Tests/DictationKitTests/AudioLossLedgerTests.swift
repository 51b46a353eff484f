import DictationTesting
import Foundation
import Testing

@testable import DictationKit

/// How the session words a source's report of the audio it dropped: whether what went was speech
/// is its own voice activity verdict on the audio on either side of each gap.
@Suite(.timeLimit(.minutes(25))) struct AudioLossLedgerTests {
    /// Drives a ledger as a run does: 16 kHz audio read in 20 ms buffers, each preprocessed into as
    /// many output samples with one verdict, speech or not as the script says.
    struct Feed {
        var ledger: AudioLossLedger
        /// Source frames the device delivered, dropped ones included.
        var stream = 0
        var output = 0

        init(judgesVoice: Bool = true) {
            ledger = AudioLossLedger(sourceRate: 16_000, judgesVoice: judgesVoice)
        }

        mutating func audio(seconds: Double, speech: Bool, paused: Bool = false) {
            for _ in 0..<Int((seconds * 50).rounded()) {
                let frame = AudioFrame(
                    samples: [Float](repeating: 0, count: 320), sampleRate: 16_000, channelCount: 1,
                    startTime: Double(stream) / 16_000)
                ledger.read(frame, paused: paused)
                stream += 320
                guard !paused else { continue }
                ledger.willProcess(blockStart: frame.startTime, outputPosition: output)
                let verdict = VoiceActivityFrame(
                    startSample: output, sampleCount: 320, isSpeech: speech, level: speech ? -20 : -60)
                output += 320
                ledger.processed([verdict], outputEnd: output, sampleRate: 16_000)
            }
        }

        mutating func gap(seconds: Double) {
            stream += Int((seconds * 16_000).rounded())
        }

        mutating func report(seconds: Double, overruns: Int = 0) -> [String] {
            ledger.report(
                AudioLoss(droppedFrames: Int((seconds * 16_000).rounded()), deviceOverruns: overruns, device: "hw:1"))
            return ledger.takeWarnings().map { $0.message(in: .english) }
        }
    }

    @Test func aGapBetweenSilencesTookNoSpeech() {
        var feed = Feed()
        feed.audio(seconds: 1, speech: true)
        feed.audio(seconds: 0.5, speech: false)
        feed.gap(seconds: 2)
        feed.audio(seconds: 0.5, speech: false)
        let warnings = feed.report(seconds: 2)
        #expect(warnings.count == 1)
        #expect(
            warnings.first?.contains("dropped 2 s") == true && warnings.first?.contains("none of it sounded like speech") == true,
            "\(warnings)")
    }

    @Test func aGapInsideSpeechWasSpeech() {
        var feed = Feed()
        feed.audio(seconds: 1, speech: true)
        feed.gap(seconds: 1.5)
        feed.audio(seconds: 1, speech: true)
        let warnings = feed.report(seconds: 1.5)
        #expect(
            warnings.first?.contains("only speech waiting") == true && warnings.first?.contains("the oldest 1.5 s") == true,
            "\(warnings)")
    }

    @Test(arguments: [(0.04, true), (0.08, false)])
    func speechCountsWithinSixtyMillisecondsOfAGap(quietBefore: Double, isSpeech: Bool) {
        // Speech ends 40 or 80 ms before the gap, and comes back 40 or 80 ms after it.
        var before = Feed()
        before.audio(seconds: 1, speech: true)
        before.audio(seconds: quietBefore, speech: false)
        before.gap(seconds: 1)
        before.audio(seconds: 1, speech: false)
        var after = Feed()
        after.audio(seconds: 1, speech: false)
        after.gap(seconds: 1)
        after.audio(seconds: quietBefore, speech: false)
        after.audio(seconds: 1, speech: true)
        for warning in before.report(seconds: 1) + after.report(seconds: 1) {
            #expect(warning.contains("only speech waiting") == isSpeech, "\(warning)")
            #expect(warning.contains("none of it sounded like speech") == !isSpeech, "\(warning)")
        }
    }

    @Test func anEpisodeOfSilenceAndSpeechSaysHowMuchWasSpeech() {
        var feed = Feed()
        feed.audio(seconds: 1, speech: true)
        feed.audio(seconds: 0.5, speech: false)
        feed.gap(seconds: 2)
        feed.audio(seconds: 0.5, speech: false)
        feed.audio(seconds: 0.5, speech: true)
        feed.gap(seconds: 0.75)
        feed.audio(seconds: 0.5, speech: true)
        let warnings = feed.report(seconds: 2.75, overruns: 2)
        #expect(warnings.count == 1)
        let warning = warnings.first ?? ""
        #expect(warning.contains("dropped 2.75 s") && warning.contains("0.75 s of it sounded like speech"), "\(warning)")
        #expect(warning.contains("(2 times)"))
    }

    @Test func aReportWaitsForTheGapsItCoversThatAreStillUnread() {
        var feed = Feed()
        feed.audio(seconds: 1, speech: false)
        feed.gap(seconds: 1)
        feed.audio(seconds: 0.5, speech: false)
        // The episode ended with its second gap still queued.
        #expect(feed.report(seconds: 2).isEmpty)
        feed.audio(seconds: 0.5, speech: true)
        feed.gap(seconds: 1)
        #expect(feed.ledger.takeWarnings().isEmpty, "the gap is read only with the audio after it")
        feed.audio(seconds: 0.02, speech: true)
        #expect(feed.ledger.takeWarnings().isEmpty, "and judged once the detector heard past it")
        feed.audio(seconds: 0.5, speech: true)
        let warnings = feed.ledger.takeWarnings().map { $0.message(in: .english) }
        #expect(warnings.count == 1)
        #expect(
            warnings.first?.contains("dropped 2 s") == true && warnings.first?.contains("1 s of it sounded like speech") == true,
            "\(warnings)")
    }

    @Test func episodesThatShareAGapShareItFrameForFrame() {
        // The first episode's drops and the second's lie side by side: one gap to the reader.
        var feed = Feed()
        feed.audio(seconds: 1, speech: true)
        feed.gap(seconds: 2)
        feed.audio(seconds: 1, speech: true)
        let first = feed.report(seconds: 0.5)
        let second = feed.report(seconds: 1.5)
        #expect(first.first?.contains("the oldest 0.5 s") == true, "\(first)")
        #expect(second.first?.contains("the oldest 1.5 s") == true, "\(second)")
    }

    @Test func audioDroppedWhilePausedIsNeverSpeech() {
        var feed = Feed()
        feed.audio(seconds: 1, speech: true)
        feed.audio(seconds: 0.5, speech: true, paused: true)
        feed.gap(seconds: 1)
        feed.audio(seconds: 0.5, speech: true, paused: true)
        let warnings = feed.report(seconds: 1)
        #expect(warnings.first?.contains("none of it sounded like speech") == true, "\(warnings)")
    }

    @Test func withoutADetectorTheWarningSaysNothingAboutSpeech() {
        var feed = Feed(judgesVoice: false)
        feed.audio(seconds: 1, speech: true)
        feed.gap(seconds: 1)
        feed.audio(seconds: 1, speech: true)
        let warnings = feed.report(seconds: 1)
        #expect(warnings.first?.contains("dropped 1 s of the audio waiting for it, the quietest first.") == true, "\(warnings)")
    }

    @Test func deviceOverrunsAloneAreToldAtOnce() {
        var feed = Feed()
        feed.audio(seconds: 0.2, speech: false)
        let warnings = feed.report(seconds: 0, overruns: 2)
        #expect(warnings.first?.contains("lost a moment of audio (2 times)") == true, "\(warnings)")
    }

    @Test(arguments: [(0.16, true), (0.4, false)])
    func aGapBeforeAnythingWasHeardIsJudgedByThePreRollAfterIt(quietAfter: Double, isSpeech: Bool) {
        // Nothing was read before the gap: the detector starts afresh after it, and a source keeps
        // 0.3 s of quiet before loud audio when it sheds quiet audio.
        var feed = Feed()
        feed.gap(seconds: 3)
        feed.audio(seconds: quietAfter, speech: false)
        feed.audio(seconds: 1, speech: true)
        let warnings = feed.report(seconds: 3)
        #expect(
            warnings.first?.contains(isSpeech ? "only speech waiting" : "none of it sounded like speech") == true, "\(warnings)")
    }

    @Test func theLastGapsAreJudgedWithWhatWasHeardWhenTheAudioEnds() {
        var feed = Feed()
        feed.audio(seconds: 1, speech: true)
        feed.gap(seconds: 1)
        feed.audio(seconds: 0.02, speech: true)
        feed.ledger.report(AudioLoss(droppedFrames: 16_000, deviceOverruns: 0, device: "hw:1"))
        #expect(feed.ledger.takeWarnings().isEmpty, "not heard past the gap yet")
        let warnings = feed.ledger.finish().map { $0.message(in: .english) }
        #expect(warnings.first?.contains("the oldest 1 s") == true, "\(warnings)")
        #expect(feed.ledger.finish().isEmpty, "each report is told once")
    }
}

extension AudioLossLedgerTests {
    /// A live source whose reader leaves gaps in the stream, as a capture queue that shed audio
    /// does, and reports the episode when it has delivered `reportAfter` seconds or when it closes.
    struct GappySource: AudioSource {
        enum Piece {
            case speech(Double)
            case silence(Double)
            case gap(Double)
        }
        let pieces: [Piece]
        let reportAfter: Double?

        func open() throws(DictationError) -> any AudioReader {
            var frames: [AudioFrame] = []
            var position = 0
            var dropped = 0
            for piece in pieces {
                switch piece {
                case .gap(let seconds):
                    position += Int(seconds * 16_000)
                    dropped += Int(seconds * 16_000)
                case .speech(let seconds), .silence(let seconds):
                    let amplitude: Float = if case .speech = piece { 0.3 } else { 0 }
                    for _ in 0..<Int(seconds * 10) {
                        // A 440 Hz tone for speech: loud enough for the level detector below.
                        let samples = (0..<1_600).map { index in
                            amplitude * Float(sin(2 * Double.pi * 440 * Double(position + index) / 16_000))
                        }
                        frames.append(
                            AudioFrame(
                                samples: samples, sampleRate: 16_000, channelCount: 1, startTime: Double(position) / 16_000))
                        position += 1_600
                    }
                }
            }
            return Reader(frames: frames, dropped: dropped, reportAfter: reportAfter)
        }

        final class Reader: AudioReader, AudioLossReporting {
            private var frames: [AudioFrame]
            private let dropped: Int
            private let reportAfter: Double?
            private var reported = false
            private var closed = false
            let format = AudioFormat.recognizer
            let isLive = true

            init(frames: [AudioFrame], dropped: Int, reportAfter: Double?) {
                self.frames = frames
                self.dropped = dropped
                self.reportAfter = reportAfter
            }

            func read(maxFrames: Int) throws(DictationError) -> AudioFrame? {
                frames.isEmpty ? nil : frames.removeFirst()
            }

            func interrupt() {}
            func takeEvents() -> [DictationEvent] { [] }

            func takeAudioLosses() -> [AudioLoss] {
                let due = closed || reportAfter.map { limit in (frames.first?.startTime ?? .infinity) >= limit } == true
                guard due, !reported else { return [] }
                reported = true
                return [AudioLoss(droppedFrames: dropped, deviceOverruns: 0, device: "scripted mic")]
            }

            func close() { closed = true }
        }
    }

    /// A chain that calls every 20 ms frame louder than -30 dBFS speech, and passes the audio on.
    struct LevelVoicePreprocessing: AudioPreprocessing {
        func makeProcessor(input: AudioFormat, outputSampleRate: Int) throws(DictationError) -> any AudioProcessor {
            Processor()
        }

        final class Processor: AudioProcessor {
            private var held: [Float] = []
            private var produced = 0
            private var judged = 0
            var detectsVoiceActivity: Bool { true }

            func process(_ frame: AudioFrame) throws(DictationError) -> AudioFrame {
                var output = AudioFrame(
                    samples: frame.samples, sampleRate: 16_000, channelCount: 1, startTime: Double(produced) / 16_000)
                produced += frame.samples.count
                held += frame.samples
                while held.count >= 320 {
                    let level = LevelMeter.measure(Array(held.prefix(320))).rms
                    output.voiceActivity.append(
                        VoiceActivityFrame(startSample: judged, sampleCount: 320, isSpeech: level > -30, level: level))
                    judged += 320
                    held.removeFirst(320)
                }
                return output
            }

            func flush() throws(DictationError) -> AudioFrame {
                AudioFrame(samples: [], sampleRate: 16_000, channelCount: 1, startTime: Double(produced) / 16_000)
            }
        }
    }

    static func overruns(_ source: GappySource) async throws -> [String] {
        let session = DictationSession(
            source: source, preprocessing: LevelVoicePreprocessing(), recognizer: ScriptedRecognizer(utterances: []))
        let events = try await session.collectEvents(DictationOptions(reports: [], endpointing: .scripted))
        return events.compactMap { event in
            guard case .error(let error) = event, error.code == .captureOverrun else { return nil }
            #expect(!error.isFatal)
            return error.message(in: .english)
        }
    }

    @Test(arguments: [nil, 2.0])
    func aSessionJudgesTheGapsOfTheReportedLossByWhatItsDetectorHeard(reportAfter: Double?) async throws {
        // 2 s of silence lost between silences, 1 s of speech lost inside speech; reported as the
        // source closes, or as it reads on past the first gap with the second still ahead.
        let source = GappySource(
            pieces: [
                .speech(1), .silence(0.5), .gap(2), .silence(0.5), .speech(0.5), .gap(1), .speech(0.5), .silence(0.5),
            ],
            reportAfter: reportAfter)
        let warnings = try await Self.overruns(source)
        #expect(warnings.count == 1, "\(warnings)")
        let warning = warnings.first ?? ""
        #expect(warning.contains("the microphone \"scripted mic\""), "\(warning)")
        #expect(warning.contains("dropped 3 s") && warning.contains("1 s of it sounded like speech"), "\(warning)")
    }
}
