import DictationCapture
import DictationKit
import DictationPocketSphinx
import DictationPreprocessing
import DictationTesting
import Foundation
import Testing

/// The session's endpointer on a recording with known pauses: sentences spoken by espeak-ng,
/// joined by pauses of faint room noise. A synthesizer's output is digital silence outside its
/// speech, so where each sentence really starts and ends is known to the sample.
@Suite(.timeLimit(.minutes(25))) struct EndpointerBoundaryTests {
    static let rate = 16_000

    struct Truth {
        var start: Double
        var end: Double
    }

    static let sentences = [
        "Please send the report to the whole team before noon.",
        "I will call you back when the meeting is over.",
        "The weather tomorrow should be cold and windy.",
        "Remember to buy milk, bread and a dozen eggs.",
        "Thank you for your patience.",
    ]

    /// A sentence spoken by espeak-ng, at 16 kHz.
    static func speak(_ sentence: String, in directory: String) throws -> [Float] {
        let espeak = "/usr/bin/espeak-ng"
        try #require(FileManager.default.isExecutableFile(atPath: espeak), "espeak-ng is missing: apt-get install espeak-ng")
        let sox = try LibriVoxSessionAccuracyTests.requireSox()
        let wav = directory + "/sentence.wav"
        let raw = directory + "/sentence.raw"
        _ = try Fixtures.run(espeak, ["-v", "en-us", "-s", "150", "-w", wav, sentence])
        _ = try Fixtures.run(sox, [wav, "-r", "16000", "-e", "signed", "-b", "16", "-c", "1", "-t", "raw", raw])
        return try Fixtures.readRaw(raw)
    }

    @Test func utteranceBoundariesAreWithin150MillisecondsOfTheSpeech() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var generator = SplitMix64(seed: 7)
        func roomNoise(seconds: Double) -> [Float] {
            // About -70 dBFS: a quiet room, so the pauses are not digital silence.
            (0..<Int(seconds * Double(Self.rate))).map { _ in
                Float(Int64(bitPattern: generator.next() % 2001) - 1000) / 1000 * 0.0005
            }
        }
        var samples = roomNoise(seconds: 1.5)
        var truths: [Truth] = []
        for (index, sentence) in Self.sentences.enumerated() {
            let speech = try Self.speak(sentence, in: directory)
            let audible = speech.indices.filter { abs(speech[$0]) > 0.002 }
            let first = try #require(audible.first)
            let last = try #require(audible.last)
            let offset = samples.count
            truths.append(
                Truth(start: Double(offset + first) / Double(Self.rate), end: Double(offset + last + 1) / Double(Self.rate)))
            samples += zip(speech, roomNoise(seconds: Double(speech.count) / Double(Self.rate))).map { $0 + $1 }
            samples += roomNoise(seconds: index.isMultiple(of: 2) ? 2 : 1.2)
        }
        let session = DictationSession(
            source: InMemoryAudioSource(samples: samples, sampleRate: Self.rate),
            preprocessing: StandardPreprocessing(), recognizer: try Fixtures.recognizer())
        var starts: [Double] = []
        var ends: [Double] = []
        var finals: [Transcript] = []
        for await event in try await session.start(DictationOptions(reports: .speechActivity)) {
            switch event {
            case .speechStarted(let time): starts.append(time)
            case .speechEnded(let time): ends.append(time)
            case .final(let transcript): finals.append(transcript)
            default: break
            }
        }
        let found = zip(starts, ends).map { String(format: "%.2f-%.2f", $0, $1) }
        let expected = truths.map { String(format: "%.2f-%.2f", $0.start, $0.end) }
        print("endpointer: \(found)\n     truth: \(expected)")
        try #require(
            starts.count == truths.count && ends.count == truths.count, "one utterance per sentence: \(found) vs \(expected)")
        for (index, truth) in truths.enumerated() {
            #expect(
                abs(starts[index] - truth.start) <= 0.15,
                "sentence \(index) starts at \(truth.start), speechStarted \(starts[index])")
            #expect(abs(ends[index] - truth.end) <= 0.15, "sentence \(index) ends at \(truth.end), speechEnded \(ends[index])")
        }
        #expect(finals.count == truths.count)
    }
}
