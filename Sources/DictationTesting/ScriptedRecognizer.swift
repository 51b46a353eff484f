import DictationKit
import Foundation

/// A recognizer that "hears" a script instead of decoding audio, for tests of code built on DictationKit.
///
/// Time advances with the samples a session feeds it. When the audio reaches an utterance's
/// start, the decoder reports speech; while the audio passes through it, partials grow word by
/// word; at its end comes the final. A session stopped in the middle of an utterance gets the
/// words heard so far as that utterance's final, as a real decoder would give.
///
/// With `UtteranceSegmentation.endpointer` segmentation it is handed the utterances the
/// session's endpointer cuts instead, each with its start time, and hears the scripted words
/// that end inside them. It can be made slow on purpose (`realTimeFactor`), to test what a
/// session does when decoding can't keep up with the audio.
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
    private let realTimeFactor: Double
    private let segmentation: UtteranceSegmentation

    /// Creates a scripted recognizer.
    /// - Parameters:
    ///   - utterances: The utterances, in order, not overlapping.
    ///   - locale: The one locale it claims to support.
    ///   - sampleRate: The rate it takes.
    ///   - loadError: An error ``makeDecoder(_:)`` throws, to test model failures.
    ///   - decodeError: An error decoding throws once the audio reaches the given time.
    ///   - decodeFailureCount: How many calls fail from then on; `nil` (the default): every one.
    ///   - realTimeFactor: Seconds of work, spent waiting, per second of audio decoded; 0 (the
    ///     default) decodes at once, 2 is twice as slow as real time.
    ///   - segmentation: `UtteranceSegmentation.recognizer` (the default): the script says where
    ///     utterances are; `UtteranceSegmentation.endpointer`: the session's endpointer does.
    public init(
        utterances: [Utterance], locale: String = "en-US", sampleRate: Int = 16_000,
        loadError: DictationError? = nil, decodeError: (at: Double, error: DictationError)? = nil,
        decodeFailureCount: Int? = nil, realTimeFactor: Double = 0, segmentation: UtteranceSegmentation = .recognizer
    ) {
        self.utterances = utterances
        self.locale = locale
        self.sampleRate = sampleRate
        self.loadError = loadError
        self.decodeError = decodeError
        self.decodeFailureCount = decodeFailureCount
        self.realTimeFactor = realTimeFactor.isFinite ? max(0, realTimeFactor) : 0
        self.segmentation = segmentation
    }

    /// The script's locale.
    /// - Returns: One locale identifier.
    public func supportedLocales() -> [String] { [locale] }

    /// Makes a decoder that follows the script.
    ///
    /// It segments as the recognizer was made to (`segmentation` of ``init(utterances:locale:sampleRate:loadError:decodeError:decodeFailureCount:realTimeFactor:segmentation:)``),
    /// whatever is asked: a `StreamDecoder` or an `UtteranceDecoder`.
    /// - Parameter configuration: Its locale must be the script's; the rest is ignored.
    /// - Returns: A decoder at time zero.
    /// - Throws: The configured load error, or `DictationError.Code.localeUnsupported` for another locale.
    public func makeDecoder(_ configuration: DecoderConfiguration) throws(DictationError) -> any SpeechDecoder {
        if let loadError { throw loadError }
        let locale = configuration.locale
        guard locale.lowercased() == self.locale.lowercased() else { throw DictationError.localeUnsupported(locale) }
        // It takes no vocabulary, and says so, as a backend must.
        let notices: [DictationError] = configuration.vocabulary.isEmpty ? [] : [.vocabularyUnsupported()]
        switch segmentation {
        case .recognizer: return ScriptedStreamDecoder(script: self, notices: notices)
        case .endpointer: return ScriptedUtteranceDecoder(script: self, notices: notices)
        }
    }

    /// The script given a whole stream.
    private final class ScriptedStreamDecoder: ScriptedDecoder, StreamDecoder {}

    /// The script given the endpointer's utterances.
    private final class ScriptedUtteranceDecoder: ScriptedDecoder, UtteranceDecoder {}

    /// What both kinds do: the script followed through the audio given.
    private class ScriptedDecoder {
        let script: ScriptedRecognizer
        var samplesFed = 0
        var next = 0
        var isOpen = false
        var wordsShown = 0
        lazy var failuresLeft: Int? = script.decodeFailureCount
        /// Where the utterance the endpointer opened starts, in seconds.
        var utteranceStart: Double?

        /// What it could not honour of its configuration, until the session asks.
        var notices: [DictationError]

        init(script: ScriptedRecognizer, notices: [DictationError]) {
            self.script = script
            self.notices = notices
        }

        func takeNotices() -> [DictationError] {
            defer { notices = [] }
            return notices
        }

        var locale: String { script.locale }

        func process(_ samples: [Float], reportPartials: Bool) throws(DictationError) -> [RecognitionUpdate] {
            samplesFed += samples.count
            let now = Double(samplesFed) / Double(script.sampleRate)
            if script.realTimeFactor > 0 {
                Thread.sleep(forTimeInterval: Double(samples.count) / Double(script.sampleRate) * script.realTimeFactor)
            }
            if let failure = script.decodeError, now >= failure.at, failuresLeft.map({ $0 > 0 }) ?? true {
                failuresLeft = failuresLeft.map { $0 - 1 }
                throw failure.error
            }
            if let start = utteranceStart {
                let heard = heardWords(from: start, to: now)
                guard reportPartials, heard.count > wordsShown else { return [] }
                wordsShown = heard.count
                return [
                    .partial(
                        Transcript(
                            text: heard.map(\.text).joined(separator: " "), utteranceIndex: 0, startTime: start, endTime: now))
                ]
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

        // MARK: Endpointer segmentation

        func beginUtterance(at time: Double) throws(DictationError) {
            utteranceStart = time
            samplesFed = Int((time * Double(script.sampleRate)).rounded())
            wordsShown = 0
        }

        func endUtterance() throws(DictationError) -> [RecognitionUpdate] {
            guard let start = utteranceStart else { return try finish() }
            utteranceStart = nil
            let now = Double(samplesFed) / Double(script.sampleRate)
            let words = heardWords(from: start, to: now)
            return [
                .final(
                    Transcript(
                        text: words.map(\.text).joined(separator: " "), words: words, utteranceIndex: 0,
                        startTime: words.first?.start ?? start, endTime: words.last?.end ?? now))
            ]
        }

        /// The scripted words that end between two times, with their times.
        private func heardWords(from start: Double, to end: Double) -> [Word] {
            script.utterances.flatMap { transcript($0, wordCount: $0.words.count).words }
                .filter { $0.end > start && $0.end <= end + 1e-9 }
        }

        func finish() throws(DictationError) -> [RecognitionUpdate] {
            guard utteranceStart == nil else { return try endUtterance() }
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
