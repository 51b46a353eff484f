import DictationKit

/// A recognizer that "hears" a script instead of decoding audio, for tests of code built on DictationKit.
///
/// Time advances with the samples a session feeds it. When the audio reaches an utterance's
/// start, the decoder reports speech; while the audio passes through it, partials grow word by
/// word; at its end comes the final. A session stopped in the middle of an utterance gets the
/// words heard so far as that utterance's final, as a real decoder would give.
public struct ScriptedRecognizer: SpeechRecognizer {
    /// One utterance of the script.
    public struct Utterance: Sendable, Hashable {
        /// The words, spread evenly over the utterance.
        public var words: [String]
        /// Where the utterance starts, in seconds of session audio.
        public var start: Double
        /// Where the utterance ends, in seconds of session audio.
        public var end: Double

        /// Creates a scripted utterance.
        /// - Parameters:
        ///   - text: The words, separated by spaces.
        ///   - start: Start time in seconds.
        ///   - end: End time in seconds.
        public init(_ text: String, from start: Double, to end: Double) {
            self.words = text.split(separator: " ").map(String.init)
            self.start = start
            self.end = end
        }
    }

    /// The sample rate the scripted decoder takes.
    public let sampleRate: Int
    private let utterances: [Utterance]
    private let locale: String
    private let loadError: DictationError?
    private let decodeError: (at: Double, error: DictationError)?
    private let decodeFailureCount: Int?

    /// Creates a scripted recognizer.
    /// - Parameters:
    ///   - utterances: The utterances, in order, not overlapping.
    ///   - locale: The one locale it claims to support.
    ///   - sampleRate: The rate it takes.
    ///   - loadError: An error ``makeDecoder(locale:segmentation:)`` throws, to test model failures.
    ///   - decodeError: An error decoding throws once the audio reaches the given time.
    ///   - decodeFailureCount: How many calls fail from then on; `nil` (the default): every one.
    public init(
        utterances: [Utterance], locale: String = "en-US", sampleRate: Int = 16_000,
        loadError: DictationError? = nil, decodeError: (at: Double, error: DictationError)? = nil,
        decodeFailureCount: Int? = nil
    ) {
        self.utterances = utterances
        self.locale = locale
        self.sampleRate = sampleRate
        self.loadError = loadError
        self.decodeError = decodeError
        self.decodeFailureCount = decodeFailureCount
    }

    /// The script's locale.
    /// - Returns: One locale identifier.
    public func supportedLocales() -> [String] { [locale] }

    /// Makes a decoder that follows the script.
    ///
    /// The script says where utterances are, so the decoder always segments by itself
    /// (``UtteranceSegmentation/recognizer``), whatever is asked.
    /// - Parameters:
    ///   - locale: Must be the script's locale.
    ///   - segmentation: Ignored.
    /// - Returns: A decoder at time zero.
    /// - Throws: The configured load error, or ``DictationError/Code/localeUnsupported`` for another locale.
    public func makeDecoder(locale: String, segmentation: UtteranceSegmentation) throws(DictationError)
        -> any SpeechDecoder
    {
        if let loadError { throw loadError }
        guard locale.lowercased() == self.locale.lowercased() else { throw DictationError.localeUnsupported(locale) }
        return ScriptedDecoder(script: self)
    }

    private final class ScriptedDecoder: SpeechDecoder {
        let script: ScriptedRecognizer
        var samplesFed = 0
        var next = 0
        var isOpen = false
        var wordsShown = 0
        lazy var failuresLeft: Int? = script.decodeFailureCount

        init(script: ScriptedRecognizer) { self.script = script }

        var locale: String { script.locale }

        func process(_ samples: [Float], reportPartials: Bool) throws(DictationError) -> [RecognitionUpdate] {
            samplesFed += samples.count
            let now = Double(samplesFed) / Double(script.sampleRate)
            if let failure = script.decodeError, now >= failure.at, failuresLeft.map({ $0 > 0 }) ?? true {
                failuresLeft = failuresLeft.map { $0 - 1 }
                throw failure.error
            }
            var updates: [RecognitionUpdate] = []
            while next < script.utterances.count {
                let utterance = script.utterances[next]
                if !isOpen {
                    guard now >= utterance.start else { break }
                    isOpen = true
                    wordsShown = 0
                    updates.append(.speechStarted(at: utterance.start))
                }
                if now >= utterance.end {
                    updates.append(.speechEnded(at: utterance.end))
                    updates.append(.final(transcript(utterance, wordCount: utterance.words.count)))
                    isOpen = false
                    next += 1
                    continue
                }
                let heard = wordsHeard(utterance, at: now)
                if reportPartials, heard > wordsShown {
                    wordsShown = heard
                    updates.append(.partial(transcript(utterance, wordCount: heard, withWords: false)))
                }
                break
            }
            return updates
        }

        func finish() throws(DictationError) -> [RecognitionUpdate] {
            guard isOpen, next < script.utterances.count else { return [] }
            let utterance = script.utterances[next]
            let now = Double(samplesFed) / Double(script.sampleRate)
            isOpen = false
            next += 1
            return [.speechEnded(at: now), .final(transcript(utterance, wordCount: wordsHeard(utterance, at: now)))]
        }

        private func wordsHeard(_ utterance: Utterance, at now: Double) -> Int {
            let length = max(utterance.end - utterance.start, 1e-9)
            let fraction = min(1, max(0, (now - utterance.start) / length))
            return Int((fraction * Double(utterance.words.count)).rounded(.down))
        }

        private func transcript(_ utterance: Utterance, wordCount: Int, withWords: Bool = true) -> Transcript {
            let step = (utterance.end - utterance.start) / Double(max(utterance.words.count, 1))
            let words = utterance.words.prefix(wordCount).enumerated().map { index, text in
                Word(
                    text: text, start: utterance.start + Double(index) * step,
                    end: utterance.start + Double(index + 1) * step, confidence: 0.9)
            }
            return Transcript(
                text: words.map(\.text).joined(separator: " "), words: withWords ? words : [],
                utteranceIndex: 0, startTime: utterance.start,
                endTime: words.last?.end ?? utterance.start)
        }
    }
}
