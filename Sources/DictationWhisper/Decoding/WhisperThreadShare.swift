import DictationKit
import Foundation
import Glibc
import Synchronization

/// How many threads a live decoding gives whisper.cpp: as many as it may use, fewer while other
/// work already keeps the cores busy.
///
/// whisper.cpp's threads meet at a barrier after every step of the network, and wait there by
/// spinning, not sleeping. With the cores to themselves that is fastest; when another program
/// (a build, a second decoding) holds a core, a thread spins through its whole time slice
/// waiting for one that is not running, and a decoding that takes 0.5 s on a quiet machine took
/// 10-45 s (two threads on two cores beside a test run; `dictation-latency`, see
/// docs/benchmarks.md). One thread needs no barrier, and slows down only by the share of the
/// core it gets. So before each live decoding, what keeps cores busy is taken off them, as
/// OpenMP's dynamic teams do with the load average, and whisper.cpp gets what is left, at least
/// one thread:
/// - other programs' threads that are runnable now: `procs_running` in `/proc/stat` less this
///   process's own runnable threads (`/proc/self/task`), the least of three readings a
///   millisecond apart, so that a thread that woke for a moment is not taken for work that holds
///   a core;
/// - the threads this process's other decodings hold (``reserve(wanted:adapts:)``), for which a
///   file's decoding, whose thread count is fixed, waits its turn instead, first come first served.
///
/// Only live decodings adapt: whisper.cpp's sums come out in an order that depends on the thread
/// count, and a file's transcript must not change with what else the machine was doing.
///
/// Searches that take only the free cores (a session's partials, ``startFreeSearch(wanted:)``)
/// hold none. A live decoding that asks waits a moment for them to stop (a session's partial
/// search stops when its final pass searches) before it counts what else runs, and does not count
/// their whisper.cpp workers as another program's: those run on Linux's idle cores only, never in
/// a decoding's way, and come and go with every step of the network, so `/proc/self/task` often
/// misses them where `procs_running` has them. Counted, they left 17 of 30 live finals of
/// `dictation-latency` one thread where two were free, and the search's two threads, one of them
/// starved by the final on the other core, spun at their barrier on the core the final had left.
/// What those searches read here are atomics, never a lock a decoding needs: a thread on idle
/// cores that is preempted holding a lock keeps it until a core falls idle.
enum WhisperThreadShare {
    /// The threads this process's decodings hold, and the turns of the decodings that wait for
    /// them.
    private static let cores = WaitableState(Holdings())
    /// ``Holdings/held``, for the searches on the free cores to read without the lock.
    private static let heldThreads = Atomic(0)
    /// Searches on the free cores that run now.
    private static let freeSearches = Atomic(0)
    /// The whisper.cpp workers of those searches: their threads less the searches' own.
    private static let freeSearchWorkers = Atomic(0)
    /// How long a live decoding waits for the searches on the free cores to stop before it counts
    /// what else runs. Its own session's search stops within a step of the network once its
    /// final pass searches and it gets a core; another session's search does not stop for it (a
    /// server's final then waits all of this), and on a machine whose other programs keep every
    /// core busy a search may not run at all.
    static let freeSearchesStopWait: Duration = .milliseconds(20)

    /// The threads held, and a ticket queue for the decodings of a fixed count.
    struct Holdings {
        /// The threads this process's decodings hold now.
        var held = 0
        /// The ticket the next waiting decoding draws.
        var nextTicket = 0
        /// The ticket whose turn it is: decodings take the cores in the order they asked, so that
        /// one that wants every core is not passed for ever by smaller ones.
        var serving = 0
    }

    /// The threads for a decoding that wants `wanted` on a machine with `cores` cores, of which
    /// `busy` are kept busy by other work.
    /// - Parameters:
    ///   - wanted: The most it may use (at least 1).
    ///   - cores: The cores of the machine.
    ///   - busy: Threads of other work that keep cores busy now; `nil` when unknown, which leaves
    ///     `wanted`.
    /// - Returns: Between 1 and `wanted`.
    static func threads(wanted: Int, cores: Int, busy: Int?) -> Int {
        let wanted = max(1, wanted)
        guard let busy else { return wanted }
        return max(1, min(wanted, cores - max(0, busy)))
    }

