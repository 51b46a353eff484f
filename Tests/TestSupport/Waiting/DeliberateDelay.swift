import Foundation

/// The slowness of a fake that is slow on purpose: a recognizer that takes time over every
/// buffer, as a slow model does; a store that takes time over every save, as a slow disk does.
///
/// The delay is the condition the test sets up (a latency the metrics must count, a save that
/// would lose a race against the consumer if it came after delivery), not a way to order events:
/// nothing the test waits for depends on how long it lasts.
package enum DeliberateDelay {
    /// Blocks the calling thread (the fake's caller: an audio or a decoding thread) for `duration`.
    package static func take(_ duration: Duration) {
        Thread.sleep(forTimeInterval: duration.timeInterval)
    }
}
