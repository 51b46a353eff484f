import DictationTestSupport
import Foundation
import Testing

/// Runs the real `dictate` executable, built beside the test bundle, and captures what it prints.
struct DictateProcess {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
        var lines: [String] { standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    }

    /// A sample recording of `Examples/samples`.
    static func sample(_ name: String) -> String {
        RepositoryFiles.sample(name)
    }

    /// The environment `dictate` runs with unless a test gives one: this process's, with
    /// `XDG_DATA_HOME` naming a folder of this test run that holds no model pack, so results come
    /// from Debian's model whatever `dictate models install` put in the home folder, and the
    /// history `dictate listen` keeps by default goes there, never into the user's.
    static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = dataHome.path
        return environment
    }

    /// Made by `dictate` itself when it keeps a history; left in the temporary folder.
    static let dataHome = FileManager.default.temporaryDirectory
        .appendingPathComponent("dictate-tests-data-\(ProcessInfo.processInfo.processIdentifier)")

    /// Runs `dictate` with arguments, optionally feeding standard input, and waits for it.
    static func run(_ arguments: [String], input: Data? = nil, environment: [String: String]? = nil) throws -> Result {
        let dictate = try RunningDictate(arguments, environment: environment ?? Self.environment)
        dictate.endInput(after: input ?? Data())
        return dictate.finish()
    }
}
