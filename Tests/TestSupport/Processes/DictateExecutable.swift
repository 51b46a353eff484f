import Foundation
import Testing

/// The `dictate` executable, built beside the test bundle (`swift build --build-tests`): the CLI
/// tests run it as a user does, the server tests run `dictate serve`.
package enum DictateExecutable {
    /// Its location.
    /// - Throws: When it was not built.
    package static var url: URL {
        get throws {
            let directory =
                Bundle.main.bundleURL.hasDirectoryPath && Bundle.main.bundlePath.hasSuffix(".xctest")
                ? Bundle.main.bundleURL.deletingLastPathComponent() : Bundle.main.bundleURL
            let candidates = [
                directory.appendingPathComponent("dictate"),
                URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("dictate"),
            ]
            return try #require(
                candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
                "the dictate executable should be built beside the tests (swift build --build-tests)")
        }
    }
}
