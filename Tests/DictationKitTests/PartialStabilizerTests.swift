import Testing

@testable import DictationKit

/// Stable words: which leading words of a partial will not change any more.
@Suite(.timeLimit(.minutes(25))) struct PartialStabilizerTests {
    /// A search's hypothesis of an utterance that starts at 0 s, covering its audio up to `end`:
    /// its words evenly spread from `start` to `end`, each heard surely but the `unsure` ones.
    static func partial(
        _ text: String, from start: Double = 0, end: Double, timed: Bool = false, unsure: Set<String> = []
    ) -> Transcript {
        let words = text.split(separator: " ")
        let step = (end - start) / Double(max(1, words.count))
        return Transcript(
            text: text,
            words: timed
                ? words.enumerated().map { index, word in
                    Word(
                        text: String(word), start: start + Double(index) * step, end: start + Double(index + 1) * step,
                        confidence: unsure.contains(String(word)) ? 0.3 : 1)
                } : [],
            utteranceIndex: 0, startTime: 0, endTime: end)
    }

    static func word(_ text: String, _ start: Double, _ end: Double) -> Word {
        Word(text: text, start: start, end: end, confidence: 1)
    }

    /// A search's hypothesis of an utterance that starts at 0 s with its words at these times,
    /// each heard surely.
    static func search(_ words: [(String, Double, Double)], end: Double) -> Transcript {
        Transcript(
            text: words.map(\.0).joined(separator: " "), words: words.map { word($0.0, $0.1, $0.2) }, utteranceIndex: 0,
            startTime: 0, endTime: end)
    }

    /// A stabilizer whose searches agreed on "go forward ten meters", each word 0.6 s long from 0 s.
    static func goForwardTenMetersStable() -> PartialStabilizer {
        var stabilizer = PartialStabilizer(.agreed)
        _ = stabilizer.stabilize(partial("go forward ten", end: 1.5, timed: true))
        _ = stabilizer.stabilize(partial("go forward ten meters", end: 2, timed: true))
        let agreed = stabilizer.stabilize(partial("go forward ten meters now", end: 3, timed: true))
        #expect(agreed.stableWordCount == 4, "'go forward ten meters' heard alike by two searches 1 s apart: \(agreed.text)")
        return stabilizer
    }

    // MARK: One pass: words that stood unchanged for a while

    @Test func wordsBecomeStableAfterStandingUnchangedForTheHoldTime() {
        var stabilizer = PartialStabilizer(.held)
        #expect(stabilizer.stabilize(Self.partial("go", end: 0.4)).stableWordCount == 0)
        #expect(stabilizer.stabilize(Self.partial("go forward", end: 0.7)).stableWordCount == 0, "'go' stood 0.3 s")
        let held = stabilizer.stabilize(Self.partial("go forward ten", end: 0.9))
        #expect(held.stableWordCount == 1, "'go' stood 0.5 s; 'forward' only 0.2 s")
        #expect(held.stableText == "go" && held.volatileText == "forward ten")
        #expect(held.words.isEmpty, "a delivered partial carries no word times")
    }

    @Test func theLastWordIsNeverStableItMayStillGrow() {
        var stabilizer = PartialStabilizer(.held)
        _ = stabilizer.stabilize(Self.partial("an ill", end: 0.5))
        let later = stabilizer.stabilize(Self.partial("an ill", end: 3))
        #expect(later.stableWordCount == 1, "'ill' may still become 'illness'")
    }

    @Test func aChangeRestartsTheClockFromTheChangedWordOn() {
        var stabilizer = PartialStabilizer(.held)
        _ = stabilizer.stabilize(Self.partial("a b c", end: 0.2))
        _ = stabilizer.stabilize(Self.partial("a x c d", end: 0.6))
        let shown = stabilizer.stabilize(Self.partial("a x c d", end: 0.8))
        #expect(shown.stableWordCount == 1, "'a' stood since 0.2 s; 'x' only since 0.6 s")
    }

    @Test func stableWordsStayWhenTheSearchChangesItsMind() {
        var stabilizer = PartialStabilizer(.held)
        _ = stabilizer.stabilize(Self.partial("go forward ten", end: 0.2))
        #expect(stabilizer.stabilize(Self.partial("go forward ten meters", end: 0.8)).stableWordCount == 3)
        let revised = stabilizer.stabilize(Self.partial("so forward ten meters", end: 1.0))
        #expect(revised.text == "go forward ten meters", "the stable words lead, the new ones follow")
        #expect(revised.stableWordCount >= 3)
        stabilizer.reset()
        #expect(stabilizer.stabilize(Self.partial("so forward", end: 0.1)).stableWordCount == 0, "a new utterance")
    }

    // MARK: Two passes: words the whole-utterance search confirmed

    @Test func nothingIsStableBeforeAConfirmation() {
        var stabilizer = PartialStabilizer(.confirmed(sureWordConfidence: nil))
        let shown = stabilizer.stabilize(Self.partial("go forward ten meters", end: 5, timed: true))
        #expect(shown.text == "go forward ten meters")
        #expect(shown.stableWordCount == 0, "standing still is not enough with two passes")
    }

    @Test func confirmedWordsLeadAndTheStreamingWordsAfterThemInTimeFollow() {
        var stabilizer = PartialStabilizer(.confirmed(sureWordConfidence: nil))
        // The streaming search heard "so forward ten meters" over 0-2 s, half a second a word.
        _ = stabilizer.stabilize(Self.partial("so forward ten meters", end: 2, timed: true))
        let added = stabilizer.confirm(
            [Self.word("go", 0, 0.45), Self.word("forward", 0.5, 0.95), Self.word("tan", 1.0, 1.4)], upTo: 1.2, heard: 2.5)
        #expect(added)
        let shown = stabilizer.stabilize(Self.partial("so forward ten meters", end: 2, timed: true))
        #expect(shown.text == "go forward ten meters", "'tan' ends after the cutoff; 'ten' follows 'forward' in time")
        #expect(shown.stableWordCount == 2)
    }

    @Test func confirmationsOnlyAddWordsAfterTheStableOnes() {
        var stabilizer = PartialStabilizer(.confirmed(sureWordConfidence: nil))
        let first = stabilizer.confirm([Self.word("go", 0, 0.5)], upTo: 1, heard: 2.5)
        // A later search hears the start differently: the stable word stays, the new one is added.
        let second = stabilizer.confirm([Self.word("so", 0, 0.5), Self.word("forward", 0.6, 1.0)], upTo: 1.5, heard: 2.5)
        let again = stabilizer.confirm([Self.word("so", 0, 0.5), Self.word("forward", 0.6, 1.0)], upTo: 1.5, heard: 2.5)
        #expect(first && second)
        #expect(!again, "nothing new")
        let shown = stabilizer.stabilize(Self.partial("go forward ten", end: 1.6, timed: true))
        #expect(shown.stableText == "go forward")
        #expect(shown.volatileText == "ten")
    }

    @Test func aConfirmationThatHeardLessThanTwoSecondsOfTheUtteranceConfirmsNothing() {
        var stabilizer = PartialStabilizer(.confirmed(sureWordConfidence: nil))
        // Whisper's search of "Had he married" at 1.5 s, as a CI run's confirmations heard it.
        let early = [Self.word("How", 0, 0.3), Self.word("do", 0.3, 0.5), Self.word("you", 0.5, 0.7)]
        let confirmedEarly = stabilizer.confirm(early, upTo: 0.8, heard: 1.5)
        #expect(!confirmedEarly)
        #expect(stabilizer.stabilize(Self.partial("had he married", end: 1.6)).stableWordCount == 0)
        let later = [Self.word("Had", 0, 0.3), Self.word("he", 0.3, 0.5), Self.word("married", 0.5, 1.0)]
        let confirmedLater = stabilizer.confirm(later, upTo: 1.8, heard: PartialStabilizer.leastUtteranceHeard)
        #expect(confirmedLater)
        #expect(stabilizer.stabilize(Self.partial("had he married a", end: 2.6)).stableText == "Had he married")
    }

    @Test func aConfirmationStopsAtTheFirstWordItsDecoderHeardUnsurely() {
        let heard = [
            Word(text: "Unless", start: 0, end: 0.4, confidence: 0.9), Word(text: "to", start: 0.4, end: 0.6, confidence: 0.9),
            Word(text: "be", start: 0.6, end: 0.8, confidence: 0.3), Word(text: "rather", start: 0.8, end: 1.2, confidence: 0.9),
        ]
        var whisper = PartialStabilizer(.confirmed(sureWordConfidence: 0.5))
        let confirmedByWhisper = whisper.confirm(heard, upTo: 2, heard: 2.7)
        #expect(confirmedByWhisper)
        #expect(whisper.stabilize(Self.partial("unless to be rather cold", end: 2.7)).stableText == "Unless to")
        // A decoder whose confidences say nothing of how sure it was (PocketSphinx's).
        var pocketSphinx = PartialStabilizer(.confirmed(sureWordConfidence: nil))
        _ = pocketSphinx.confirm(heard, upTo: 2, heard: 2.7)
        #expect(pocketSphinx.stabilize(Self.partial("unless to be rather cold", end: 2.7)).stableText == "Unless to be rather")
    }

    @Test func aConfirmationThatHeardAWordMoreAtTheStartAddsNoStableWordAgain() {
        var stabilizer = PartialStabilizer(.confirmed(sureWordConfidence: nil))
        let first = [Self.word("Mr.", 0, 0.4), Self.word("Dashwood", 0.4, 1.0), Self.word("had", 1.0, 1.2)]
        let confirmedFirst = stabilizer.confirm(first, upTo: 1.8, heard: 2.5)
        #expect(confirmedFirst)
        // The next search hears "And" first and every word a little later: "had" from 1.3 to 1.5 s,
        // after the stable one by time.
        let second = [
            Self.word("And", 0, 0.2), Self.word("Mr.", 0.2, 0.6), Self.word("Dashwood", 0.6, 1.3), Self.word("had", 1.3, 1.5),
            Self.word("then", 1.5, 1.8), Self.word("leisure", 1.8, 2.4),
        ]
        let confirmedSecond = stabilizer.confirm(second, upTo: 2.8, heard: 3.5)
        #expect(confirmedSecond)
        let shown = stabilizer.stabilize(Self.partial("Mr. Dashwood had then leisure to", end: 3.5))
        #expect(shown.stableText == "Mr. Dashwood had then leisure", "\(shown.text)")
    }

    @Test func aPartialWithoutWordTimesFollowsTheStableWordsByCount() {
        var stabilizer = PartialStabilizer(.confirmed(sureWordConfidence: nil))
        _ = stabilizer.confirm([Self.word("go", 0, 0.5), Self.word("forward", 0.6, 1.0)], upTo: 1.5, heard: 2.5)
        let shown = stabilizer.stabilize(Self.partial("so forward ten meters", end: 2))
        #expect(shown.text == "go forward ten meters")
        #expect(shown.stableWordCount == 2)
    }

    @Test func theLastPartialHeardIsKeptToShowAgainWhenAConfirmationComes() {
        var stabilizer = PartialStabilizer(.confirmed(sureWordConfidence: nil))
        #expect(stabilizer.lastHeard == nil)
        let heard = Self.partial("go forward", end: 1, timed: true)
        _ = stabilizer.stabilize(heard)
        #expect(stabilizer.lastHeard == heard, "as the search made it, words and all")
        stabilizer.reset()
        #expect(stabilizer.lastHeard == nil)
    }

    // MARK: Searches of the utterance so far: words the searches of the last 0.6 s agree on

    @Test func wordsSearchesSpanningTheSpanAgreeOnBecomeStableButNeverTheNewestsLast() {
        var stabilizer = PartialStabilizer(.agreed)
        let first = stabilizer.stabilize(Self.partial("He was", end: 1, timed: true))
        #expect(first.text == "He was" && first.stableWordCount == 0, "one search agrees with nothing")
        // Words of 0.5 s: "He was" end at 1 s, "not" 0.5 s before the newest search's audio does.
        let second = stabilizer.stabilize(Self.partial("He was not an", end: 2, timed: true))
        #expect(second.text == "He was not an")
        #expect(second.stableWordCount == 2, "two searches a second apart heard 'He was'; the first not 'not'")
        let third = stabilizer.stabilize(Self.partial("He was not an ill", end: 2.3, timed: true))
        #expect(third.stableWordCount == 2, "the searches since 1 s must agree, and the first did not hear 'not an'")
        let fourth = stabilizer.stabilize(Self.partial("He was not an ill", end: 3, timed: true))
        #expect(fourth.stableWordCount == 4, "the searches since 2.3 s heard 'not an'; 'ill' is the newest search's last word")
        let fifth = stabilizer.stabilize(Self.partial("He was not an ill", end: 4, timed: true))
        #expect(fifth.text == "He was not an ill")
        #expect(fifth.stableWordCount == 4, "'ill' may still become 'ill-disposed'")
    }

    @Test func aWordTheNewestSearchHeardTooLittleAfterIsNotStableYet() {
        var stabilizer = PartialStabilizer(.agreed)
        // The speaker starts 1 s into the utterance.
        _ = stabilizer.stabilize(Self.partial("go forward ten", from: 1, end: 1.9, timed: true))
        _ = stabilizer.stabilize(Self.partial("go forward ten", from: 1, end: 2.2, timed: true))
        // Words of 0.4 s: "ten" ends at 2.2 s, 0.4 s before the newest search's audio does.
        let shown = stabilizer.stabilize(Self.partial("go forward ten meters", from: 1, end: 2.6, timed: true))
        #expect(
            shown.stableWordCount == 2, "'ten' has under \(PartialStabilizer.agreementRightContext) s after it: \(shown.text)")
        let later = stabilizer.stabilize(Self.partial("go forward ten meters", from: 1, end: 3.4, timed: true))
        #expect(later.stableWordCount == 3, "'ten' (2.2-2.8 s) now has 0.6 s after it; 'meters' is the last word")
    }

    @Test func searchesCloserTogetherThanTheSpanSettleNothingHoweverManyAgree() {
        var stabilizer = PartialStabilizer(.agreed)
        for end in [2.0, 2.1, 2.2, 2.3] {
            let shown = stabilizer.stabilize(Self.partial("go forward ten meters", from: 1, end: end, timed: true))
            #expect(
                shown.stableWordCount == 0,
                "searches from 2.0 s to \(end) s span less than \(PartialStabilizer.agreementSpan) s of audio")
        }
        // Words of 0.425 s from 1 s: the searches from 2.1 s on agree, and "go forward" end 0.6 s before 2.7 s.
        let spanning = stabilizer.stabilize(Self.partial("go forward ten meters", from: 1, end: 2.7, timed: true))
        #expect(spanning.stableWordCount == 2, "the searches from 2.1 to 2.7 s span 0.6 s: \(spanning.text)")
    }

    @Test func nothingIsStableBeforeTheSearchesHeardTwoSecondsOfTheUtterance() {
        var stabilizer = PartialStabilizer(.agreed)
        // Searches 0.6 s apart that agree, the words long heard: the first words of an utterance
        // are what Whisper mishears until it has heard more ("How do you" for "Had he").
        for end in [0.8, 1.4, 1.9] {
            let shown = stabilizer.stabilize(Self.partial("go forward ten meters", end: end, timed: true))
            #expect(
                shown.stableWordCount == 0,
                "a search of \(end) s heard less than \(PartialStabilizer.leastUtteranceHeard) s of the utterance")
        }
        let heard = stabilizer.stabilize(Self.partial("go forward ten meters", end: 2.5, timed: true))
        #expect(heard.stableWordCount == 3, "2.5 s heard, and 'ten' ended 0.6 s before: \(heard.text)")
    }

    @Test func aWordOneSearchHeardUnsurelyIsNotStableNorIsAnyAfterIt() {
        var stabilizer = PartialStabilizer(.agreed)
        _ = stabilizer.stabilize(Self.partial("go forward ten meters now", end: 2, timed: true))
        _ = stabilizer.stabilize(Self.partial("go forward ten meters now", end: 2.5, timed: true, unsure: ["ten"]))
        let shown = stabilizer.stabilize(Self.partial("go forward ten meters now", end: 3, timed: true))
        #expect(
            shown.stableWordCount == 2,
            "'ten' was heard with less than \(PartialStabilizer.agreementConfidence) once: \(shown.text)")
        #expect(shown.text == "go forward ten meters now")
    }

    @Test func aDisagreementStopsTheAgreementThere() {
        var stabilizer = PartialStabilizer(.agreed)
        _ = stabilizer.stabilize(Self.partial("go for want ten", end: 2, timed: true))
        _ = stabilizer.stabilize(Self.partial("go forward ten meters", end: 2.5, timed: true))
        let shown = stabilizer.stabilize(Self.partial("go forward ten meters please", end: 3, timed: true))
        #expect(shown.stableWordCount == 1, "only 'go' was heard alike by all three within 0.6 s and before: \(shown.text)")
        #expect(shown.text == "go forward ten meters please")
    }

    @Test func aStableWordStaysWhenALaterSearchHearsItOtherwise() {
        var stabilizer = Self.goForwardTenMetersStable()
        // A fourth search hears "so" at the start.
        let revised = stabilizer.stabilize(
            Self.search(
                [
                    ("so", 0, 0.6), ("forward", 0.6, 1.2), ("ten", 1.2, 1.8), ("meters", 1.8, 2.4), ("now", 2.4, 3.0),
                    ("please", 3.0, 3.6),
                ],
                end: 3.6))
        #expect(
            revised.text == "go forward ten meters now please", "the stable words lead; the words after them in time follow")
        #expect(revised.stableWordCount == 5, "'now' followed the stable words in the last two searches; 'please' is the last")
    }

    @Test func aSearchThatHearsTheLastStableWordLaterDoesNotRepeatIt() {
        var stabilizer = Self.goForwardTenMetersStable()
        // "meters" was stable from 1.8 to 2.4 s; this search hears "so" at the start, and "meters,"
        // from 2.1 to 2.9 s: by time alone it would follow the stable "meters".
        let revised = stabilizer.stabilize(
            Self.search(
                [
                    ("so", 0, 0.6), ("forward", 0.6, 1.2), ("ten", 1.2, 2.1), ("meters,", 2.1, 2.9), ("now", 2.9, 3.3),
                    ("please", 3.3, 3.6),
                ],
                end: 3.6))
        #expect(revised.text == "go forward ten meters now please")
        // A search with the stable words, only punctuated otherwise, follows them by place.
        let punctuated = stabilizer.stabilize(Self.partial("Go forward ten meters, now please.", end: 4.2, timed: true))
        #expect(punctuated.text == "go forward ten meters now please.", "\(punctuated.text)")
    }

    @Test func aSearchThatHearsAWordMoreAtTheStartDoesNotRepeatAShortStableWord() {
        var stabilizer = PartialStabilizer(.agreed)
        _ = stabilizer.stabilize(Self.partial("he had leisure to consider", end: 1.5, timed: true))
        _ = stabilizer.stabilize(Self.partial("he had leisure to consider how", end: 2.1, timed: true))
        let agreed = stabilizer.stabilize(Self.partial("he had leisure to consider how much", end: 3, timed: true))
        #expect(agreed.stableText == "he had leisure to consider", "\(agreed.text)")
        // "consider" became stable heard from 1.71 to 2.14 s; this search hears "And" first, and
        // every word after it later: "consider" from 2.2 to 2.6 s, after the stable one by time.
        let revised = stabilizer.stabilize(
            Self.search(
                [
                    ("And", 0, 0.3), ("he", 0.3, 0.7), ("had", 0.7, 1.1), ("leisure", 1.1, 1.7), ("to", 1.7, 2.2),
                    ("consider", 2.2, 2.6), ("how", 2.6, 2.9), ("much", 2.9, 3.2), ("there", 3.2, 3.5),
                ], end: 3.6))
        #expect(revised.text == "he had leisure to consider how much there", "\(revised.text)")
    }

    @Test func aNewUtteranceStartsWithNothingStable() {
        var stabilizer = Self.goForwardTenMetersStable()
        stabilizer.reset()
        #expect(
            stabilizer.stabilize(Self.partial("go forward ten meters", end: 3.6, timed: true)).stableWordCount == 0,
            "the searches of the utterance before count for nothing")
    }
}

