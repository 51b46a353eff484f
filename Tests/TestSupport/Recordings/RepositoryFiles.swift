import Foundation
import Testing

/// Files of this repository the tests read: the sample recordings of `Examples/samples`, the
/// fuzzer's seed corpus, the README.
package enum RepositoryFiles {
    /// The repository's root folder.
    package static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A file or folder by its path from the root.
    package static func url(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }

    /// A sample recording of `Examples/samples` (`goforward.wav`,
    /// `librivox-sense-and-sensibility-0880.wav`), whether or not it is there.
    package static func sample(_ name: String) -> String {
        url("Examples/samples/\(name)").path
    }

    /// ``sample(_:)``, once it is known to be there.
    package static func requireSample(_ name: String) throws -> String {
        let path = sample(name)
        try #require(FileManager.default.fileExists(atPath: path), "\(path) is missing: restore Examples/samples")
        return path
    }
}
