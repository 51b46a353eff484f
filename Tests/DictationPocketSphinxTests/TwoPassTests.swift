import DictationCapture
import DictationKit
import DictationPocketSphinx
import DictationPreprocessing
import DictationTestSupport
import DictationTesting
import Foundation
import Synchronization
import Testing

/// Two passes on real speech: a session with partials shows them from a streaming search, and
/// its finals come from the whole-utterance search a session without partials uses, so the two
/// give the same finals, to the word, the time and the confidence, however the audio arrives.
@Suite("Two passes on real speech", .timeLimit(.minutes(25)))
struct TwoPassTests {
    /// The recordings of pocketsphinx-testdata: LibriVox sentences, goforward, the cards.
    static let recordings =
        LibriVoxSessionAccuracyTests.recordings.map { "librivox/\($0).wav" } + ["goforward.raw"]
        + (1...5).map { String(format: "cards/%03d.wav", $0) }

    static func samples(of recording: String) throws -> [Float] {
        let path = try PocketSphinxTestData.path(recording)
        return recording.hasSuffix(".raw") ? try Fixtures.readRaw(path) : try Fixtures.readWAV(path)
    }

    /// What a session delivered.
    struct Heard {
        var finals: [Transcript] = []
        var partials: [Transcript] = []
    }

    /// Runs a session over a source and keeps its partials and finals.
    static func listen(to source: any AudioSource, partials: Bool) async throws -> Heard {
        let session = DictationSession(
            source: source, preprocessing: StandardPreprocessing(), recognizer: try Fixtures.recognizer())
        var heard = Heard()
        for await event in try await session.start(DictationOptions(reports: partials ? .partials : [])) {
            switch event {
            case .final(let transcript): heard.finals.append(transcript)
            case .partial(let transcript): heard.partials.append(transcript)
            case .error(let error) where error.code != .noSpeechDetected: Issue.record("session error: \(error)")
            default: break
            }
        }
        return heard
    }

    /// Pushes samples into a source from another thread in buffers of changing sizes (7 ms to
    /// 250 ms), the way a network stream or a device with odd periods would deliver them.
    static func push(
        _ samples: [Float], into source: PushAudioSource, pacedAt speed: Double? = nil, finishing: Bool = true
    ) {
        push(samples.map { Int16(max(-1, min(1, $0)) * 32_767) }, into: source, pacedAt: speed, finishing: finishing)
    }

    /// Pushes 16-bit samples, as `push(_:into:pacedAt:finishing:)` does; then ends the source,
    /// unless `finishing` is false (a microphone that stays open).
    static func push(
        _ samples: [Int16], into source: PushAudioSource, pacedAt speed: Double? = nil, finishing: Bool = true
    ) {
        Thread.detachNewThread {
            var generator = SplitMix64(seed: UInt64(samples.count))
            var offset = 0
            let pacer = speed.map { RealTimePacer(unitsPerSecond: 16_000, speed: $0) }
            while offset < samples.count {
                let size = [112, 320, 528, 1_600, 4_000][Int(generator.next() % 5)]
                let end = min(samples.count, offset + size)
                pacer?.waitUntilPlayed(end)
                source.append(Array(samples[offset..<end]))
                offset = end
            }
            if finishing { source.finish() }
        }
    }

