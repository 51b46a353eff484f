import Foundation
import Testing

@testable import DictationWhisper

/// A live decoding gives whisper.cpp only the cores other work leaves free, at least one: other
/// programs' busy threads are seen in `/proc`, this process's own decodings by what they hold.
@Suite(.timeLimit(.minutes(25))) struct WhisperThreadShareTests {
    @Test func theThreadsAreTheCoresOtherWorkLeavesFreeAtLeastOneAtMostTheWanted() {
        #expect(WhisperThreadShare.threads(wanted: 2, cores: 2, busy: 0) == 2)
        #expect(WhisperThreadShare.threads(wanted: 2, cores: 2, busy: 1) == 1)
        #expect(WhisperThreadShare.threads(wanted: 2, cores: 2, busy: 5) == 1)
        #expect(WhisperThreadShare.threads(wanted: 4, cores: 8, busy: 3) == 4)
        #expect(WhisperThreadShare.threads(wanted: 8, cores: 8, busy: 3) == 5)
        #expect(WhisperThreadShare.threads(wanted: 0, cores: 2, busy: 0) == 1)
        #expect(WhisperThreadShare.threads(wanted: 3, cores: 2, busy: nil) == 3, "unknown: as wanted")
    }

    @Test func anotherProgramsBusyLoopsAreSeenAndThisProcesssOwnThreadsAreNot() async throws {
        #expect(try #require(WhisperThreadShare.otherProgramsRunning()) >= 0)
        // Two threads of this process that spin are this process's, to be taken off the machine's.
        let stop = LockedFlag()
        for _ in 0..<2 { Thread { while !stop.isSet {} }.start() }
        var ownMost = 0
        let ownDeadline = ContinuousClock.now + .seconds(60)
        while ownMost < 3, ContinuousClock.now < ownDeadline {
            ownMost = max(ownMost, WhisperThreadShare.runnableInProcess() ?? 0)
            try await Task.sleep(for: .milliseconds(5))
        }
        stop.set()
        #expect(ownMost >= 3, "the two spinning threads and the caller are this process's runnable threads")

        // Two busy loops in another program are. Each loop is a process of its own, killed with
        // SIGKILL (this process may ignore SIGTERM, and its children with it), and none holds
        // this process's output, which the test runner reads to its end.
        let loops = try (0..<2).map { _ in
            let loop = Process()
            loop.executableURL = URL(fileURLWithPath: "/bin/sh")
            loop.arguments = ["-c", "while :; do :; done"]
            loop.standardInput = FileHandle.nullDevice
            loop.standardOutput = FileHandle.nullDevice
            loop.standardError = FileHandle.nullDevice
            try loop.run()
            return loop
        }
        defer {
            for loop in loops {
                kill(loop.processIdentifier, SIGKILL)
                loop.waitUntilExit()
            }
        }
        var most = 0
        let deadline = ContinuousClock.now + .seconds(60)
        while most < 2, ContinuousClock.now < deadline {
            most = max(most, WhisperThreadShare.otherProgramsRunning() ?? 0)
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(most >= 2, "the other program's two busy loops are runnable")
    }

    @Test func decodingsInThisProcessShareTheCores() {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        // A fixed count is taken as it is, and counted.
        let fixed = WhisperThreadShare.reserve(wanted: cores, adapts: false)
        #expect(fixed == cores)
        // With every core held by that decoding, an adapting one gets the one thread left to all.
        let adapting = WhisperThreadShare.reserve(wanted: cores, adapts: true)
        #expect(adapting == 1)
        WhisperThreadShare.release(adapting)
        WhisperThreadShare.release(fixed)
    }

    @Test func aFileDecodingWaitsForTheCoresThisProcessHoldsInsteadOfCrowdingThem() async throws {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let waitingBefore = WhisperThreadShare.waitingDecodings
        let all = WhisperThreadShare.reserve(wanted: cores, adapts: false)
        let through = LockedFlag()
        Thread {
            let one = WhisperThreadShare.reserve(wanted: 1, adapts: false)
            through.set()
            WhisperThreadShare.release(one)
        }.start()
        let deadline = ContinuousClock.now + .seconds(60)
        while WhisperThreadShare.waitingDecodings <= waitingBefore, !through.isSet, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(!through.isSet, "a second decoding got threads while every core was held")
        WhisperThreadShare.release(all)
        while !through.isSet, ContinuousClock.now < deadline + .seconds(60) {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(through.isSet, "the waiting decoding got its thread once the cores were given back")
    }
}

/// A flag threads can read while another sets it.
private final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
