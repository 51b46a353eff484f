import DictationKit
import Testing

@testable import DictationDesktop

/// The ledger plans edits so that nothing is typed twice and "scratch that" erases exactly what
/// an utterance typed.
@Suite(.timeLimit(.minutes(25)))
struct TypingLedgerTests {
    @Test func utterancesAreSeparatedBySpacesExceptAtTheStartAndAfterALine() {
        var ledger = TypingLedger()
        #expect(ledger.edits(bringing: 0, to: "Hello.") == [.type("Hello.")])
        ledger.typed("Hello.", utterance: 0, window: "w")
        #expect(ledger.edits(bringing: 1, to: "How are you?") == [.type(" How are you?")])
        ledger.typed(" How are you?", utterance: 1, window: "w")
        ledger.typed("\n", utterance: 1, window: "w")
        #expect(ledger.edits(bringing: 2, to: "Bye.") == [.type("Bye.")])
        #expect(ledger.edits(bringing: 2, to: ", and bye.") == [.type(", and bye.")])
    }

    @Test func aFinalOnlyAddsWhatIsMissingAndErasesWhatChanged() {
        var ledger = TypingLedger()
        ledger.typed("Dear", utterance: 0, window: nil)
        ledger.typed(" John", utterance: 0, window: nil)
        #expect(ledger.edits(bringing: 0, to: "Dear John, thanks.") == [.type(", thanks.")])
        #expect(ledger.edits(bringing: 0, to: "Dear Joan.") == [.erase(2), .type("an.")])
        #expect(ledger.edits(bringing: 0, to: "Dear John") == [])
        // Words typed early are only ever added to.
        #expect(ledger.additions(bringing: 0, toAtLeast: "Dear Joan") == [])
        #expect(ledger.additions(bringing: 0, toAtLeast: "Dear John and") == [.type(" and")])
        ledger.erased(3)
        #expect(ledger.text(of: 0) == "Dear J")
    }

    @Test func scratchReachesBackToTheUtteranceWithTheLayoutAfterIt() {
        var ledger = TypingLedger()
        ledger.typed("One.", utterance: 0, window: "a")
        ledger.typed(" Two.", utterance: 1, window: "a")
        ledger.typed("\n", utterance: 2, window: "a")
        let since = ledger.charactersSince(1)
        #expect(since?.count == 6)
        #expect(since?.windows == ["a"])
        ledger.erased(6)
        #expect(ledger.segments.map(\.text) == ["One."])
        #expect(ledger.charactersSince(1) == nil)
    }

    @Test func stablePrefixesHoldBackTheLastWordAndNumbers() {
        var partial = DictationKit.Transcript(
            text: "dear john how are", words: [], utteranceIndex: 0, startTime: 0, endTime: 1, stableWordCount: 3)
        partial.writtenText = "Dear John how are"
        #expect(StablePrefix.of(partial, raw: false) == "Dear John")
        #expect(StablePrefix.of(partial, raw: true) == "dear john how")
        partial = DictationKit.Transcript(
            text: "pay twenty five dollars", words: [], utteranceIndex: 0, startTime: 0, endTime: 1, stableWordCount: 4)
        partial.writtenText = "Pay $25"
        #expect(StablePrefix.of(partial, raw: false) == "Pay")
    }
}
