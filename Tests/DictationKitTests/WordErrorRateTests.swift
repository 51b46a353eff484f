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

@Suite(.timeLimit(.minutes(25))) struct StableWordsTakenBackTests {
    /// A CI run's LibriVox sentence: the partials left out "And" and "how", and the final has
    /// both. Compared by place, every stable word after "how" would count as well.
    @Test func aWordTheFinalAddsCountsOnceWhereItIs() {
        let stable = "Mr. John Dashwood had then leisure to consider much there might be prudently in his power to do"
        let final =
            "And Mr. John Dashwood had then leisure to consider how much there might be prudently in his power to do for them."
        let takenBack = WordErrorRate.stableWordsTakenBack(stable: stable, final: final)
        #expect(takenBack.errors == 2 && takenBack.referenceWords == 18)
    }

    @Test func theFinalsLaterWordsAreNoEditsButAChangedOrMissingStableWordIs() {
        #expect(Self.edits("He was not", "He was not an ill-disposed young man.") == 0)
        #expect(Self.edits("He was not an", "He was not ill-disposed.") == 1)
        #expect(Self.edits("How do you", "Had he married a more amiable woman") == 3)
        #expect(Self.edits("Go forward", "") == 2)
        #expect(WordErrorRate.stableWordsTakenBack(stable: "", final: "Go forward.").rate == 0)
    }

    @Test func aCommaACapitalOrAHyphenIsNoChangeOfWord() {
        #expect(Self.edits("a more amiable woman,", "A more amiable woman he might") == 0)
        #expect(Self.edits("rather cold-hearted and", "Rather coldhearted and rather") == 0)
        #expect(Self.edits("an old-sposed young", "An ill-disposed young man.") == 1)
    }

    static func edits(_ stable: String, _ final: String) -> Int {
        WordErrorRate.stableWordsTakenBack(stable: stable, final: final).errors
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
