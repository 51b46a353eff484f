import DictationTestSupport
import Foundation
import Testing

/// No test can hang the run: every test of the package is in a suite with a time limit (or has
/// one of its own), so that a test that never ends fails with its name instead of holding up CI.
/// A new test file without one fails here.
@Suite(.timeLimit(.minutes(25)))
struct TimeLimitCoverageTests {
    @Test func everyTestHasATimeLimit() throws {
        let testsFolder = RepositoryFiles.url("Tests")
        let files = try #require(FileManager.default.enumerator(atPath: testsFolder.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        var limited: Set<String> = []
        var testsByType: [(file: String, line: Int, type: String?, limited: Bool)] = []
        for file in files {
            let lines = try String(contentsOf: testsFolder.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
            var current: (name: String, limited: Bool)?
            for (number, line) in lines.enumerated() {
                if let name = Self.topLevelType(line) {
                    // The attributes of a declaration may stand on the lines above it.
                    let above = lines[..<number].reversed().prefix { $0.hasPrefix("@") || $0.hasPrefix("///") }
                    let hasLimit = line.contains(".timeLimit(") || above.contains { $0.contains(".timeLimit(") }
                    current = (name, hasLimit)
                    if hasLimit { limited.insert(name) }
                }
                let code = line.trimmingCharacters(in: .whitespaces)
                guard code.hasPrefix("@Test") else { continue }
                testsByType.append((file, number + 1, current?.name, code.contains(".timeLimit(") || current?.limited == true))
            }
        }
        #expect(testsByType.count > 300, "the scan found the tests: \(testsByType.count)")
        // A test in an extension is limited by its type's suite.
        let unlimited = testsByType.filter { !$0.limited && !($0.type.map(limited.contains) ?? false) }
        #expect(unlimited.isEmpty, "tests without a time limit: \(unlimited.map { "\($0.file):\($0.line)" })")
    }

    /// The type a line declares at the top level (`struct`, `class`, `enum`, `actor`, `extension`),
    /// after any attributes on the same line.
    static func topLevelType(_ line: Substring) -> String? {
        guard let first = line.first, first != " ", first != "/", first != "}" else { return nil }
        let words = line.split(separator: " ")
        guard let keyword = words.firstIndex(where: { ["struct", "class", "enum", "actor", "extension"].contains($0) }),
            keyword + 1 < words.count
        else { return nil }
        return String(words[keyword + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    }
}
