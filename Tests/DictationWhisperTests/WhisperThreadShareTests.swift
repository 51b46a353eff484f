import Foundation
import Testing

@testable import DictationWhisper

/// A live decoding gives whisper.cpp only the cores other work leaves free, at least one; a
/// busy loop beside it is seen in `/proc/stat`.
@Suite(.timeLimit(.minutes(25))) struct WhisperThreadShareTests {
    @Test func theThreadsAreTheCoresOtherWorkLeavesFreeAtLeastOneAtMostTheWanted() {
        #expect(WhisperThreadShare.threads(wanted: 2, cores: 2, othersRunning: 0) == 2)
        #expect(WhisperThreadShare.threads(wanted: 2, cores: 2, othersRunning: 1) == 1)
        #expect(WhisperThreadShare.threads(wanted: 2, cores: 2, othersRunning: 5) == 1)
        #expect(WhisperThreadShare.threads(wanted: 4, cores: 8, othersRunning: 3) == 4)
        #expect(WhisperThreadShare.threads(wanted: 8, cores: 8, othersRunning: 3) == 5)
        #expect(WhisperThreadShare.threads(wanted: 0, cores: 2, othersRunning: 0) == 1)
        #expect(WhisperThreadShare.threads(wanted: 3, cores: 2, othersRunning: nil) == 3, "unknown: as wanted")
    }

    @Test func busyThreadsOfThisProcessAreCountedAsRunning() async throws {
        let before = try #require(WhisperThreadShare.othersRunning())
        #expect(before >= 0)
        // Two threads that spin until told to stop are runnable the whole time.
        let stop = ManagedAtomicFlag()
        let spinners = (0..<2).map { _ in
            let thread = Thread { while !stop.isSet {} }
            thread.start()
            return thread
        }
        defer { stop.set() }
        _ = spinners
        var seen = 0
        let deadline = ContinuousClock.now + .seconds(60)
        while seen < 2, ContinuousClock.now < deadline {
            seen = max(seen, WhisperThreadShare.othersRunning() ?? 0)
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(seen >= 2, "the two spinning threads are runnable beside the caller")
    }
}

/// A flag threads can read while another sets it.
private final class ManagedAtomicFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
