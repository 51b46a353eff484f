import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C: the first stops gracefully (the last final is still printed), the second exits at once.
final class InterruptHandler {
    private let source: any DispatchSourceSignal

    init(onFirstInterrupt: @escaping @Sendable () async -> Void) {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        let interrupts = Atomic<Int>(0)
        source.setEventHandler {
            if interrupts.add(1, ordering: .relaxed).newValue == 1 {
                Task { await onFirstInterrupt() }
            } else {
                _exit(130)
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
