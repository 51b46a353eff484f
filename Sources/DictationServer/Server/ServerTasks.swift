import ServiceLifecycle

/// The server's work that outlives the connection it began on: a stream session's events (its
/// client may resume on another connection) and the wait for that resume. It runs as child tasks
/// of the server's own, not as unstructured tasks, so the server's end ends it: on a graceful
/// shutdown (after ``SessionDrain`` has let the sessions end) what is left is cancelled.
struct ServerTasks: Service {
    private let jobs: AsyncStream<@Sendable () async -> Void>
    private let continuation: AsyncStream<@Sendable () async -> Void>.Continuation

    init() {
        (jobs, continuation) = AsyncStream.makeStream()
    }

    /// Runs `job` as a child of the server's task; nothing runs once the server has ended.
    func add(_ job: @escaping @Sendable () async -> Void) {
        continuation.yield(job)
    }

    func run() async throws {
        await withDiscardingTaskGroup { group in
            for await job in jobs.cancelOnGracefulShutdown() {
                group.addTask { await job() }
            }
            group.cancelAll()
        }
    }
}
