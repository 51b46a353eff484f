import DictationTestSupport
import Foundation
import Testing

/// README.md's library example is the one `ReadmeExample.swift` compiles.
@Suite(.timeLimit(.minutes(25))) struct ReadmeExampleTests {
    static let repository = RepositoryFiles.root
    static let wrapperMark = "// not in the README"

    /// The first Swift block after a heading of README.md.
    static func readmeExample(after heading: String) throws -> [String] {
        let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        let section = try #require(lines.firstIndex(of: heading), "README.md has no \(heading)")
        let start = try #require(lines[section...].firstIndex(of: "```swift"), "no Swift block after \(heading)")
        let end = try #require(lines[(start + 1)...].firstIndex(of: "```"), "the Swift block never ends")
        return Array(lines[(start + 1)..<end])
    }

    /// The lines between the markers of ReadmeExample.swift, without those that wrap them.
    static func compiledExample() throws -> [String] {
        let file = repository.appendingPathComponent("Tests/DictationTests/ReadmeExample.swift")
        let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "// README example begins"))
        let end = try #require(lines.firstIndex(of: "// README example ends"))
        return lines[(start + 1)..<end].filter { !$0.hasSuffix(wrapperMark) }
    }

    @Test func theReadmeShowsTheExampleThatCompiles() throws {
        let readme = try Self.readmeExample(after: "## In your own program")
        let compiled = try Self.compiledExample()
        #expect(readme.count > 5, "the example was found")
        #expect(readme == compiled, "README.md and Tests/DictationTests/ReadmeExample.swift differ; copy one to the other")
        #expect(readme.contains { $0.contains("DictationSession.dictate(") }, "the example uses the one-line entry point")
    }
}
