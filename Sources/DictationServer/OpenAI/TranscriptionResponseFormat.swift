import DictationKit
import DictationStreamProtocol
import Foundation

/// The `response_format`s of OpenAI's transcription endpoint, and how each writes a transcript.
enum TranscriptionResponseFormat: String, Sendable, CaseIterable {
    case json, text, srt, vtt
    case verboseJSON = "verbose_json"

    var contentType: String {
        switch self {
        case .json, .verboseJSON: "application/json"
        case .text: "text/plain; charset=utf-8"
        case .srt: "application/x-subrip; charset=utf-8"
        case .vtt: "text/vtt; charset=utf-8"
        }
    }

    /// The response body for the finals of one upload.
    /// - Parameters:
    ///   - finals: The finals, in order, with written text when formatted.
    ///   - duration: Seconds of audio.
    ///   - locale: The locale recognized.
    ///   - words: Whether `verbose_json` lists words (`timestamp_granularities[]=word`).
    func body(finals: [Transcript], duration: Double, locale: String, words: Bool) -> String {
        let shown = finals.filter { !$0.text.isEmpty }.map { final -> Transcript in
            var written = final
            written.text = final.writtenText ?? final.text
            return written
        }
        let text = shown.map(\.text).joined(separator: " ")
        switch self {
        case .text: return text + "\n"
        case .json: return StreamJSON.encode(["text": text])
        case .srt, .vtt:
            var formatter = SubtitleFormatter(kind: self == .srt ? .srt : .vtt)
            return formatter.header + shown.map { formatter.cue(for: $0) }.joined()
        case .verboseJSON:
            return StreamJSON.encode(
                VerboseTranscription(
                    language: Self.languageName(of: locale), duration: Self.rounded(duration), text: text,
                    segments: shown.enumerated().map { index, final in
                        VerboseTranscription.Segment(
                            id: index, start: Self.rounded(final.startTime), end: Self.rounded(final.endTime), text: final.text,
                            averageLogProbability: Self.rounded(Self.averageLogConfidence(final)))
                    },
                    words: words
                        ? shown.flatMap(\.words).map {
                            VerboseTranscription.Word(word: $0.text, start: Self.rounded($0.start), end: Self.rounded($0.end))
                        } : nil))
        }
    }

    /// OpenAI's `verbose_json`: the language's English name, the duration, the text, segments
    /// (one per utterance) and, when asked, words with their times.
    private struct VerboseTranscription: Encodable {
        struct Segment: Encodable {
            var id: Int
            var seek = 0
            var start: Double
            var end: Double
            var text: String
            var tokens: [Int] = []
            var temperature = 0.0
            var averageLogProbability: Double
            var compressionRatio = 1.0
            var noSpeechProbability = 0.0

            /// OpenAI's names for the fields.
            enum CodingKeys: String, CodingKey {
                case id, seek, start, end, text, tokens, temperature
                case averageLogProbability = "avg_logprob"
                case compressionRatio = "compression_ratio"
                case noSpeechProbability = "no_speech_prob"
            }
        }

        struct Word: Encodable {
            var word: String
            var start: Double
            var end: Double
        }

        var task = "transcribe"
        var language: String
        var duration: Double
        var text: String
        var segments: [Segment]
        var words: [Word]?
    }

    private static func averageLogConfidence(_ final: Transcript) -> Double {
        guard !final.words.isEmpty else { return 0 }
        return final.words.map { log(max($0.confidence, 1e-6)) }.reduce(0, +) / Double(final.words.count)
    }

    /// The language's name in English, lowercased, as OpenAI gives it ("english").
    private static func languageName(of locale: String) -> String {
        let code = String(locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? "")
        let name = Locale(identifier: "en").localizedString(forLanguageCode: code) ?? code
        return name.lowercased()
    }

    private static func rounded(_ value: Double) -> Double {
        value.isFinite ? (value * 1000).rounded() / 1000 : 0
    }
}
