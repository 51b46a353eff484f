import Logging
import ServiceLifecycle

/// Ends the server's sessions cleanly on a graceful shutdown, before the HTTP server closes its
/// connections: no new session starts (clients are told `serverShuttingDown`), and each running
/// one decodes what it was given and tells its client, as it would at the end of its audio: a
/// stream gets its remaining events and `ended`, a vosk client its last result and close 1001,
/// an upload its response.
struct SessionDrain: Service {
    let slots: SessionSlots
    /// The longest the sessions get to end; those still going then are cancelled.
    let timeout: Duration
    let logger: Logger

    func run() async throws {
        do {
            try await gracefulShutdown()
        } catch {
            return  // Cancelled: the server ends at once, and so do its sessions.
        }
        logger.info("shutting down: ending the sessions", metadata: ["sessions": "\(slots.inUse)"])
        slots.shutDown()
        if await !slots.waitUntilAllReleased(timeout: timeout) {
            logger.warning("sessions still going after the shutdown's wait; cancelled", metadata: ["sessions": "\(slots.inUse)"])
        }
    }
}