    @Test("A session with partials gives the finals of one without", arguments: recordings)
    func partialsChangeNoFinal(recording: String) async throws {
        let samples = try Self.samples(of: recording) + [Float](repeating: 0, count: 8_000)
        // Without partials, from a file read in 100 ms pieces: what `dictate transcribe` does.
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/speech.wav"
        try LibriVoxSessionAccuracyTests.writeWAV(samples, to: path)
        let whole = try await Self.listen(to: AudioFileSource(path: path), partials: false)
        #expect(!whole.finals.isEmpty, "\(recording) decodes to something")
        #expect(whole.partials.isEmpty)

        // With partials, from the same file, and pushed in buffers of other sizes.
        let fromFile = try await Self.listen(to: AudioFileSource(path: path), partials: true)
        // The very samples the file holds, 16-bit, as the file source reads them.
        let source = PushAudioSource(format: AudioFormat(sampleRate: 16_000, channelCount: 1, encoding: .int16))
        Self.push(samples, into: source)
        let pushed = try await Self.listen(to: source, partials: true)

        for (name, live) in [("file", fromFile), ("pushed", pushed)] {
            #expect(!live.partials.isEmpty, "\(recording), \(name): the streaming pass showed partials")
            // The decoder reports its hypothesis every block; the session shows only what is new.
            #expect(
                !zip(live.partials, live.partials.dropFirst()).contains {
                    $0.utteranceIndex == $1.utteranceIndex && $0.text == $1.text && $0.stableWordCount == $1.stableWordCount
                }, "\(recording), \(name): a partial repeats")
            #expect(
                live.finals == whole.finals,
                "\(recording), \(name): \(live.finals.map(\.text)) against \(whole.finals.map(\.text))")
        }
    }

    @Test("At real time too, the finals are those of a session without partials")
    func realTimeGivesTheSameFinals() async throws {
        let samples = try Self.samples(of: "goforward.raw") + [Float](repeating: 0, count: 8_000)
        let source = PushAudioSource(format: AudioFormat(sampleRate: 16_000, channelCount: 1, encoding: .int16))
        async let live = Self.listen(to: source, partials: true)
        Self.push(samples, into: source, pacedAt: 1)
        let heard = try await live

        let whole = PushAudioSource(format: AudioFormat(sampleRate: 16_000, channelCount: 1, encoding: .int16))
        Self.push(samples, into: whole)
        #expect(try await Self.listen(to: whole, partials: false).finals == heard.finals)
        #expect(heard.finals.map(\.text) == ["go forward ten meters"])
        #expect(heard.partials.contains { $0.text.hasPrefix("go forward") })
    }

    /// The final pass runs beside the audio thread: a long utterance's final is still being
    /// searched when the next utterance, 0.7 s later, already shows partials. The test holds the
    /// first final's search until a partial of a later utterance has arrived, so that it holds
    /// however fast the machine searches; were the final pass in the audio thread's way, no
    /// such partial would come, and the final would be released by the hang guard, too late.
    @Test("Partials of the next utterance arrive while the final pass of the last one runs")
    func partialsArriveDuringTheFinalPass() async throws {
        let long =
            try Self.samples(of: "librivox/\(LibriVoxSessionAccuracyTests.recordings[0]).wav")
            + Self.samples(of: "librivox/\(LibriVoxSessionAccuracyTests.recordings[3]).wav")
        let short = try Self.samples(of: "goforward.raw")
        let silence = [Float](repeating: 0, count: 11_200)
        let source = PushAudioSource(format: AudioFormat(sampleRate: 16_000, channelCount: 1, encoding: .float32))
        let laterPartial = Mutex(false)
        let session = DictationSession(
            source: source, preprocessing: StandardPreprocessing(),
            recognizer: firstFinalHeld(try Fixtures.recognizer()) { laterPartial.withLock { $0 } })
        let stream = try await session.start(DictationOptions(reports: .partials))
        Self.push(long + silence + short + silence, into: source, pacedAt: 1)
        var order: [DictationEvent] = []
        for await event in stream {
            if case .partial(let partial) = event {
                order.append(event)
                if partial.utteranceIndex > 0 { laterPartial.withLock { $0 = true } }
            }
            if case .final = event { order.append(event) }
        }
        let finals = order.compactMap { if case .final(let transcript) = $0 { transcript } else { nil } }
        #expect(finals.map(\.utteranceIndex) == Array(0..<finals.count))
        #expect(finals.last?.text == "go forward ten meters")
        // Some utterance's final came after partials of the utterance that followed it.
        let overtaken = order.enumerated().contains { position, event in
            guard case .final(let final) = event else { return false }
            return order[..<position].contains {
                if case .partial(let partial) = $0 { partial.utteranceIndex > final.utteranceIndex } else { false }
            }
        }
        #expect(overtaken, "partials of the next utterance came while the final pass searched the last one")
    }
}

/// A recognizer whose final decoders hold the first final's search until `release` says so: the
/// final pass runs on threads of its own, so only that final is late.
private func firstFinalHeld(
    _ base: PocketSphinxRecognizer, until release: @escaping @Sendable () -> Bool
) -> InterceptingRecognizer {
    let held = Atomic(false)
    return InterceptingRecognizer(base) { decoder, role in
        guard role == .finals(reportsPartials: false) else { return decoder }
        return InterceptingDecoder.wrap(decoder) { call in
            // The final pass's own thread: holding it is what a slow search does.
            guard case .endUtterance = call, !held.exchange(true, ordering: .sequentiallyConsistent) else { return }
            // Not the verdict: without the partial, the order of the events says so.
            try? waitUntil("a partial of the utterance after the first has arrived") { release() }
        }
    }
}