/// The indices consumers see: 0, 1, 2, … in audio order, with no gaps, though with two passes
/// the next utterance's partials may come before the last one's final.
@Suite(.timeLimit(.minutes(25))) struct UtteranceNumberingTests {
    @Test func utterancesAreNumberedAsTheyFirstShowSomething() {
        var numbering = UtteranceNumbering()
        #expect(numbering.index(showing: 0) == 0)
        #expect(numbering.index(showing: 0) == 0, "the same utterance keeps its index")
        #expect(numbering.settle(0, isEmpty: false) == 0)
        #expect(numbering.index(showing: 1) == 1)
        #expect(numbering.settle(1, isEmpty: false) == 1)
    }

    @Test func anUtteranceThatShowedNothingAndHeardNothingIsNotReported() {
        var numbering = UtteranceNumbering()
        #expect(numbering.settle(0, isEmpty: true) == nil, "a cough: no index, no gap")
        #expect(numbering.settle(1, isEmpty: false) == 0)
        #expect(numbering.index(showing: 2) == 1)
    }

    @Test func theNextUtterancesPartialsReserveTheIndexOfTheFinalStillComing() {
        var numbering = UtteranceNumbering()
        // Utterance 0 showed nothing (its partials were skipped); its final pass is still running
        // when utterance 1 shows its first partial.
        #expect(numbering.index(showing: 1) == 1)
        #expect(numbering.isShown(0), "index 0 is reserved for it")
        #expect(numbering.settle(0, isEmpty: true) == 0, "so its final is delivered even if empty")
        #expect(numbering.settle(1, isEmpty: false) == 1)
        #expect(!numbering.isShown(1))
    }

    @Test func anUtteranceWithItsFinalIsSettledAndSoIsEveryOneBefore() {
        var numbering = UtteranceNumbering()
        #expect(!numbering.isSettled(0))
        _ = numbering.index(showing: 0)
        _ = numbering.settle(1, isEmpty: false)
        #expect(numbering.isSettled(0) && numbering.isSettled(1), "finals come in order")
        #expect(!numbering.isSettled(2))
    }
}
