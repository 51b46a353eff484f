import DictationKit
import DictationTesting
import Testing

@testable import DictationPreprocessing

/// The settings ``StandardPreprocessing`` is made with: its options and its voice activity detector.
@Suite("StandardPreprocessing settings", .timeLimit(.minutes(25)))
struct StandardPreprocessingSettingsTests {
    /// The output samples and the verdicts of a processor over a whole mono 16 kHz signal.
    static func run(_ chain: StandardPreprocessing, _ input: [Float]) throws -> (samples: [Float], verdicts: [VoiceActivityFrame])
    {
        let processor = try chain.makeProcessor(input: .recognizer, outputSampleRate: 16_000)
        let frames = try StandardPreprocessingTests.run(processor, input, format: .recognizer, framesPerRead: 1_600)
        return (frames.flatMap(\.samples), frames.flatMap(\.voiceActivity))
    }

    @Test("Options default and clamp as the session options did")
    func optionsDefaultsAndClamping() {
        let defaults = StandardPreprocessing.Options()
        #expect(defaults.highPassCutoff == 90)
        #expect(defaults.noiseSuppression == .automatic)
        #expect(defaults.automaticGainControl)
        #expect(
            StandardPreprocessing.Options.none == .init(highPassCutoff: nil, noiseSuppression: .off, automaticGainControl: false))
        #expect(StandardPreprocessing.Options(highPassCutoff: 5).highPassCutoff == 20)
        #expect(StandardPreprocessing.Options(highPassCutoff: 5_000).highPassCutoff == 1_000)
        #expect(StandardPreprocessing.Options(highPassCutoff: .nan).highPassCutoff == nil)
        #expect(StandardPreprocessing.Options(highPassCutoff: -.infinity).highPassCutoff == nil)
        #expect(StandardPreprocessing.NoiseSuppression.allCases.map(\.rawValue) == ["off", "auto", "on"])
    }

    @Test("The standard detector is the energy detector with the chain's short hangover")
    func standardDetector() throws {
        let detector = try #require(StandardPreprocessing().voiceActivityDetector as? EnergyVoiceActivityDetector)
        #expect(detector.sensitivity == 0.5)
        #expect(detector.frameDuration == .milliseconds20)
        #expect(detector.hangover == 0.06)
        #expect(detector.sampleRate == 16_000)
        let chosen = EnergyVoiceActivityDetector.standard(sensitivity: 0.8, frameDuration: .milliseconds10)
        #expect(chosen.sensitivity == 0.8)
        #expect(chosen.frameLength == 160)
        #expect(EnergyVoiceActivityDetector.standard(sensitivity: 3).sensitivity == 1)
        #expect(EnergyVoiceActivityDetector.standard(sensitivity: .nan).sensitivity == 0.5)
    }

    @Test("A detector's settings start afresh at another rate")
    func freshDetector() throws {
        var template = EnergyVoiceActivityDetector(
            sampleRate: 16_000, frameDuration: .milliseconds40, sensitivity: 0.3, hangover: 0.5)
        let speech = try SpeechRecordings.libriVox()
        var framer = AudioFramer(sampleRate: 16_000, frameDuration: template.frameDuration)
        framer.append(Array(speech.prefix(5 * 16_000))) { _ = template.process(frame: $0) }
        #expect(template.noiseFloor > -100, "the template learnt a noise floor")

        let fresh = template.makeDetector(sampleRate: 8_000)
        #expect(fresh.sampleRate == 8_000)
        #expect(fresh.frameLength == 320)
        #expect(fresh.frameDuration == .milliseconds40)
        #expect(fresh.sensitivity == 0.3)
        #expect(fresh.hangover == 0.5)
        #expect(fresh.noiseFloor == -100)
        #expect(!fresh.isSpeech && !fresh.isSpeechStarting)
    }

    @Test("Every session's detector starts afresh, whatever the chain's detector has heard")
    func everySessionStartsAfresh() throws {
        let speech = try SpeechRecordings.libriVox()
        let input = SpeechRecordings.noisy(speech, snr: 10, lead: 0.5, trail: 1, seed: 3)
        var heard = EnergyVoiceActivityDetector.standard()
        var framer = AudioFramer(frameLength: heard.frameLength)
        framer.append(speech) { _ = heard.process(frame: $0) }
        #expect(heard.noiseFloor > -100)

        let chain = StandardPreprocessing()
        let first = try Self.run(chain, input)
        let second = try Self.run(chain, input)
        let fromHeard = try Self.run(StandardPreprocessing(voiceActivityDetector: heard), input)
        #expect(first.verdicts.contains { $0.isSpeech })
        let sameVerdicts = first.verdicts == second.verdicts && first.verdicts == fromHeard.verdicts
        #expect(sameVerdicts)
        let sameSamples = first.samples == second.samples && first.samples == fromHeard.samples
        #expect(sameSamples)
    }

    @Test("A detector of the app's own judges the chain's voice activity, at the recognizer's rate")
    func customDetector() throws {
        // 48 kHz: silence, a 1 kHz tone of amplitude 0.5, silence, one second each.
        let silence = [Float](repeating: 0, count: 48_000)
        let tone = SignalAnalysis.sine(frequency: 1_000, amplitude: 0.5, sampleRate: 48_000, seconds: 1)
        let format = AudioFormat(sampleRate: 48_000, channelCount: 1, encoding: .float32)
        let chain = StandardPreprocessing(options: .none, voiceActivityDetector: PeakDetector(sampleRate: 44_100))
        let processor = try chain.makeProcessor(input: format, outputSampleRate: 16_000)
        #expect(processor.detectsVoiceActivity)
        let frames = try StandardPreprocessingTests.run(processor, silence + tone + silence, format: format, framesPerRead: 4_800)
        let verdicts = frames.flatMap(\.voiceActivity)
        let produced = frames.map(\.samples.count).reduce(0, +)

        // The detector was made for 16 kHz: 10 ms frames of 160 samples, tiling the output.
        #expect(verdicts.dropLast().allSatisfy { $0.sampleCount == 160 })
        #expect(verdicts.first?.startSample == 0)
        #expect(zip(verdicts, verdicts.dropFirst()).allSatisfy { $0.endSample == $1.startSample })
        #expect(verdicts.last?.endSample == produced)
        // Speech is the tone, give or take a frame of the filters' ringing at its edges.
        let speech = verdicts.filter(\.isSpeech)
        #expect(speech.count >= 98 && speech.count <= 102, "\(speech.count) frames of speech")
        #expect(speech.allSatisfy { $0.startSample >= 16_000 - 320 && $0.endSample <= 32_000 + 320 })
        // The verdicts carry the detector's energy: the tone's RMS, -9 dBFS.
        let middle = verdicts.filter { $0.startSample >= 20_000 && $0.endSample <= 28_000 }
        #expect(!middle.isEmpty && middle.allSatisfy { abs($0.level - -9.03) < 0.1 })
    }
}

/// Calls a frame speech when its peak reaches 0.1: a detector simple enough that where it must
/// find speech is known exactly.
private struct PeakDetector: VoiceActivityDetecting {
    let sampleRate: Int
    private(set) var isSpeech = false

    var frameLength: Int { sampleRate / 100 }

    mutating func process(frame: UnsafeBufferPointer<Float>) -> VoiceActivityDecision {
        isSpeech = frame.reduce(0) { max($0, abs($1)) } >= 0.1
        return VoiceActivityDecision(isSpeech: isSpeech, energy: LevelMeter.measure(frame).rms, noiseFloor: -100)
    }

    func makeDetector(sampleRate: Int) -> PeakDetector { PeakDetector(sampleRate: sampleRate) }
}
