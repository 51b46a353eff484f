import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Threads of the library's own: blocking work (probing a device, loading a model, a download, a
/// child process) and the session's long-lived threads (audio, passes, capture), off
/// Swift concurrency's few cooperative threads.
///
/// Threads are made with `pthread_create` and its result is checked. Foundation's `Thread.start()`
/// ignores it: when the system refuses a thread (too many threads, too little memory), the
/// thread's work silently never runs, and a session whose audio thread never ran never finishes
/// its stream.
package enum DedicatedThread {
    /// Runs `work` on a new thread and waits for it without holding a cooperative thread.
    ///
    /// When the system refuses a thread, `work` runs on the caller's thread instead: late, but it
    /// runs and this returns.
    /// - Parameter work: The blocking work.
    /// - Returns: What `work` returns.
    /// - Throws: What `work` throws.
    package static func run<Value: Sendable, Failure: Error>(
        _ work: @escaping @Sendable () throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let result: Result<Value, Failure>? = await withCheckedContinuation { continuation in
            do {
                try start(name: "DictationKit.work") { continuation.resume(returning: Result(catching: work)) }
            } catch {
                continuation.resume(returning: nil)
            }
        }
        return try (result ?? Result(catching: work)).get()
    }

    /// Starts `body` on a new detached thread.
    /// - Parameters:
    ///   - name: The thread's name, as debuggers and `/proc` show it (Linux keeps 15 bytes).
    ///   - stackSize: The thread's stack in bytes; `nil` for the system's default.
    ///   - body: What the thread runs; it ends when `body` returns.
    /// - Throws: ``DictationError/Code/resourcesExhausted`` when the system refuses the thread;
    ///   `body` then never runs.
    package static func start(name: String, stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void)
        throws(DictationError)
    {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        if let stackSize { pthread_attr_setstacksize(&attributes, stackSize) }
        let context = Unmanaged.passRetained(ThreadBody(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(
            &thread, &attributes,
            { context in
                guard let context else { return nil }
                let body = Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue()
                body.run()
                return nil
            }, context)
        guard result == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            throw DictationError.threadRefused(name: name, errorNumber: result)
        }
    }
}

/// What a thread started by ``DedicatedThread/start(name:stackSize:_:)`` runs, carried through
/// `pthread_create`'s context pointer.
private final class ThreadBody: Sendable {
    let name: String
    let body: @Sendable () -> Void

    init(name: String, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
    }

    func run() {
        // Linux refuses a thread name longer than 15 bytes: "DictationKit.final" shows as "dk.final".
        let short = name.hasPrefix("DictationKit.") ? "dk." + name.dropFirst("DictationKit.".count) : name
        Thread.current.name = String(decoding: short.utf8.prefix(15), as: UTF8.self)
        body()
    }
}
