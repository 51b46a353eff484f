import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `URLSession` delegate of one HTTP transfer of ``ModelFileFetch``: checks the status,
/// writes each piece into the file as it comes, and says when the transfer has ended and how.
///
/// `@unchecked Sendable`: every stored property is a `let`, and the mutable state is behind the
/// `Mutex` (the session's queue writes it, the waiting thread reads it).
final class HTTPFetchDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct State {
        var sink: HashingSink
        var expected: Int?
        var failure: ModelFileFetch.Failure?
    }

    private let state: Mutex<State>
    private let done = DispatchSemaphore(value: 0)

    init(sink: HashingSink) {
        state = Mutex(State(sink: sink))
    }

    /// Waits for the end of the transfer.
    /// - Parameter seconds: How long to wait at most.
    /// - Returns: Whether it has ended.
    func waitUntilDone(seconds: Int) -> Bool {
        done.wait(timeout: .now() + .seconds(seconds)) == .success
    }

    /// The bytes received so far, and the length the server announced.
    var progress: (Int, Int?) {
        state.withLock { ($0.sink.bytes, $0.expected) }
    }

    /// What the transfer came to, once it has ended.
    var outcome: Result<HashingSink, ModelFileFetch.Failure> {
        state.withLock { state in
            if let failure = state.failure { return .failure(failure) }
            if let expected = state.expected, state.sink.bytes < expected {
                return .failure(.brokeOff(received: state.sink.bytes, expected: expected, reason: "the connection closed"))
            }
            return .success(state.sink)
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 200
        let accepted = (200..<300).contains(status)
        state.withLock { state in
            if accepted {
                state.expected = response.expectedContentLength >= 0 ? Int(response.expectedContentLength) : nil
            } else {
                state.failure = .status(status)
            }
        }
        completionHandler(accepted ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let failed = state.withLock { state in
            guard state.failure == nil else { return true }
            do throws(ModelFileFetch.Failure) {
                try state.sink.write(data)
                return false
            } catch {
                state.failure = error
                return true
            }
        }
        if failed { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        state.withLock { state in
            guard state.failure == nil, let error else { return }
            let reason = (error as NSError).localizedDescription
            state.failure =
                state.sink.bytes > 0 || state.expected != nil
                ? .brokeOff(received: state.sink.bytes, expected: state.expected, reason: reason)
                : .unreachable(reason)
        }
        done.signal()
    }
}
