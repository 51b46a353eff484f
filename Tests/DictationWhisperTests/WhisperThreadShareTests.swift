import DictationTestSupport
import Foundation
import Testing

@testable import DictationWhisper

/// A live decoding gives whisper.cpp only the cores other work leaves free, at least one: other
/// programs' busy threads are seen in `/proc`, this process's own decodings by what they hold.
@Suite(.timeLimit(.minutes(15))) struct WhisperThreadShareTests {
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

    // A fixed count may wait for the cores other suites' decodings hold: every reservation that
    // can wait is made on a thread of its own, never on the cooperative pool, which a blocked
    // test would starve, and waits as long as the decodings queued before it may take.

    /// How long a reservation may wait for the decodings of the suites running beside this one.
    static let turnGuard: Duration = .seconds(900)

    @Test func decodingsInThisProcessShareTheCores() async throws {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let reservations = ThreadResult {
            () -> (fixed: WhisperThreadShare.Reservation, adapting: WhisperThreadShare.Reservation) in
            // A fixed count is taken as it is, and counted.
            let fixed = WhisperThreadShare.reserve(wanted: cores, adapts: false)
            // With every core held by that decoding, an adapting one gets the one thread left to
            // all, and learns that it slows another decoding down (it then searches greedily).
            let adapting = WhisperThreadShare.reserve(wanted: cores, adapts: true)
            WhisperThreadShare.release(adapting.threads)
            WhisperThreadShare.release(fixed.threads)
            return (fixed, adapting)
        }
        let taken = try await waitFor("both reservations", within: Self.turnGuard) { reservations.wait(within: .zero) }
        #expect(taken.fixed.threads == cores, "other suites' decodings may hold or wait: whether it saw them is theirs")
        #expect(taken.adapting == WhisperThreadShare.Reservation(threads: 1, othersDelayed: 1))
    }

    @Test func aFileDecodingWaitsForTheCoresThisProcessHoldsInsteadOfCrowdingThem() async throws {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let holder = HeldReservation(wanted: cores)
        defer { holder.giveBack() }
        // Once the holder has every core and blocks until told to give them back, a second
        // decoding must block too, in the reservation.
        try await waitUntil("the holder holds the cores", within: Self.turnGuard) { holder.isHolding }
        let second = try await Self.queuedDecoding("the second decoding")
        #expect(!second.isDone, "a second decoding got threads while every core was held")
        // A third queues behind the second.
        let third = try await Self.queuedDecoding("the third decoding")
        holder.giveBack()
        try await waitUntil("the waiting decoding gets its thread once the cores are given back", within: Self.turnGuard) {
            second.isDone
        }
        #expect(holder.thread.wait(within: .zero) == true)
        let waited = second.wait(within: .zero)
        #expect(waited?.threads == 1)
        #expect(
            (waited?.othersDelayed ?? 0) >= 1,
            "the third decoding waited behind it when it took its turn (a live one searches greedily)")
        try await waitUntil("the third decoding gets its turn", within: Self.turnGuard) { third.isDone }
    }

    /// A decoding of one thread on a thread of its own, once it blocks in its reservation (or
    /// has its thread already).
    private static func queuedDecoding(_ name: String) async throws -> ThreadResult<WhisperThreadShare.Reservation> {
        let decoding = ThreadResult { () -> WhisperThreadShare.Reservation in
            let one = WhisperThreadShare.reserve(wanted: 1, adapts: false)
            WhisperThreadShare.release(one.threads)
            return one
        }
        let id = try await waitFor("\(name)'s thread") { decoding.threadID }
        try await waitUntil("\(name) blocks") { ThreadActivity.isWaiting(id) || decoding.isDone }
        return decoding
    }
}

extension WhisperThreadShareTests {
    /// A session's partial searches take only the free cores: what this process's decodings hold
    /// is not free, and with every core held a search gets the one thread left to all.
    @Test func searchesOnTheFreeCoresTakeWhatTheProcesssDecodingsLeave() async throws {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let holder = HeldReservation(wanted: cores)
        defer { holder.giveBack() }
        try await waitUntil("the holder holds every core", within: Self.turnGuard) { holder.isHolding }
        let threads = WhisperThreadShare.startFreeSearch(wanted: cores)
        WhisperThreadShare.endFreeSearch(threads: threads)
        #expect(threads == 1, "every core was held: the search gets the one thread left to all")
        holder.giveBack()
        #expect(holder.thread.wait(within: .seconds(60)) == true)
    }

    @Test func decodingsOfAFixedCountTakeTheCoresInTheOrderTheyAsked() async throws {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let order = OrderLog()
        // One core held; then one decoding asks for every core, and after it one asks for one.
        // The second would fit beside the holder, but it asked later: it waits for the first.
        let holder = HeldReservation(wanted: 1)
        defer { holder.giveBack() }
        try await waitUntil("the holder holds a core", within: Self.turnGuard) { holder.isHolding }
        let everything = ThreadResult { () -> Bool in
            let all = WhisperThreadShare.reserve(wanted: cores, adapts: false).threads
            order.append("every core")
            WhisperThreadShare.release(all)
            return true
        }
        let everythingID = try await waitFor("the first asker's thread") { everything.threadID }
        try await waitUntil("the first asker waits") { ThreadActivity.isWaiting(everythingID) }
        let one = ThreadResult { () -> Bool in
            let single = WhisperThreadShare.reserve(wanted: 1, adapts: false).threads
            order.append("one core")
            WhisperThreadShare.release(single)
            return true
        }
        let oneID = try await waitFor("the second asker's thread") { one.threadID }
        try await waitUntil("the second asker waits or is through") { ThreadActivity.isWaiting(oneID) || one.isDone }
        holder.giveBack()
        try await waitUntil("both are through", within: Self.turnGuard) { everything.isDone && one.isDone }
        #expect(order.entries == ["every core", "one core"], "first come, first served")
        #expect(holder.thread.wait(within: .zero) == true)
    }
}

/// A decoding's reservation held on a thread of its own until ``giveBack()``, which a test calls
/// however it ends (in a `defer`): a reservation left behind would stall every later decoding of
/// the process in the queue.
private final class HeldReservation: Sendable {
    /// The holder's thread; its result is `true` once it has given the reservation back.
    let thread: ThreadResult<Bool>
    private let holding = LockedFlag()
    private let give = DispatchSemaphore(value: 0)
    private let given = LockedFlag()

    /// Reserves `wanted` threads of a fixed count, on a new thread.
    init(wanted: Int) {
        let (holding, give) = (holding, give)
        thread = ThreadResult {
            let threads = WhisperThreadShare.reserve(wanted: wanted, adapts: false).threads
            holding.set()
            give.wait()
            WhisperThreadShare.release(threads)
            return true
        }
    }

    /// Whether the reservation is taken.
    var isHolding: Bool { holding.isSet }

    /// Lets the holder give the reservation back; once, however often it is called.
    func giveBack() {
        guard !given.isSet else { return }
        given.set()
        give.signal()
    }
}

/// What threads did, in the order they did it.
private final class OrderLog: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    var entries: [String] { lock.withLock { list } }
    func append(_ entry: String) { lock.withLock { list.append(entry) } }
}

/// A flag threads can read while another sets it.
private final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
