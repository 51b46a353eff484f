import DictationKit
import DictationTestSupport
import Foundation
import Testing

@testable import DictationCapture

#if canImport(Glibc)
    import Glibc
#endif

/// Every kind of bad input fails at `open()` with ``DictationError/Code/invalidAudio`` and a
/// message that says what is wrong: ours (empty, not audio and what it looks like, an impossible
/// rate or channel count), or libsndfile's text for a damaged header.
@Suite(.timeLimit(.minutes(25))) struct WAVRejectionTests {
    struct BadFile: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var fragment: String
        var testDescription: String { name }
    }

    static func wav(_ change: (inout WAVBuilder) -> Void) -> [UInt8] {
        var builder = WAVBuilder()
        builder.data = [1, 0, 2, 0]
        change(&builder)
        return builder.bytes
    }

    static let badFiles = [
        BadFile(name: "empty file", bytes: [], fragment: "is empty"),
        BadFile(
            name: "text", bytes: Array("Hello, this is not audio at all".utf8),
            fragment: "not in an audio format I can read (it looks like text)"),
        BadFile(name: "three bytes", bytes: Array("RIF".utf8), fragment: "not in an audio format"),
        BadFile(name: "RIFF but AVI", bytes: wav { $0.waveID = "AVI " }, fragment: "not in an audio format"),
        BadFile(
            name: "RIFF header only", bytes: Array("RIFF".utf8) + littleEndian(UInt32(4)), fragment: "not in an audio format"),
        BadFile(name: "big-endian RIFX", bytes: wav { $0.riffID = "RIFX" }, fragment: "its header can't be read"),
        BadFile(
            name: "16-bit float",
            bytes: wav {
                $0.formatTag = 3
                $0.bitsPerSample = 16
            }, fragment: "its header can't be read"),
        BadFile(
            name: "ADPCM",
            bytes: wav {
                $0.formatTag = 2
                $0.bitsPerSample = 4
            }, fragment: "Malformed 'fmt ' chunk"),
        BadFile(name: "MP3 in WAV", bytes: wav { $0.formatTag = 0x55 }, fragment: "Malformed 'fmt ' chunk"),
        BadFile(name: "unknown format tag", bytes: wav { $0.formatTag = 0x1234 }, fragment: "Malformed 'fmt ' chunk"),
        BadFile(name: "0 channels", bytes: wav { $0.channels = 0 }, fragment: "Channel count is zero"),
        BadFile(name: "9 channels", bytes: wav { $0.channels = 9 }, fragment: "at most 8"),
        BadFile(name: "0 Hz", bytes: wav { $0.sampleRate = 0 }, fragment: "its header can't be read"),
        BadFile(name: "1 MHz", bytes: wav { $0.sampleRate = 1_000_000 }, fragment: "outside the 1000...384000 Hz"),
        BadFile(name: "no fmt chunk", bytes: wav { $0.includesFormatChunk = false }, fragment: "No 'data' chunk"),
        BadFile(
            name: "no fmt chunk, no data chunk",
            bytes: wav {
                $0.includesFormatChunk = false
                $0.includesDataChunk = false
            }, fragment: "No 'data' chunk"),
        BadFile(name: "no data chunk", bytes: wav { $0.includesDataChunk = false }, fragment: "No 'data' chunk"),
        BadFile(
            name: "fmt chunk too short", bytes: wav { $0.formatBody = [1, 0, 1, 0, 0x80, 0x3E, 0, 0] },
            fragment: "Short 'fmt ' chunk"),
        BadFile(
            name: "extensible fmt chunk too short",
            bytes: wav { $0.formatBody = Array(WAVBuilder(extensibleSubFormat: 1).standardFormatBody.prefix(18)) },
            fragment: "an encoding I can't decode"),
        BadFile(
            name: "extensible with an unknown GUID",
            bytes: wav {
                var body = WAVBuilder(extensibleSubFormat: 1).standardFormatBody
                body[39] = 0
                $0.formatBody = body
            },
            fragment: "an encoding I can't decode"),
        BadFile(
            name: "file ends inside fmt", bytes: Array(wav { _ in }.prefix(30)), fragment: "its header can't be read"),
        BadFile(
            name: "garbage where a chunk should be",
            bytes: wav {
                $0.chunksBeforeData = [("LIST", [1, 2, 3])]
                $0.riffSize = nil
            }.enumerated()
                .map { $0.offset == 36 ? 0 : $0.element },
            fragment: "is damaged"),
        BadFile(
            name: "huge unknown chunk hides the data",
            bytes: Array(wav { _ in }.prefix(36)) + Array("JUNK".utf8) + littleEndian(UInt32(0xFFFF_FFF0)) + [1, 2, 3, 4],
            fragment: "No 'data' chunk"),
    ]

    @Test(arguments: badFiles)
    func badFileIsRejectedWithAReason(_ file: BadFile) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(file.bytes, to: "bad.wav")
        let error = #expect(throws: DictationError.self) { try AudioFileSource(path: path).open() }
        #expect(error?.code == .invalidAudio)
        #expect(error?.message.contains(file.fragment) == true, "\(error?.message ?? "no error")")
    }

    @Test func missingFileSaysItDoesNotExist() {
        let error = #expect(throws: DictationError.self) {
            try AudioFileSource(path: "/nonexistent/dictation/talk.wav").open()
        }
        #expect(error?.code == .invalidAudio)
        #expect(error?.message.contains("/nonexistent/dictation/talk.wav doesn't exist") == true)
    }

    @Test func folderIsNotAFile() throws {
        let directory = try TemporaryDirectory()
        let error = #expect(throws: DictationError.self) { try AudioFileSource(path: directory.url.path).open() }
        #expect(error?.code == .invalidAudio)
        #expect(error?.message.contains("is a folder") == true)
    }

    /// Glibc's module map leaves out <sys/fsuid.h>, so the function is looked up at run time.
    static let setfsuid: (@convention(c) (UInt32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "setfsuid") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UInt32) -> Int32).self)
    }()

    @Test func unreadableFileSaysPermissionDenied() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Self.wav { _ in }, to: "secret.wav")
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: path)
        // Root may read anything; a thread of its own drops its file-system identity to "nobody"
        // (setfsuid is per thread), so the check is real under root too.
        let setFileSystemUser = try #require(Self.setfsuid, "setfsuid(2) is missing from the C library")
        let outcome = ThreadResult {
            let previous = geteuid() == 0 ? setFileSystemUser(65_534) : -1
            defer { if previous >= 0 { _ = setFileSystemUser(UInt32(previous)) } }
            do throws(DictationError) {
                _ = try AudioFileSource(path: path).open()
                return nil as DictationError?
            } catch {
                return error
            }
        }.wait()
        #expect(outcome??.code == .invalidAudio)
        #expect(outcome??.message.contains("permission denied") == true, "\(String(describing: outcome))")
    }
}
