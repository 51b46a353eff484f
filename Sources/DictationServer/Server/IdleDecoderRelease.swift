import Dictation
import Logging
import ServiceLifecycle

/// Gives the memory of a busy moment back: every so often, the decoders that sessions let go and
/// no session has taken for ``ServerLimits/idleDecoderSeconds`` are let go, and with the last of
/// them their model.
struct IdleDecoderRelease: Service {
    let recognizer: ReusingRecognizer
    let idle: Duration
    let logger: Logger

    /// How often the shelf is looked at: a tenth of the idle time, between 1 and 30 s.
    var interval: Duration { min(max(idle / 10, .seconds(1)), .seconds(30)) }

    func run() async throws {
        guard idle > .zero else { return }
        // The check ends with the group; a graceful shutdown needs nothing from it.
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try await Task.sleep(for: interval)
                let released = recognizer.releaseIdle(unusedFor: idle)
                if released > 0 { logger.debug("released idle decoders", metadata: ["count": "\(released)"]) }
            }
        }
    }
}
