import Synchronization

/// When the computer is making a sound, by the clock that stamps captured audio: what the
/// microphone must not take as the user's speech (``PlaybackGatedSource``).
///
/// The player records each sound before its first sample is written, from then until its end
/// as it expects it (its duration, the device's buffer and the room's echo), and lengthens it if
/// the device took longer. So every sample captured while a sound may be heard was captured after
/// its interval was known, and the gate, reading the captured audio later still, always sees it.
final class PlaybackTimeline: Sendable {
    /// How long an interval is kept after its end: longer than any capture backlog the gate reads.
    static let retention: Duration = .seconds(30)

    /// Left after a sound's end for its echo in the room and the capture's period
    /// (``AudioFeedback/Options/echoAllowance``).
    let echoTail: Duration
    private let intervals = Mutex<[Range<ContinuousClock.Instant>]>([])

    init(echoTail: Duration) {
        self.echoTail = echoTail
    }

    /// Records a sound being heard from `start` until `end` (the echo tail added here).
    func record(from start: ContinuousClock.Instant, until end: ContinuousClock.Instant) {
        intervals.withLock { intervals in
            let now = ContinuousClock.now
            intervals.removeAll { $0.upperBound < now - Self.retention }
            intervals.append(start..<max(start, end) + echoTail)
        }
    }

    /// Lengthens the last interval recorded to `end` (the echo tail added), if that is later.
    func extendLast(until end: ContinuousClock.Instant) {
        intervals.withLock { intervals in
            guard let last = intervals.last, last.upperBound < end + echoTail else { return }
            intervals[intervals.count - 1] = last.lowerBound..<end + echoTail
        }
    }

    /// Whether `instant` is inside an interval.
    func covers(_ instant: ContinuousClock.Instant) -> Bool {
        intervals.withLock { $0.contains { $0.contains(instant) } }
    }

    /// The intervals that overlap `range`.
    func intervals(overlapping range: Range<ContinuousClock.Instant>) -> [Range<ContinuousClock.Instant>] {
        intervals.withLock { $0.filter { $0.overlaps(range) } }
    }
}
