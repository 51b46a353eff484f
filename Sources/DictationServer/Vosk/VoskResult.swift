import DictationKit
import DictationStreamProtocol

/// vosk-server's replies: `{"partial": "..."}` while an utterance goes on, and
/// `{"text": "...", "result": [{"conf", "start", "end", "word"}]}` for what ended.
enum VoskResult {
    struct Word: Encodable {
        var conf: Double
        var start: Double
        var end: Double
        var word: String
    }

    private struct Partial: Encodable {
        var partial: String
    }

    private struct Final: Encodable {
        var text: String
        var result: [Word]?
    }

    static func partial(_ text: String) -> String {
        StreamJSON.encode(Partial(partial: text))
    }

    /// One result for the finals given (several finals that ended between two replies are
    /// joined into one, as vosk-server gives one reply per message). Without words, `result` is
    /// left out, as vosk-server does when words are off or nothing was said.
    static func final(_ transcripts: [Transcript], words: Bool) -> String {
        let text = transcripts.map(\.text).filter { !$0.isEmpty }.joined(separator: " ")
        let list = transcripts.flatMap(\.words).map {
            Word(conf: rounded($0.confidence), start: rounded($0.start), end: rounded($0.end), word: $0.text)
        }
        return StreamJSON.encode(Final(text: text, result: words && !list.isEmpty ? list : nil))
    }

    private static func rounded(_ value: Double) -> Double {
        value.isFinite ? (value * 1_000_000).rounded() / 1_000_000 : 0
    }
}
