import DictationTesting
import Testing

@Suite struct WordErrorRateTests {
    @Test func countsSubstitutionsDeletionsAndInsertions() {
        #expect(WordErrorRate(reference: "go forward ten meters", hypothesis: "go forward ten meters").errors == 0)
        #expect(WordErrorRate(reference: "go forward ten meters", hypothesis: "go forward two meters").errors == 1)
        #expect(WordErrorRate(reference: "go forward ten meters", hypothesis: "go ten meters").errors == 1)
        #expect(WordErrorRate(reference: "go forward", hypothesis: "so go forward now").errors == 2)
        #expect(WordErrorRate(reference: "", hypothesis: "").rate == 0)
        #expect(WordErrorRate(reference: "a b c d", hypothesis: "").rate == 1)
    }

    @Test func normalisesCaseAndPunctuation() {
        #expect(WordErrorRate(reference: "Go forward, ten meters!", hypothesis: "go forward ten meters").errors == 0)
        #expect(WordErrorRate(reference: "don't", hypothesis: "dont").errors == 1)
    }

    @Test func addsUpOverRecordings() {
        let total = WordErrorRate(reference: "a b", hypothesis: "a") + WordErrorRate(reference: "c d e f", hypothesis: "c d e f")
        #expect(total.errors == 1 && total.referenceWords == 6)
    }
}
