import DictationKit
import DictationTesting
import Testing

@testable import DictationPreprocessing

/// The spellings from before ``StandardPreprocessing`` had settings of its own still compile and
/// still do what they did. The deprecation warnings this file gets are what it tests.
@Suite("Deprecated preprocessing spellings", .timeLimit(.minutes(25)))
struct DeprecatedPreprocessingSpellingsTests {
    /// Session options of the old spelling, and the same settings in the new one.
    static let settings: [(AudioPreprocessingOptions, StandardPreprocessing)] = [
        (AudioPreprocessingOptions(), StandardPreprocessing()),
        (.none, StandardPreprocessing(options: .none)),
        (
            AudioPreprocessingOptions(noiseSuppression: .on, vadSensitivity: 0.8, frameDuration: .milliseconds10),
            StandardPreprocessing(
                options: .init(noiseSuppression: .on),
                voiceActivityDetector: .standard(sensitivity: 0.8, frameDuration: .milliseconds10))
        ),
        (
            AudioPreprocessingOptions(highPassCutoff: 150, automaticGainControl: false, frameDuration: .milliseconds40),
            StandardPreprocessing(
                options: .init(highPassCutoff: 150, automaticGainControl: false),
                voiceActivityDetector: .standard(frameDuration: .milliseconds40))
        ),
    ]

    @Test("The old options give the same audio and verdicts as the new settings", arguments: settings.indices)
    func oldOptionsMatchNewSettings(index: Int) throws {
        let (old, new) = Self.settings[index]
        // Noisy speech, so that automatic noise suppression engages where it is on.
        let input = SpeechRecordings.noisy(try SpeechRecordings.libriVox(), snr: 10, lead: 0.5, trail: 1, seed: 7)
        let oldProcessor = try StandardPreprocessing().makeProcessor(input: .recognizer, outputSampleRate: 16_000, options: old)
        let oldFrames = try StandardPreprocessingTests.run(oldProcessor, input, format: .recognizer, framesPerRead: 1_600)
        let newFrames = try StandardPreprocessingSettingsTests.run(new, input)
        let converted = try StandardPreprocessingSettingsTests.run(StandardPreprocessing(old), input)

        let oldSamples = oldFrames.flatMap(\.samples)
        let oldVerdicts = oldFrames.flatMap(\.voiceActivity)
        #expect(oldVerdicts.contains { $0.isSpeech })
        // Compared whole rather than with `==` inside #expect, whose diff of long arrays takes minutes.
        let sameSamples = oldSamples == newFrames.samples && oldSamples == converted.samples
        #expect(sameSamples)
        let sameVerdicts = oldVerdicts == newFrames.verdicts && oldVerdicts == converted.verdicts
        #expect(sameVerdicts)
        #expect(StandardPreprocessing.Options(old) == new.options)
    }

    @Test("A cutoff set on the old options after they were made reaches the filter unclamped, as before")
    func oldOptionsSetAfterwards() {
        var old = AudioPreprocessingOptions()
        old.highPassCutoff = 5_000
        #expect(StandardPreprocessing.Options(old).highPassCutoff == 5_000)
    }

    @Test("The old names are the new types and values")
    func oldNames() {
        #expect(AudioConversionChain.self == StandardPreprocessing.self)
        #expect(DictationKit.NoiseSuppression.allCases.map { StandardPreprocessing.NoiseSuppression($0).rawValue } == ["off", "auto", "on"])
        #expect(DictationKit.FrameDuration.allCases.map { EnergyVoiceActivityDetector.FrameDuration($0).rawValue } == [10, 20, 40, 60])
        for duration in DictationKit.FrameDuration.allCases {
            let old = EnergyVoiceActivityDetector(sampleRate: 44_100, frameDuration: duration, sensitivity: 0.7)
            #expect(old.frameDuration.rawValue == duration.rawValue)
            #expect(old.frameLength == duration.samples(atSampleRate: 44_100))
            #expect(old.sensitivity == 0.7 && old.hangover == 0.2)
            #expect(AudioFramer(sampleRate: 44_100, frameDuration: duration).frameLength == old.frameLength)
        }
    }
}
