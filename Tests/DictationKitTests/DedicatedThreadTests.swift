import DictationKit
import Synchronization
import Testing

/// The library's own threads: started with `pthread_create` and its result checked, so that a
/// refused thread is an error and not work that silently never runs.
@Suite(.timeLimit(.minutes(25)))
struct DedicatedThreadTests {
    @Test func aThreadRunsItsBody() async throws {
        let ran = WaitableState(false)
        try DedicatedThread.start(name: "DictationKit.test") { ran.withLock { $0 = true } }
        let done = await DedicatedThread.run { ran.wait(until: { $0 }, timeout: .seconds(60)) }
        #expect(done)
    }

    /// A stack larger than the address space: `pthread_create` refuses it whatever the machine's
    /// overcommit setting, as it refuses a thread when the process has too many.
    @Test func aRefusedThreadIsACodedErrorAndItsBodyNeverRuns() throws {
        let ran = WaitableState(false)
        #expect {
            try DedicatedThread.start(name: "DictationKit.huge", stackSize: 1 << 52) { ran.withLock { $0 = true } }
        } throws: { error in
            guard let error = error as? DictationError else { return false }
            return error.code == .resourcesExhausted && error.isFatal && error.message.contains("DictationKit.huge")
        }
        #expect(!ran.read { $0 })
    }

    @Test func runReturnsWhatItsWorkReturns() async throws {
        let value = await DedicatedThread.run { 6 * 7 }
        #expect(value == 42)
        await #expect(throws: DictationError.self) {
            try await DedicatedThread.run { () throws(DictationError) -> Int in
                throw DictationError(code: .internal, message: "thrown on the thread")
            }
        }
    }
}
