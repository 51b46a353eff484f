import Foundation

/// What a thread of this process is doing, as the kernel says (`/proc/self/task/TID/stat`): how a
/// test knows that a reader it started is blocked in its wait (a real-time pacing sleep, a
/// `poll(2)` on a quiet pipe) before it interrupts it, instead of sleeping and hoping it is.
package enum ThreadActivity {
    /// The kernel's id of the calling thread (from `/proc/thread-self`, `PID/task/TID`).
    package static func currentThreadID() -> Int32? {
        guard let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self") else { return nil }
        return link.split(separator: "/").last.flatMap { Int32($0) }
    }

    /// Whether a thread of this process is asleep in a wait the kernel may interrupt (state `S`:
    /// blocked on a lock, a condition, a timer, `poll(2)`, a read), rather than running.
    package static func isWaiting(_ threadID: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/self/task/\(threadID)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        // "TID (name) STATE ...": the name may hold spaces and parentheses.
        return stat[stat.index(after: close)...].split(separator: " ").first == "S"
    }
}
