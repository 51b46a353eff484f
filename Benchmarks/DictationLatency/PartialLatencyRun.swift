import DictationKit
import DictationPocketSphinx
import DictationPreprocessing

/// One long live session: utterances of real speech with a second of silence between them.
///
/// A word's latency runs from the moment its last frame was available to the first partial that
/// held it (within ``placeTolerance`` words of its place in the final), or to the final when no
/// partial did.
struct PartialLatencyRun {
    let recordings: [[Float]]
    let utterances: Int
    let recognizer: PocketSphinxRecognizer
    /// The session's options: partials on.
    let options: DictationOptions

    struct Result {
        var latencies: [Double] = []
        /// The same, split by where the word was first seen.
        var partialOnly: [Double] = []
        var finalOnly: [Double] = []
        /// Without the first utterance, which also waits for the model to load.
        var afterFirstUtterance: [Double] = []
    }

    func run() async throws -> Result {
        var samples: [Float] = []
        let pause = [Float](repeating: 0, count: 16_000)
        for index in 0..<utterances {
            samples += pause + recordings[index % recordings.count]
        }
        samples += pause
        let microphone = RealTimeMicrophone(samples: samples)
        let session = DictationSession(source: microphone.source, preprocessing: AudioConversionChain(), recognizer: recognizer)
        let stream = try await session.start(options)
        microphone.start()

        var result = Result()
        // For each utterance: the first moment each word was seen at its place.
        var firstSeen: [Int: [String: ContinuousClock.Instant]] = [:]
        for await event in stream {
            let now = ContinuousClock.now
            switch event {
            case .partial(let transcript):
                let words = transcript.text.split(separator: " ").map(String.init)
                for (place, word) in words.enumerated() {
                    let key = "\(place):\(word)"
                    if firstSeen[transcript.utteranceIndex, default: [:]][key] == nil {
                        firstSeen[transcript.utteranceIndex, default: [:]][key] = now
                    }
                }
            case .final(let transcript):
                for (place, word) in transcript.words.enumerated() {
                    guard let available = microphone.instant(ofAudioTime: word.end) else { continue }
                    // The partial that first held the word near its final place: partials from the
                    // forward search may have a word more or less before it than the final has.
                    let seen = (max(0, place - Self.placeTolerance)...(place + Self.placeTolerance))
                        .compactMap { firstSeen[transcript.utteranceIndex]?["\($0):\(word.text)"] }
                        .min()
                    // A word guessed before its last frame arrived counts as no delay at all.
                    let latency = max(0, Self.milliseconds((seen ?? now) - available))
                    result.latencies.append(latency)
                    if seen != nil { result.partialOnly.append(latency) } else { result.finalOnly.append(latency) }
                    if transcript.utteranceIndex > 0 { result.afterFirstUtterance.append(latency) }
                }
                firstSeen[transcript.utteranceIndex] = nil
            case .error(let error) where error.isFatal:
                throw BenchmarkError("session failed: \(error)")
            default:
                break
            }
        }
        microphone.stop()
        return result
    }

    /// How far (in words) a word's place in a partial may be from its place in the final.
    static let placeTolerance = 2

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}
