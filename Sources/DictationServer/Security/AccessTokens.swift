import DictationKit
import DictationStreamProtocol
import Foundation

/// The bearer tokens a ``DictationServer`` accepts. Empty: no token is asked for, which the
/// server allows on the loopback interface only.
public struct AccessTokens: Sendable, Hashable {
    private let tokens: [[UInt8]]

    /// Creates the set.
    /// - Parameter tokens: The tokens; blank ones are left out.
    public init(_ tokens: [String]) {
        self.tokens = tokens.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }.map {
            Array($0.utf8)
        }
    }

    /// Reads tokens, one per line, from a file (blank lines and `#` comments skipped).
    /// - Parameter path: The file; it should be readable by the server's user only.
    /// - Throws: `DictationError` with `DictationError/Code/invalidConfiguration` when it can't be read.
    public init(contentsOfFile path: String) throws(DictationError) {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw DictationError(
                code: .invalidConfiguration,
                message: .init(.tokenFileUnreadable, ["path": "\(path)"]))
        }
        self.init(text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.hasPrefix("#") })
    }

    /// Both sets together.
    /// - Parameter other: More tokens.
    /// - Returns: The tokens of both.
    public func merged(with other: AccessTokens) -> AccessTokens {
        AccessTokens(tokens: tokens + other.tokens)
    }

    private init(tokens: [[UInt8]]) {
        self.tokens = tokens
    }

    /// Whether no token is asked for.
    public var isEmpty: Bool { tokens.isEmpty }

    /// Whether `candidate` is one of the tokens. Every token is compared in full, whatever
    /// matches, so the time taken tells nothing about how much of a token was right.
    /// - Parameter candidate: What the client sent.
    /// - Returns: Whether it is accepted.
    public func accepts(_ candidate: String) -> Bool {
        let given = Array(candidate.utf8)
        var accepted = false
        for token in tokens {
            accepted = Self.constantTimeEqual(token, given) || accepted
        }
        return accepted
    }

    private static func constantTimeEqual(_ expected: [UInt8], _ given: [UInt8]) -> Bool {
        var difference = UInt8(truncatingIfNeeded: expected.count ^ given.count)
        for index in expected.indices {
            let byte = index < given.count ? given[index] : 0
            difference |= expected[index] ^ byte
        }
        return difference == 0 && expected.count == given.count
    }
}
