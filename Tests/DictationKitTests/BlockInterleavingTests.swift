import DictationKit
import DictationTestSupport
import DictationTesting
import Foundation
import Testing

/// Any interleaving of pause, resume, commit, stop and cancel from several tasks leaves a
/// consistent session: legal state changes only, every final in exactly one block, the contract
/// of one final per utterance kept, and a run that ends.
@Suite(.timeLimit(.minutes(25))) struct BlockInterleavingTests {
    /// The state changes the machine allows (DictationState's diagram).
    static let legal: Set<[DictationState]> = [
        [.idle, .listening],
        [.listening, .paused], [.paused, .listening],
        [.listening, .processing], [.paused, .processing],
        [.processing, .listening], [.processing, .paused], [.processing, .idle],
        [.listening, .idle], [.paused, .idle],
    ]

    @Test(arguments: 0..<40)
    func randomInterleavingsLeaveAConsistentSession(seed: UInt64) async throws {
        // A microphone playing 8 s of audio at 16 times real time, then silence until stopped.
        let source = ReadCountingSource(
            wrapping: InMemoryAudioSource(samples: BlockTests.silence(seconds: 8), ending: .silence, speed: 16))
        let session = DictationSession(
            source: source, preprocessing: PassthroughPreprocessing(),
            recognizer: ScriptedRecognizer(utterances: BlockTests.script))
        let collector = BlockTests.Collector(try await session.start(BlockTests.options))
        // Four tasks, each making random requests at random moments: after a random stretch of
        // the audio (up to 0.64 s of it), or at once once the run has ended.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    var random = SplitMix64(seed: seed &* 31 &+ UInt64(worker))
                    for _ in 0..<8 {
                        let moment = source.framesRead + Int.random(in: 0...10_240, using: &random)
                        try await waitUntil("the source has played to frame \(moment), or the run has ended") {
                            source.framesRead >= moment || collector.isFinished
                        }
                        // Stop and cancel are rarer, so that most runs see many toggles first.
                        let roll = Int.random(in: 0..<60, using: &random)
                        switch roll {
                        case 0: await session.cancel()
                        case 1: await session.stop()
                        case 2..<20: await session.pause()
                        case 20..<40: await session.resume()
                        default: await session.commit()
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        await session.stop()
        let events = try await collector.waitForEnd()
        let context = Comment(rawValue: "seed \(seed)")

        // States: from listening to idle, every step legal, no repeats.
        let states = [DictationState.idle] + events.states
        #expect(states.count >= 3, context)
        #expect(states.last == .idle, context)
        for step in zip(states, states.dropFirst()) {
            #expect(Self.legal.contains([step.0, step.1]), "illegal \(step.0) → \(step.1), \(context)")
        }
        #expect(session.state == .idle, context)

        // The per-utterance contract: partials of the open utterance, then exactly one final.
        var next = 0
        for event in events {
            switch event {
            case .partial(let transcript):
                #expect(transcript.utteranceIndex == next, context)
            case .final(let transcript):
                #expect(transcript.utteranceIndex == next, context)
                next += 1
            default:
                break
            }
        }

        // Every final lies in exactly one block, committed or discarded, in order.
        var blocks: [DictationBlock] = []
        for event in events {
            switch event {
            case .blockCommitted(let block), .blockDiscarded(let block): blocks.append(block)
            default: break
            }
        }
        #expect(blocks.map(\.index) == Array(0..<blocks.count), context)
        #expect(blocks.flatMap(\.utterances) == events.finals, context)
        #expect(session.committedBlocks == BlockTests.committed(events), context)
        // Nothing follows the end: a block discarded by cancel is the last block.
        if let discarded = blocks.lastIndex(where: { block in
            events.contains(.blockDiscarded(block))
        }) {
            #expect(discarded == blocks.count - 1, context)
        }
    }
}
