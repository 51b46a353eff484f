import DictationKit
import Testing

@testable import DictationPocketSphinx

@Suite("Decoder parts", .timeLimit(.minutes(25)))
struct DecoderPartsTests {
    @Test("Fillers are recognized and pronunciation suffixes stripped")
    func fillers() {
        for filler in ["<s>", "</s>", "<sil>", "[NOISE]", "[breath]", "++UM++", ""] {
            #expect(RecognizedSegment.isFiller(filler), "\(filler)")
        }
        for word in ["go", "c++", "(laughs)", "++"] {
            #expect(!RecognizedSegment.isFiller(word), "\(word)")
        }
        #expect(RecognizedSegment.baseWord("read(2)") == "read")
        #expect(RecognizedSegment.baseWord("read(12)") == "read")
        #expect(RecognizedSegment.baseWord("(2)") == "(2)")
        #expect(RecognizedSegment.baseWord("f(x)") == "f(x)")
        #expect(RecognizedSegment.cleanText("<s> go(2) [NOISE] forward <sil> </s>") == "go forward")
    }

    @Test("Segment frames become word times; fillers are dropped")
    func words() {
        let segments = [
            RecognizedSegment(word: "<s>", startFrame: 88, endFrame: 101, confidence: 1),
            RecognizedSegment(word: "go", startFrame: 147, endFrame: 164, confidence: 0.9),
            RecognizedSegment(word: "forward(2)", startFrame: 165, endFrame: 217, confidence: 1.0),
        ]
        let words = segments.words(frameOffset: 0, frameRate: 100)
        #expect(
            words == [
                Word(text: "go", start: 1.47, end: 1.65, confidence: 0.9),
                Word(text: "forward", start: 1.65, end: 2.18, confidence: 1),
            ])
        #expect(segments.words(frameOffset: 100, frameRate: 100).first?.start == 2.47)
    }

    @Test("The clock tells stream-numbered segment frames from utterance-numbered ones")
    func clock() {
        var clock = UtteranceClock(sampleRate: 16_000, frameRate: 100, preSpeechFrames: 20)
        clock.advance(by: 17_600)  // 1.1 s
        clock.beginUtterance()
        clock.observe(framesSearched: 4)
        #expect(clock.estimatedStartFrame == 106)
        clock.advance(by: 1_600)
        clock.observe(framesSearched: 28)  // the search caught up: a better estimate
        #expect(clock.estimatedStartFrame == 92)
        clock.advance(by: 1_600)
        clock.observe(framesSearched: 30)  // fell behind again: keep the better one
        #expect(clock.estimatedStartFrame == 92)
        #expect(clock.estimatedStart == 0.92)
        #expect(clock.frameOffset(firstSegmentFrame: 88) == 0, "stream-numbered")
        #expect(clock.frameOffset(firstSegmentFrame: 0) == 92, "utterance-numbered")
        #expect(clock.frameOffset(firstSegmentFrame: 75) == 0, "stream-numbered, the estimate a little late")

        clock.beginUtterance()
        #expect(clock.estimatedStartFrame == nil)
        #expect(clock.estimatedStart == clock.now)
        #expect(clock.frameOffset(firstSegmentFrame: 0) == 0)
    }

    @Test("When speech is heard, the utterance started at least the pre-speech buffer back")
    func speechStartBound() {
        var clock = UtteranceClock(sampleRate: 16_000, frameRate: 100, preSpeechFrames: 20)
        clock.advance(by: 16_000)
        clock.beginUtterance()
        clock.observe(framesSearched: 4)
        clock.observeSpeechStart()
        #expect(clock.estimatedStartFrame == 80)
        clock.advance(by: 1_600)
        clock.observe(framesSearched: 35)
        #expect(clock.estimatedStartFrame == 75)

        // At the very start the estimate is a few frames late and the segments start at 0: both
        // numberings agree, and the segments' own frames are the better times.
        var early = UtteranceClock(sampleRate: 16_000, frameRate: 100, preSpeechFrames: 20)
        early.advance(by: 1_600)
        early.observe(framesSearched: 4)
        #expect(early.estimatedStartFrame == 6)
        #expect(early.frameOffset(firstSegmentFrame: 0) == 0)
    }
}
