import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C: the first stops gracefully (the last final is still printed), the second ends at once.
final class InterruptHandler {
    private let source: any DispatchSourceSignal

    /// - Parameters:
    ///   - onFirstInterrupt: Stops the session gracefully.
    ///   - onSecondInterrupt: Cancels at once; by default the process exits with status 130.
    init(
        onFirstInterrupt: @escaping @Sendable () async -> Void,
        onSecondInterrupt: @escaping @Sendable () async -> Void = { _exit(130) }
    ) {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        let interrupts = Atomic<Int>(0)
        source.setEventHandler {
            switch interrupts.add(1, ordering: .relaxed).newValue {
            case 1: Task { await onFirstInterrupt() }
            case 2: Task { await onSecondInterrupt() }
            default: _exit(130)
            }
        }
        source.resume()
        self.source = source
    }

    func cancel() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
