import DictationKit
import DictationPocketSphinx
import DictationPreprocessing

/// Many short live sessions, each stopped in the middle of an utterance.
struct StopLatencyRun {
    let recordings: [[Float]]
    let sessions: Int
    let recognizer: PocketSphinxRecognizer
    /// The session's options: partials on.
    let options: DictationOptions

    func run() async throws -> [Double] {
        var latencies: [Double] = []
        for index in 0..<sessions {
            let speech = recordings[index % recordings.count]
            let microphone = RealTimeMicrophone(samples: [Float](repeating: 0, count: 8_000) + speech)
            let session = DictationSession(source: microphone.source, preprocessing: AudioConversionChain(), recognizer: recognizer)
            let stream = try await session.start(options)
            microphone.start()
            // Stop between 1.0 and 2.0 s into the speech (which starts 0.5 s in), mid-utterance.
            let stopAt = 0.5 + 1.0 + Double(index % 10) / 10
            let consumer = Task {
                var finals = 0
                for await event in stream {
                    if case .final = event { finals += 1 }
                }
                return finals
            }
            while microphone.startInstant == nil { try await Task.sleep(for: .milliseconds(5)) }
            if let deadline = microphone.instant(ofAudioTime: stopAt) {
                try await Task.sleep(until: deadline, clock: .continuous)
            }
            let before = ContinuousClock.now
            await session.stop()
            latencies.append(PartialLatencyRun.milliseconds(ContinuousClock.now - before))
            microphone.stop()
            if await consumer.value == 0 { throw BenchmarkError("session \(index) delivered no final") }
        }
        return latencies
    }
}
