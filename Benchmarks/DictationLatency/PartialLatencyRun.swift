import DictationKit
import DictationPocketSphinx
import DictationPreprocessing
import DictationTesting

/// One long live session: utterances of real speech, each followed by two seconds of silence.
///
/// - A word's partial latency runs from the moment its last frame was available to the first
///   partial that held it (within ``placeTolerance`` words of its place in the final). Words no
///   partial held (the final pass heard them, the streaming pass did not) arrive with the final:
///   they are counted apart.
/// - An utterance's final latency runs from the moment the end of its last word (as the final
///   places it) was available to the final event.
/// - A word's stable latency runs from its last frame to the first partial that marked it stable
///   (``Transcript/stableWordCount``). What the final takes back of the stable words is the word
///   edits that turn them into its own (``WordErrorRate/stableWordsTakenBack(stable:final:)``).
struct PartialLatencyRun {
    let recordings: [[Float]]
    let utterances: Int
    let recognizer: any SpeechRecognizer
    /// The session's options: partials on.
    let options: DictationOptions
    /// The session's preprocessing.
    let preprocessing: StandardPreprocessing
    /// Where the session keeps its finals (`--history-store`); `nil`: nowhere.
    var transcriptStore: (any TranscriptStore)?
    /// Whether each partial (its stable words in brackets) and each final, with its times and
    /// latencies, are printed as they come, the stable words of each final that took back any, and how long
    /// after its end each word of the final was first shown.
    var listsFinals = false

    struct Result {
        /// Latency of the words partials showed, as the streaming search heard them.
        var partials: [Double] = []
        /// Latency of the words partials showed first as confirmed by the whole-utterance search.
        var confirmed: [Double] = []
        /// Latency of the words only the final had.
        var finalOnly: [Double] = []
        /// From the end of an utterance's last word to its final.
        var finals: [Double] = []
        /// The same for utterances of under ``shortUtterance`` seconds of speech (commands), and
        /// for longer ones (sentences): the whole-utterance search takes longer on longer ones.
        var shortFinals: [Double] = []
        var longFinals: [Double] = []
        /// Where a final's latency goes: from the end of the last word to the endpointer's
        /// decision (its `speechEnded` event), and from there to the final.
        var untilEndDecision: [Double] = []
        var afterEndDecision: [Double] = []
        /// From a word's end to the partial that marked it stable.
        var stable: [Double] = []
        /// The word edits the finals made to the stable words, over the stable words.
        var takenBack = WordErrorRate(errors: 0, referenceWords: 0)
        /// Final words, and of those the ones the partials showed.
        var finalWords = 0
    }

