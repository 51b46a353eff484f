import DictationKit
import DictationPocketSphinx
import DictationPreprocessing
import DictationTesting

/// Many short live sessions, each stopped in the middle of an utterance.
struct StopLatencyRun {
    let recordings: [[Float]]
    let sessions: Int
    let recognizer: any SpeechRecognizer
    /// The session's options: partials on.
    let options: DictationOptions
    /// The session's preprocessing.
    let preprocessing: StandardPreprocessing
    /// Where the sessions keep their finals (`--history-store`); `nil`: nowhere.
    var transcriptStore: (any TranscriptStore)?

    struct Result {
        /// From calling stop() to stop() returning: the last final delivered, the stream ended.
        var returns: [Double] = []
        /// From calling stop() to the source's release.
        var releases: [Double] = []
        /// From calling stop() to the last final's arrival at the consumer.
        var lastFinals: [Double] = []
    }

    func run() async throws -> Result {
        var result = Result()
        // The LibriVox sentences: long enough to be stopped in the middle of.
        let sentences = recordings.filter { $0.count > 3 * 16_000 }
        for index in 0..<sessions {
            let speech = sentences[index % sentences.count]
            let microphone = RealTimeMicrophone(samples: [Float](repeating: 0, count: 8_000) + speech)
            let source = ReleaseTimedSource(microphone.source)
            let session = DictationSession(
                source: source, preprocessing: preprocessing, recognizer: recognizer, transcriptStore: transcriptStore)
            let stream = try await session.start(options)
            microphone.start()
            // Stop between 1.0 and 2.0 s into the speech (which starts 0.5 s in), mid-utterance.
            let stopAt = 0.5 + 1.0 + Double(index % 10) / 10
            let consumer = Task {
                var finals = 0
                var lastFinal: ContinuousClock.Instant?
                for await event in stream {
                    if case .final = event {
                        finals += 1
                        lastFinal = .now
                    }
                }
                return (finals, lastFinal)
            }
            while microphone.startInstant == nil { try await Task.sleep(for: .milliseconds(5)) }
            if let deadline = microphone.instant(ofAudioTime: stopAt) {
                try await Task.sleep(until: deadline, clock: .continuous)
            }
            let before = ContinuousClock.now
            await session.stop()
            result.returns.append(PartialLatencyRun.milliseconds(ContinuousClock.now - before))
            if let released = source.releasedAt { result.releases.append(PartialLatencyRun.milliseconds(released - before)) }
            microphone.stop()
            let (finals, lastFinal) = await consumer.value
            if finals == 0 { throw BenchmarkError("session \(index) delivered no final") }
            if let lastFinal, lastFinal > before { result.lastFinals.append(PartialLatencyRun.milliseconds(lastFinal - before)) }
        }
        return result
    }
}
