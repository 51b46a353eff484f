import COpenSSL
import Foundation

/// The hash a model file must have: SHA-256 (what Hugging Face shows on a file's page) or SHA-1
/// (what whisper.cpp's `models/README.md` lists for its official files).
///
/// ```swift
/// let pinned = WhisperModelChecksum(.sha1, "c78c86eb1a8faa21b369bcd33207cc90d64ae9df")
/// ```
public struct WhisperModelChecksum: Sendable, Hashable, CustomStringConvertible {
    /// The hash function.
    public enum Algorithm: String, Sendable, Hashable, CaseIterable {
        /// SHA-1: 40 hexadecimal digits. Only as strong as the pin needs against a damaged or
        /// wrong download, which is what it is used for here.
        case sha1 = "SHA-1"
        /// SHA-256: 64 hexadecimal digits.
        case sha256 = "SHA-256"

        /// How many hexadecimal digits a hash of this kind has.
        public var hexadecimalLength: Int {
            switch self {
            case .sha1: 40
            case .sha256: 64
            }
        }
    }

    /// The hash function.
    public let algorithm: Algorithm
    /// The hash, lowercase hexadecimal.
    public let hexadecimal: String

    /// A pinned hash, if `hexadecimal` is one of the algorithm's length (any case; spaces around
    /// it are ignored).
    /// - Parameters:
    ///   - algorithm: The hash function.
    ///   - hexadecimal: The hash as hexadecimal digits.
    public init?(_ algorithm: Algorithm, _ hexadecimal: String) {
        let digits = hexadecimal.trimmingCharacters(in: .whitespaces).lowercased()
        guard digits.count == algorithm.hexadecimalLength, digits.allSatisfy(\.isHexDigit) else { return nil }
        self.algorithm = algorithm
        self.hexadecimal = digits
    }

    /// `"SHA-256 5df8…"`, the whole hash.
    public var description: String { "\(algorithm.rawValue) \(hexadecimal)" }

    /// The hash of a file, read in pieces (a model of gigabytes is never held in memory).
    /// - Parameters:
    ///   - algorithm: The hash function.
    ///   - path: The file.
    /// - Returns: The hash, or `nil` when the file can't be read.
    public static func ofFile(_ algorithm: Algorithm, path: String) -> WhisperModelChecksum? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        let digest = RunningDigest(algorithm)
        while true {
            let block: Data?
            do {
                block = try file.read(upToCount: 1 << 20)
            } catch {
                return nil
            }
            // The end of the file is an empty block, or none.
            guard let block, !block.isEmpty else { break }
            digest.update(block)
        }
        return digest.finish()
    }
}

/// A hash computed piece by piece as a file goes by, by OpenSSL's libcrypto.
///
/// A class, because it owns libcrypto's digest context and frees it once. `@unchecked Sendable` is
/// sound because one thread at a time uses it: a download's sink goes from the thread that starts
/// the transfer to the session's delegate queue, behind the delegate's mutex, and back.
final class RunningDigest: @unchecked Sendable {
    private let algorithm: WhisperModelChecksum.Algorithm
    private let context: OpaquePointer

    init(_ algorithm: WhisperModelChecksum.Algorithm) {
        self.algorithm = algorithm
        // Only an allocation can fail here, or a libcrypto without its default digests: neither
        // comes from the file being hashed.
        guard let context = EVP_MD_CTX_new() else { preconditionFailure("libcrypto could not allocate a digest") }
        self.context = context
        let function =
            switch algorithm {
            case .sha1: EVP_sha1()
            case .sha256: EVP_sha256()
            }
        guard EVP_DigestInit_ex(context, function, nil) == 1 else {
            preconditionFailure("libcrypto has no \(algorithm.rawValue)")
        }
    }

    deinit { EVP_MD_CTX_free(context) }

    func update(_ bytes: Data) {
        let updated = bytes.withUnsafeBytes { EVP_DigestUpdate(context, $0.baseAddress, $0.count) }
        precondition(updated == 1, "libcrypto failed to hash \(bytes.count) bytes")
    }

    /// The hash of everything given.
    func finish() -> WhisperModelChecksum {
        var bytes = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let finished = EVP_DigestFinal_ex(context, &bytes, &length)
        let hexadecimal = bytes.prefix(Int(length)).map { String(format: "%02x", $0) }.joined()
        // The digits are the algorithm's length by construction.
        guard finished == 1, let checksum = WhisperModelChecksum(algorithm, hexadecimal) else {
            preconditionFailure("a \(algorithm.rawValue) digest of \(length) bytes")
        }
        return checksum
    }
}