    func run() async throws -> Result {
        var samples: [Float] = []
        let pause = [Float](repeating: 0, count: 32_000)
        for index in 0..<utterances {
            samples += recordings[index % recordings.count] + pause
        }
        let microphone = RealTimeMicrophone(samples: [Float](repeating: 0, count: 16_000) + samples)
        let session = DictationSession(
            source: microphone.source, preprocessing: preprocessing, recognizer: recognizer, transcriptStore: transcriptStore)
        var options = options
        options.reports.insert(.speechActivity)
        let stream = try await session.start(options)
        microphone.start()

        var result = Result()
        // For each utterance: the first moment each word was seen at its place (and whether it
        // was stable then), and stable there.
        var firstSeen: [Int: [String: (at: ContinuousClock.Instant, stable: Bool)]] = [:]
        var stableSeen: [Int: [Int: (word: String, at: ContinuousClock.Instant)]] = [:]
        /// When the endpointer last decided an utterance ended; a final belongs to the last such
        /// decision before it.
        var endDecision: ContinuousClock.Instant?
        for await event in stream {
            let now = ContinuousClock.now
            switch event {
            case .speechEnded:
                endDecision = now
            case .partial(let transcript):
                let words = transcript.text.split(separator: " ").map(String.init)
                if listsFinals {
                    let stable = words.prefix(transcript.stableWordCount).joined(separator: " ")
                    let rest = words.dropFirst(transcript.stableWordCount).joined(separator: " ")
                    print("partial \(transcript.utteranceIndex): [\(stable)] \(rest)")
                }
                for (place, word) in words.enumerated() {
                    let key = "\(place):\(word)"
                    if firstSeen[transcript.utteranceIndex, default: [:]][key] == nil {
                        firstSeen[transcript.utteranceIndex, default: [:]][key] = (now, place < transcript.stableWordCount)
                    }
                    if place < transcript.stableWordCount, stableSeen[transcript.utteranceIndex, default: [:]][place] == nil {
                        stableSeen[transcript.utteranceIndex, default: [:]][place] = (word, now)
                    }
                }
            case .final(let transcript):
                let utterance = transcript.utteranceIndex
                var shownAfter: [String] = []
                defer { if listsFinals { print("  words first shown after (ms): " + shownAfter.joined(separator: " ")) } }
                for (place, word) in transcript.words.enumerated() {
                    guard let available = microphone.instant(ofAudioTime: word.end) else { continue }
                    result.finalWords += 1
                    // The partial that first held the word near its final place: partials from the
                    // forward search may have a word more or less before it than the final has.
                    let seen = (max(0, place - Self.placeTolerance)...(place + Self.placeTolerance))
                        .compactMap { firstSeen[utterance]?["\($0):\(word.text)"] }
                        .min { $0.at < $1.at }
                    // A word guessed before its last frame arrived counts as no delay at all.
                    if let seen {
                        let latency = max(0, Self.milliseconds(seen.at - available))
                        shownAfter.append("\(word.text)(\(Int(latency)))")
                        if seen.stable { result.confirmed.append(latency) } else { result.partials.append(latency) }
                    } else {
                        result.finalOnly.append(max(0, Self.milliseconds(now - available)))
                        shownAfter.append("\(word.text)(final only)")
                    }
                }
                let stableWords = (stableSeen[utterance] ?? [:]).sorted { $0.key < $1.key }
                let stableText = stableWords.map(\.value.word).joined(separator: " ")
                let takenBack = WordErrorRate.stableWordsTakenBack(stable: stableText, final: transcript.text)
                result.takenBack = result.takenBack + takenBack
                if listsFinals, takenBack.errors > 0 { print("stable words taken back: \(takenBack.errors) of [\(stableText)]") }
                for (place, stable) in stableWords {
                    // The final's word near the stable word's place, as for partial latency.
                    let places = max(0, place - Self.placeTolerance)...(place + Self.placeTolerance)
                    guard
                        let match = places.first(where: {
                            $0 < transcript.words.count && transcript.words[$0].text == stable.word
                        }),
                        let available = microphone.instant(ofAudioTime: transcript.words[match].end)
                    else { continue }
                    result.stable.append(max(0, Self.milliseconds(stable.at - available)))
                }
                if let first = transcript.words.first, let last = transcript.words.last,
                    let available = microphone.instant(ofAudioTime: last.end)
                {
                    let latency = Self.milliseconds(now - available)
                    if listsFinals {
                        let decided = endDecision.map { "\(Int(Self.milliseconds($0 - available))) ms" } ?? "-"
                        print(
                            String(
                                format: "final %d, %.2f-%.2f s: latency %d ms, end decided %@: %@", utterance, first.start,
                                last.end, Int(latency), decided, transcript.text))
                    }
                    result.finals.append(latency)
                    if let decided = endDecision {
                        result.untilEndDecision.append(Self.milliseconds(decided - available))
                        result.afterEndDecision.append(Self.milliseconds(now - decided))
                    }
                    endDecision = nil
                    if last.end - first.start < Self.shortUtterance {
                        result.shortFinals.append(latency)
                    } else {
                        result.longFinals.append(latency)
                    }
                }
                firstSeen[utterance] = nil
                stableSeen[utterance] = nil
            case .error(let error) where error.isFatal:
                throw BenchmarkError("session failed: \(error)")
            default:
                break
            }
        }
        microphone.stop()
        return result
    }

    /// Utterances with less speech than this, in seconds, are counted as commands.
    static let shortUtterance = 2.5

    /// How far (in words) a word's place in a partial may be from its place in the final.
    static let placeTolerance = 2

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}
