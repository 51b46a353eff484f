import DictationKit
import DictationTesting
import Foundation
import Testing

@testable import DictationPreprocessing

/// The detector's frame lengths, by a short name for this target's tests.
typealias FrameDuration = EnergyVoiceActivityDetector.FrameDuration

@Suite("EnergyVoiceActivityDetector", .timeLimit(.minutes(25)))
struct EnergyVoiceActivityDetectorTests {
    static let sampleRate = 16_000

    /// The detector's decision on every whole frame of a signal.
    static func decisions(
        _ samples: [Float], frameDuration: FrameDuration = .milliseconds20, sensitivity: Double = 0.5
    ) -> [VoiceActivityDecision] {
        var detector = EnergyVoiceActivityDetector(
            sampleRate: sampleRate, frameDuration: frameDuration, sensitivity: sensitivity)
        var framer = AudioFramer(sampleRate: sampleRate, frameDuration: frameDuration)
        var decisions: [VoiceActivityDecision] = []
        framer.append(samples) { decisions.append(detector.process(frame: $0)) }
        return decisions
    }

    /// The times, in seconds, of the frames judged speech.
    static func speechTimes(_ decisions: [VoiceActivityDecision], frameDuration: FrameDuration = .milliseconds20) -> [Double] {
        decisions.indices.filter { decisions[$0].isSpeech }.map { Double($0) * frameDuration.seconds }
    }

    /// The frames of a clean recording that hold clear speech: within 25 dB of its loudest frame.
    static func loudFrames(of speech: [Float]) -> [Int] {
        let energies = stride(from: 0, to: speech.count - 319, by: 320).map {
            SpeechRecordings.level(speech[$0..<($0 + 320)])
        }
        let loudest = energies.max() ?? 0
        return energies.indices.filter { energies[$0] > loudest - 25 }
    }

    @Test("Digital silence is never speech")
    func silence() {
        let decisions = Self.decisions([Float](repeating: 0, count: 10 * Self.sampleRate))
        #expect(decisions.count == 500)
        #expect(!decisions.contains { $0.isSpeech })
        #expect(decisions.allSatisfy { $0.energy == -100 && $0.noiseFloor == -100 })
    }

    @Test("Steady white noise is not speech once the floor has adapted", arguments: [-60.0, -40, -30, -20])
    func steadyNoise(level: Double) {
        let noise = SpeechRecordings.whiteNoise(seconds: 10, level: level, seed: UInt64(-level))
        for duration in FrameDuration.allCases {
            let decisions = Self.decisions(noise, frameDuration: duration)
            let late = Self.speechTimes(decisions, frameDuration: duration).filter { $0 >= 0.5 }
            #expect(late.isEmpty, "\(level) dBFS in \(duration.rawValue) ms frames: speech at \(late.prefix(5)) s")
            // The floor sits at the noise: the frame energies' low end, within a dB or two.
            let floor = Double(decisions.last?.noiseFloor ?? 0)
            #expect(abs(floor - level) < 2, "\(level) dBFS in \(duration.rawValue) ms frames: floor at \(floor)")
        }
    }

    @Test("Frame energies are RMS levels in dBFS")
    func energyIsRMSLevel() {
        let tone = SignalAnalysis.sine(frequency: 1_000, amplitude: 0.1, sampleRate: Self.sampleRate, seconds: 1)
        let decisions = Self.decisions(tone)
        #expect(decisions.allSatisfy { abs($0.energy - -23.01) < 0.01 })
    }

    @Test("A steady tone from the start is never speech; one that starts after quiet is, until the floor learns it")
    func steadyTone() {
        let tone = SignalAnalysis.sine(frequency: 440, amplitude: 0.14, sampleRate: Self.sampleRate, seconds: 10)
        #expect(!Self.decisions(tone).contains { $0.isSpeech })

        let quiet = SpeechRecordings.whiteNoise(seconds: 2, level: -60, seed: 1)
        let times = Self.speechTimes(Self.decisions(quiet + tone))
        #expect(times.first.map { $0 >= 2 && $0 < 2.1 } == true, "starts at \(times.first ?? -1) s")
        // The tone is 40 dB above the quiet before it: it is background after some 3 seconds.
        #expect(times.last.map { $0 < 2 + 3.5 } == true, "last speech at \(times.last ?? -1) s")
    }

