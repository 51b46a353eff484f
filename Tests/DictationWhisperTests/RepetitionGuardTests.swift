import DictationKit
import Testing

@testable import DictationWhisper

/// Whisper's decoding loops ("I hate it, I hate it, I hate it, ...", seen on espeak-ng's Norwegian
/// with the base model) are kept once; people's own repetitions are not touched.
///
/// 25 minutes, like every suite: a test's clock runs from the start of the whole run, and a
/// minute ran out in a full run before these even got a thread.
@Suite(.timeLimit(.minutes(15))) struct RepetitionGuardTests {
    static func words(_ text: String) -> [Word] {
        text.split(separator: " ").enumerated().map { index, word in
            Word(text: String(word), start: Double(index), end: Double(index) + 0.5, confidence: 0.9)
        }
    }

    static func guarded(_ text: String) -> String {
        RepetitionGuard.removingLoops(from: words(text)).map(\.text).joined(separator: " ")
    }

    @Test func aPhraseSaidAgainAndAgainIsKeptOnce() {
        #expect(Self.guarded("Jeg hater det, I hate it, I hate it, I hate it, I hate it.") == "Jeg hater det, I hate it,")
        #expect(Self.guarded("Thank you. Thank you. Thank you.") == "Thank you.")
        #expect(Self.guarded("the the the the end") == "the end")
    }

    @Test func ordinaryRepetitionIsLeftAlone() {
        for text in ["No, no, I said so.", "It was very, very, very good.", "Go forward, go forward.", "We had had enough."] {
            #expect(Self.guarded(text) == text)
        }
    }

    @Test func theWordsKeptKeepTheirTimes() {
        let kept = RepetitionGuard.removingLoops(from: Self.words("so so so so so long"))
        #expect(kept.map(\.text) == ["so", "long"])
        #expect(kept.map(\.start) == [0, 5])
    }
}
