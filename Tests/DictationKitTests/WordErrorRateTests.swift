import DictationTesting
import Testing

@Suite(.timeLimit(.minutes(25))) struct WordErrorRateTests {
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

@Suite(.timeLimit(.minutes(25))) struct WrittenWordErrorRateTests {
    @Test func capitalsAndMarksCount() {
        #expect(WordErrorRate.written(reference: "Go forward 10 meters.", hypothesis: "Go forward 10 meters.").errors == 0)
        #expect(WordErrorRate.written(reference: "Go forward 10 meters.", hypothesis: "go forward 10 meters").errors == 2)
        #expect(WordErrorRate.written(reference: "Go forward 10 meters.", hypothesis: "Go forward ten meters.").errors == 1)
        #expect(WordErrorRate.written(reference: "Go forward 10 meters.", hypothesis: "x").referenceWords == 5)
        #expect(WordErrorRate.written(reference: "He said \"hello.\"", hypothesis: "He said \"hello\".").errors == 2)
        #expect(
            WordErrorRate(reference: "Go forward 10 meters.", hypothesis: "go forward 10 meters").errors == 0,
            "the plain one ignores both")
    }
}