    /// Takes the threads for one decoding, and counts them as held until ``release(_:)``.
    ///
    /// A live decoding takes what is free at once, at least one thread. A decoding of a fixed
    /// count (a file's) waits its turn, first come first served, until this process's other
    /// decodings leave it room, rather than crowd the cores: two decodings of two threads on two
    /// cores each spun through the other's time slices. Other programs are not waited for: they
    /// may run for ever.
    /// - Parameters:
    ///   - wanted: The most the decoding may use.
    ///   - adapts: Whether it takes fewer while other work keeps the cores busy; otherwise it
    ///     takes `wanted`, once this process's other decodings leave that many cores (or none
    ///     holds any, when `wanted` is more than the cores).
    /// - Returns: The threads to give whisper.cpp, and how many other decodings it delays. Blocks
    ///   (about 2 ms when `adapts`, and up to ``freeSearchesStopWait`` more while searches on the
    ///   free cores stop; until its turn and room when not): call it from a thread of
    ///   your own, never from the cooperative pool.
    static func reserve(wanted: Int, adapts: Bool) -> Reservation {
        let machineCores = ProcessInfo.processInfo.activeProcessorCount
        guard adapts else {
            let wanted = max(1, wanted)
            let ticket = cores.withLock { holdings in
                defer { holdings.nextTicket += 1 }
                return holdings.nextTicket
            }
            return cores.waitAndTake { holdings -> Reservation? in
                guard holdings.serving == ticket, holdings.held == 0 || holdings.held + wanted <= machineCores else {
                    return nil
                }
                holdings.held += wanted
                heldThreads.store(holdings.held, ordering: .sequentiallyConsistent)
                holdings.serving += 1
                return Reservation(threads: wanted, othersDelayed: holdings.nextTicket - holdings.serving)
            }
        }
        let stopBy = ContinuousClock.now + freeSearchesStopWait
        while freeSearches.load(ordering: .sequentiallyConsistent) > 0, ContinuousClock.now < stopBy { usleep(500) }
        let workers = freeSearchWorkers.load(ordering: .sequentiallyConsistent)
        let elsewhere = otherProgramsRunning().map { max(0, $0 - workers) }
        return cores.withLock { holdings in
            let threads = Self.threads(wanted: wanted, cores: machineCores, busy: elsewhere.map { $0 + holdings.held })
            defer {
                holdings.held += threads
                heldThreads.store(holdings.held, ordering: .sequentiallyConsistent)
            }
            return Reservation(threads: threads, othersDelayed: holdings.held > 0 ? 1 : 0)
        }
    }

    /// What ``reserve(wanted:adapts:)`` took.
    struct Reservation: Equatable {
        /// The threads to give whisper.cpp, held until ``release(_:)``.
        let threads: Int
        /// How many of this process's other decodings this one's length delays: those that wait
        /// their turn behind it when it takes the cores (a server's sessions ending together);
        /// for a decoding that adapts, which takes what is free without waiting, one when others
        /// hold cores beside it.
        let othersDelayed: Int
    }

    /// Starts a search that gives way to every other decoding (a partial's): it takes what other
    /// programs and this process's decodings leave free, at least one thread, and holds none, so a
    /// decoding that starts meanwhile takes what it would have had while the search stops.
    /// - Parameter wanted: The most it may use.
    /// - Returns: Between 1 and `wanted` threads, counted as a running free search until
    ///   ``endFreeSearch(threads:)``. Blocks about 2 ms.
    static func startFreeSearch(wanted: Int) -> Int {
        freeSearches.add(1, ordering: .sequentiallyConsistent)
        let held = heldThreads.load(ordering: .sequentiallyConsistent)
        let threads = threads(
            wanted: wanted, cores: ProcessInfo.processInfo.activeProcessorCount,
            busy: otherProgramsRunning().map { $0 + held })
        freeSearchWorkers.add(threads - 1, ordering: .sequentiallyConsistent)
        return threads
    }

    /// The search ``startFreeSearch(wanted:)`` started, with `threads`, has ended.
    static func endFreeSearch(threads: Int) {
        freeSearchWorkers.subtract(threads - 1, ordering: .sequentiallyConsistent)
        freeSearches.subtract(1, ordering: .sequentiallyConsistent)
    }

    /// Gives back the threads ``reserve(wanted:adapts:)`` took.
    static func release(_ threads: Int) {
        cores.withLock { holdings in
            holdings.held = max(0, holdings.held - threads)
            heldThreads.store(holdings.held, ordering: .sequentiallyConsistent)
        }
    }

    /// Other programs' threads that are runnable now: the least of three readings, a
    /// millisecond apart, of `procs_running` less this process's runnable threads; `nil` when
    /// `/proc` can't be read.
    static func otherProgramsRunning() -> Int? {
        var least: Int?
        for reading in 0..<3 {
            if reading > 0 { usleep(1_000) }
            guard let all = runnableOnMachine(), let own = runnableInProcess() else { return nil }
            let others = max(0, all - own)
            least = min(least ?? others, others)
        }
        return least
    }

    /// `procs_running` in `/proc/stat`: the threads runnable this moment, on the whole machine.
    private static func runnableOnMachine() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("procs_running ") {
            return Int(line.dropFirst("procs_running ".count))
        }
        return nil
    }

    /// This process's threads in state `R` (the caller among them), from `/proc/self/task`.
    static func runnableInProcess() -> Int? {
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task") else { return nil }
        var running = 0
        for task in tasks {
            guard let stat = try? String(contentsOfFile: "/proc/self/task/\(task)/stat", encoding: .utf8) else { continue }
            // The state follows the name in parentheses, which may itself hold spaces and parentheses.
            guard let close = stat.lastIndex(of: ")") else { continue }
            if stat[close...].dropFirst().drop(while: { $0 == " " }).first == "R" { running += 1 }
        }
        return running
    }
}