    @Test("A rise of the background noise is learnt within a few seconds")
    func noiseStep() {
        let signal =
            SpeechRecordings.whiteNoise(seconds: 3, level: -60, seed: 2)
            + SpeechRecordings.whiteNoise(seconds: 10, level: -30, seed: 3)
        let times = Self.speechTimes(Self.decisions(signal))
        #expect(times.last.map { $0 < 3 + 3 } == true, "last speech at \(times.last ?? -1) s")
    }

    @Test("Clicks don't start speech")
    func clicks() {
        var signal = SpeechRecordings.whiteNoise(seconds: 4, level: -60, seed: 4)
        // A 2 ms click, a click straddling two frames, and a 30 ms knock.
        for index in 16_000..<16_032 { signal[index] = 0.9 }
        for index in 32_310..<32_330 { signal[index] = -0.9 }
        for index in 48_000..<48_480 { signal[index] = index % 2 == 0 ? 0.5 : -0.5 }
        #expect(!Self.decisions(signal).contains { $0.isSpeech })
    }

    @Test("Speech starts after the onset frames and ends after the hangover")
    func onsetAndHangover() {
        let quiet = SpeechRecordings.whiteNoise(seconds: 2, level: -60, seed: 5)
        let burst = SignalAnalysis.sine(frequency: 300, amplitude: 0.1, sampleRate: Self.sampleRate, seconds: 0.5)
        let signal = quiet + burst + quiet
        let times = Self.speechTimes(Self.decisions(signal))
        // 3 frames of 20 ms confirm the onset: the third frame of the burst is the first speech.
        #expect(times.first.map { abs($0 - 2.04) < 0.001 } == true, "starts at \(times.first ?? -1) s")
        // The burst's last frame starts at 2.48 s; 10 frames (200 ms) of hangover follow it.
        #expect(times.last.map { abs($0 - 2.68) < 0.001 } == true, "ends at \(times.last ?? -1) s")
        #expect(times.count == 33)
    }

    @Test(
        "Recorded speech padded with silence or faint noise: speech in it, none in the padding",
        arguments: SpeechRecordings.names, ["silence", "noise"])
    func recordedSpeech(name: String, padding: String) throws {
        let speech = try SpeechRecordings.load(name)
        let pad = 2 * Self.sampleRate
        let signal: [Float]
        if padding == "silence" {
            signal = [Float](repeating: 0, count: pad) + speech + [Float](repeating: 0, count: pad)
        } else {
            let noise = SpeechRecordings.whiteNoise(
                seconds: Double(2 * pad + speech.count) / Double(Self.sampleRate), level: -60, seed: 6)
            signal = SpeechRecordings.mix([Float](repeating: 0, count: pad) + speech, noise)
        }
        let decisions = Self.decisions(signal)
        let times = Self.speechTimes(decisions)
        let end = Double(pad + speech.count) / Double(Self.sampleRate)
        #expect(!times.contains { $0 < 2 }, "\(name): speech in the leading \(padding)")
        // Past the recording's end, only the hangover (200 ms) and the frame that straddles it.
        #expect(!times.contains { $0 > end + 0.2 + 0.02 }, "\(name): speech in the trailing \(padding): \(times.last ?? 0) s")
        let loud = Self.loudFrames(of: speech)
        let found = loud.filter { decisions[pad / 320 + $0].isSpeech }.count
        #expect(Double(found) >= 0.95 * Double(loud.count), "\(name): \(found) of \(loud.count) speech frames")
    }

