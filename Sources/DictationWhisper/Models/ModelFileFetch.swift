import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Copies what a URL serves into a file, hashing it on the way: `https` and `http` through
/// Foundation's `URLSession` (libcurl on Linux: the system's certificates and proxy variables,
/// redirects followed), `file` by reading the file (which `URLSession` does not do on Linux).
///
/// Blocks the calling thread until the transfer ends; `progress` is called on that thread.
struct ModelFileFetch {
    /// Why a transfer failed.
    enum Failure: Error, Hashable {
        /// The scheme is none of ``WhisperModelDownload/schemes``.
        case unsupportedScheme(String)
        /// The server can't be reached: what libcurl said.
        case unreachable(String)
        /// The server answered with this HTTP status.
        case status(Int)
        /// The transfer ended before the whole file came.
        case brokeOff(received: Int, expected: Int?, reason: String)
        /// A `file` URL names no readable file.
        case noSuchFile(String)
        /// The file being written can't be: why.
        case unwritable(String)
    }

    /// The address.
    var url: URL
    /// The hash to compute on the way.
    var algorithm: WhisperModelChecksum.Algorithm
    /// How long a transfer may go without receiving anything.
    var idleTimeout: TimeInterval = 60

    /// Copies the URL's content into an open file.
    /// - Parameters:
    ///   - output: Where the bytes go; written from its current offset.
    ///   - progress: Told the bytes received so far and the length the server announced, about
    ///     once a second.
    /// - Returns: The hash of what came, and its length.
    /// - Throws: What went wrong, as a ``Failure``.
    func copy(into output: FileHandle, progress: (Int, Int?) -> Void) throws(Failure) -> (WhisperModelChecksum, Int) {
        let scheme = url.scheme?.lowercased() ?? ""
        guard WhisperModelDownload.schemes.contains(scheme) else { throw .unsupportedScheme(scheme) }
        var sink = HashingSink(output: output, digest: RunningDigest(algorithm))
        if scheme == "file" {
            try copyFile(into: &sink, progress: progress)
        } else {
            sink = try transfer(into: sink, progress: progress)
        }
        return (sink.digest.finish(), sink.bytes)
    }

    private func copyFile(into sink: inout HashingSink, progress: (Int, Int?) -> Void) throws(Failure) {
        let path = url.path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
            let input = FileHandle(forReadingAtPath: path)
        else { throw .noSuchFile(path) }
        defer { try? input.close() }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        var reported = ContinuousClock.now
        while true {
            let block: Data
            do {
                guard let read = try input.read(upToCount: 1 << 20) else { break }
                block = read
            } catch {
                throw .brokeOff(received: sink.bytes, expected: size, reason: error.localizedDescription)
            }
            if block.isEmpty { break }
            try sink.write(block)
            if ContinuousClock.now - reported >= .seconds(1) {
                reported = .now
                progress(sink.bytes, size)
            }
        }
    }

    /// An HTTP transfer: the delegate writes each piece as it comes, on the session's queue; this
    /// thread waits, reporting progress.
    private func transfer(into sink: HashingSink, progress: (Int, Int?) -> Void) throws(Failure) -> HashingSink {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = idleTimeout
        configuration.timeoutIntervalForResource = 7 * 24 * 3600
        let delegate = HTTPFetchDelegate(sink: sink)
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
        var request = URLRequest(url: url)
        request.setValue("DictationKit", forHTTPHeaderField: "User-Agent")
        session.dataTask(with: request).resume()
        while !delegate.waitUntilDone(seconds: 1) {
            let (received, expected) = delegate.progress
            progress(received, expected)
        }
        // The session holds its delegate until it is invalidated.
        session.finishTasksAndInvalidate()
        return try delegate.outcome.get()
    }
}

/// A file being written, and the hash and length of what was written.
struct HashingSink {
    let output: FileHandle
    let digest: RunningDigest
    var bytes = 0

    mutating func write(_ block: Data) throws(ModelFileFetch.Failure) {
        do {
            try output.write(contentsOf: block)
        } catch {
            throw .unwritable(error.localizedDescription)
        }
        digest.update(block)
        bytes += block.count
    }
}
