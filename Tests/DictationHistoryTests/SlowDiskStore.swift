import DictationKit
import DictationTestSupport
import Foundation
import Synchronization

/// A store on a slow disk: each save takes 300 ms before the store it wraps writes (the delay is
/// the point, ``DeliberateDelay``), noting on a timeline when it began and ended.
///
/// The save of utterance 0 also waits until the consumer has received, since that save began, a
/// level, a speech start and a partial of a later utterance, for at most ten minutes (a hang
/// guard, long because a loaded test run can keep the consuming task from its thread for
/// minutes): a session that held them back behind a save would never let it, and the test fails
/// on the note it leaves.
final class SlowDiskStore: TranscriptStore {
    static let delay = 0.3
    private let store: any TranscriptStore
    private let timeline: SaveTimeline
    private let saveBegun: @Sendable (Int) -> Void
    private let state = Mutex<(sessions: [UUID], partialsHeldBack: Bool)>(([], false))

    /// - Parameters:
    ///   - store: The store that really keeps the finals.
    ///   - timeline: Where the saves are noted.
    ///   - saveBegun: Told each save's utterance as it begins (a test lets more audio come).
    init(_ store: any TranscriptStore, timeline: SaveTimeline, saveBegun: @escaping @Sendable (Int) -> Void = { _ in }) {
        self.store = store
        self.timeline = timeline
        self.saveBegun = saveBegun
    }

    /// The runs the store was told of.
    var sessionIDs: [UUID] { state.withLock { $0.sessions } }

    /// Whether the save of utterance 0 gave up waiting for the next utterance to show.
    var partialsHeldBack: Bool { state.withLock { $0.partialsHeldBack } }

    func sessionStarted(_ session: TranscriptSessionInfo) throws(DictationError) {
        state.withLock { $0.sessions.append(session.id) }
        try store.sessionStarted(session)
    }

    func save(_ final: Transcript, session: TranscriptSessionInfo) throws(DictationError) {
        let utterance = final.utteranceIndex
        timeline.note(.saveBegun(utterance))
        saveBegun(utterance)
        DeliberateDelay.take(.seconds(Self.delay))
        if utterance == 0 {
            let heard = timeline.entries.wait(
                until: { SaveTimeline.laterUtteranceReceived(during: 0, in: $0) }, timeout: .seconds(600))
            if !heard { state.withLock { $0.partialsHeldBack = true } }
        }
        try store.save(final, session: session)
        timeline.note(.saveEnded(utterance))
    }

    func sessionEnded(_ session: TranscriptSessionInfo, at date: Date) throws(DictationError) {
        try store.sessionEnded(session, at: date)
    }
}
