import DictationStreamProtocol
import Testing

@testable import DictationServer

/// A stream's segments, their frames taken as they come, and a segment sent again after a resume.
@Suite(.timeLimit(.minutes(1))) struct SegmentLedgerTests {
    @Test func framesOfASegmentSentAgainAfterAResumeAreSkippedUpToWhereTheSessionHasAudio() {
        var ledger = SegmentLedger()
        let first = StreamSegment(sequenceId: 0, startSampleIndex: 0, endSampleIndex: 8_000)
        ledger.record(first)
        let second = StreamSegment(sequenceId: 1, startSampleIndex: 8_000, endSampleIndex: 16_000)
        #expect(ledger.standing(of: second) == .next)
        // Half of the second segment's frames are taken, then the connection is lost.
        for frame in 0..<12 {
            let start = 8_000 + frame * 320
            #expect(ledger.framesToSkip(start: start, frames: 320) == 0)
            ledger.took(upTo: start + 320)
        }
        // The segment is still the next one: it was never whole, so never acknowledged.
        #expect(ledger.nextSequenceId == 1 && ledger.nextSampleIndex == 8_000)
        #expect(ledger.standing(of: second) == .next)
        // Sent again from its start: the 12 frames the session has are skipped, the rest taken.
        #expect(ledger.framesToSkip(start: 8_000, frames: 320) == 320)
        #expect(ledger.framesToSkip(start: 8_000 + 11 * 320, frames: 320) == 320)
        #expect(ledger.framesToSkip(start: 8_000 + 12 * 320, frames: 320) == 0)
        // A frame that straddles the point: its first part is skipped.
        #expect(ledger.framesToSkip(start: 8_000 + 12 * 320 - 100, frames: 320) == 100)
        ledger.took(upTo: 16_000)
        ledger.record(second)
        #expect(ledger.nextSequenceId == 2 && ledger.nextSampleIndex == 16_000)
        #expect(ledger.framesToSkip(start: 16_000, frames: 320) == 0)
        #expect(ledger.standing(of: first) == .duplicate)
    }
}