    @Test("Speech in white noise at 10 dB SNR is still found", arguments: SpeechRecordings.names)
    func noisySpeech(name: String) throws {
        let speech = try SpeechRecordings.load(name)
        let pad = 2 * Self.sampleRate
        let noiseLevel = SpeechRecordings.level(speech[...]) - 10
        let noise = SpeechRecordings.whiteNoise(
            seconds: Double(2 * pad + speech.count) / Double(Self.sampleRate), level: noiseLevel, seed: 7)
        let signal = SpeechRecordings.mix([Float](repeating: 0, count: pad) + speech, noise)
        let decisions = Self.decisions(signal)
        let times = Self.speechTimes(decisions)
        let end = Double(pad + speech.count) / Double(Self.sampleRate)
        #expect(!times.contains { $0 >= 0.5 && $0 < 2 }, "\(name): speech in the noise before it")
        #expect(!times.contains { $0 > end + 0.2 + 0.02 }, "\(name): speech in the noise after it")
        let loud = Self.loudFrames(of: speech)
        let found = loud.filter { decisions[pad / 320 + $0].isSpeech }.count
        #expect(Double(found) >= 0.75 * Double(loud.count), "\(name): \(found) of \(loud.count) speech frames")
    }

    @Test("Higher sensitivity finds more of noisy speech")
    func sensitivityMovesThresholds() throws {
        let speech = try SpeechRecordings.load("0920")
        let noise = SpeechRecordings.whiteNoise(
            seconds: Double(speech.count) / Double(Self.sampleRate) + 2, level: SpeechRecordings.level(speech[...]) - 10, seed: 8)
        let signal = SpeechRecordings.mix([Float](repeating: 0, count: 2 * Self.sampleRate) + speech, noise)
        let counts = [0.0, 0.5, 1].map { sensitivity in
            Self.decisions(signal, sensitivity: sensitivity).filter { $0.isSpeech }.count
        }
        #expect(counts[0] < counts[1] && counts[1] < counts[2], "\(counts)")
        let strict = EnergyVoiceActivityDetector(sampleRate: 16_000, sensitivity: 0)
        let loose = EnergyVoiceActivityDetector(sampleRate: 16_000, sensitivity: 1)
        #expect(strict.onsetMargin == 12 && loose.onsetMargin == 3)
        #expect(strict.absoluteThreshold == -50 && loose.absoluteThreshold == -70)
    }

    @Test("Faint sounds below the absolute threshold are never speech, even after digital silence")
    func absoluteThreshold() {
        let faint = SpeechRecordings.scaled(
            SignalAnalysis.sine(frequency: 300, amplitude: 1, sampleRate: Self.sampleRate, seconds: 0.5), toLevel: -65)
        let silence = [Float](repeating: 0, count: Self.sampleRate)
        #expect(!Self.decisions(silence + faint + silence + faint).contains { $0.isSpeech })
        #expect(Self.decisions(silence + faint, sensitivity: 1).contains { $0.isSpeech })
    }

    @Test("reset() forgets the floor and the speech state")
    func resetForgets() throws {
        let speech = try SpeechRecordings.load("goforward")
        var detector = EnergyVoiceActivityDetector(sampleRate: Self.sampleRate)
        var framer = AudioFramer(sampleRate: Self.sampleRate, frameDuration: .milliseconds20)
        var first: [VoiceActivityDecision] = []
        framer.append(speech) { first.append(detector.process(frame: $0)) }
        detector.reset()
        #expect(!detector.isSpeech && detector.noiseFloor == -100)
        framer.reset()
        var second: [VoiceActivityDecision] = []
        framer.append(speech) { second.append(detector.process(frame: $0)) }
        #expect(first == second)
    }

    @Test("NaN samples count as silence and an empty frame changes nothing")
    func oddFrames() {
        var detector = EnergyVoiceActivityDetector(sampleRate: Self.sampleRate)
        let nan = detector.process(frame: [Float](repeating: .nan, count: 320))
        #expect(nan.energy == -100 && !nan.isSpeech)
        let empty = detector.process(frame: [])
        #expect(empty.energy == -100 && empty.noiseFloor == nan.noiseFloor)
    }
}
