import DictationKit
import Foundation

/// A transcript store on a very slow disk: it sleeps ``delay`` before each save, then saves in the
/// store it wraps. What the session does meanwhile is what `--history-store slow` measures.
final class SlowTranscriptStore: TranscriptStore {
    /// How long each save waits before it writes, in seconds.
    static let delay = 0.3
    private let store: any TranscriptStore

    init(_ store: any TranscriptStore) { self.store = store }

    func sessionStarted(_ session: TranscriptSessionInfo) throws(DictationError) {
        try store.sessionStarted(session)
    }

    func save(_ final: Transcript, session: TranscriptSessionInfo) throws(DictationError) {
        Thread.sleep(forTimeInterval: Self.delay)
        try store.save(final, session: session)
    }

    func sessionEnded(_ session: TranscriptSessionInfo, at date: Date) throws(DictationError) {
        try store.sessionEnded(session, at: date)
    }
}
