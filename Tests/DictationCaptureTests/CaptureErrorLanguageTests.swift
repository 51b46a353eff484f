import DictationKit
import DictationTesting
import Foundation
import Testing

@testable import DictationCapture

#if canImport(Glibc)
    import Glibc
#endif

/// Every error DictationCapture makes, in English and Norwegian bokmål.
@Suite(.timeLimit(.minutes(25))) struct CaptureErrorLanguageTests {
    static let file = AudioInputProblem.file("/tmp/talk.wav")

    static let inputProblems: [AudioInputProblem] =
        [
            .fileMissing(path: "/tmp/talk.wav"), .fileNotPermitted(path: "/tmp/talk.wav"),
            .pathThroughNonFolder(path: "/tmp/talk.wav/x"), .fileUnopenable(path: "/tmp/talk.wav", reason: "EMFILE"),
            .isFolder(path: "/tmp"), .readFailed(input: file, reason: "EIO"),
            .readFailed(input: AudioInputProblem.standardInput, reason: "EIO"), .truncated(input: file, missingBytes: 400),
            .standardInputEmpty, .pushSourceBusy, .wakePipeFailed(reason: "EMFILE"), .empty(input: file),
            .empty(input: AudioInputProblem.audioData), .notAudio(input: file, looksLike: nil),
            .unsupportedEncoding(input: file, reason: "Unsupported encoding"),
            .damagedHeader(input: AudioInputProblem.standardInput, reason: "Malformed file"),
            .damagedData(input: file, reason: "flac decoder lost sync."),
        ]
        + samplesOfOtherFiles.compactMap(AudioContentSniffer.describe).map { .notAudio(input: file, looksLike: $0) }
        + AudioInputProblem.Origin.allCases.flatMap { origin in
            [
                .noChannels(origin: origin, count: 0), .tooManyChannels(origin: origin, count: 12),
                .sampleRateOutOfRange(origin: origin, rate: 500),
            ]
        }

    // The system's own text for the error is quoted as it is, in English; EPERM's ("Operation not
    // permitted") would trip the word check, so EACCES stands for the permission case.
    static let alsaErrors: [DictationError] =
        [EBUSY, EAGAIN, EACCES, ENOENT, ENODEV, EIO].flatMap { code in
            ["default", "hw:1,0"].map { ALSAError.openFailure(-Int(code), device: $0) }
        }
        + [
            ALSAError.unsupportedDevice("hw:1", .noInterleavedAccess),
            ALSAError.unsupportedDevice("hw:1", .noReadableSampleFormat),
            ALSAError.unsupportedDevice("hw:1", .tooManyChannels(16)),
            ALSAError.unsupportedDevice("hw:1", .sampleRate(500)),
            ALSAError.streamFailure(-Int(ENODEV), device: "hw:1"), ALSAError.stalled(device: "hw:1", after: .seconds(2)),
            ALSAError.configurationNotCreated(),
            ALSAError.configurationUnreadable("/tmp/asound.conf", reason: "EACCES"),
            ALSAError.configurationInvalid("/tmp/asound.conf", code: -Int(EINVAL)),
            ALSAError.hardwareParametersNotAllocated(), ALSAError.captureThreadSilent(),
        ]

    /// The first bytes of files that are not audio libsndfile reads, one of each kind the sniffer names.
    static let samplesOfOtherFiles: [[UInt8]] = [
        [0, 0, 0, 0x20] + Array("ftypM4A ".utf8), [0x1A, 0x45, 0xDF, 0xA3], [0x30, 0x26, 0xB2, 0x75], Array("#!AMR\n".utf8),
        Array("MAC ".utf8), Array("%PDF-1.7".utf8), Array("PK\u{3}\u{4}".utf8), [0x89, 0x50, 0x4E, 0x47],
        [0xFF, 0xD8, 0xFF, 0xE0], [0x1F, 0x8B, 8, 0], Array("Hello, this is not audio".utf8),
    ]

    @Test(arguments: inputProblems)
    func inputProblemsHaveBothLanguages(problem: AudioInputProblem) {
        #expect(ErrorTranslationCheck.problems(in: problem.error) == [])
    }

    @Test(arguments: alsaErrors)
    func alsaErrorsHaveBothLanguages(error: DictationError) {
        #expect(ErrorTranslationCheck.problems(in: error) == [])
    }

    @Test func everyOtherKindOfFileIsNamedInBothLanguages() {
        // Eleven kinds of file, eleven names: none fell out of the table above.
        let named = Self.inputProblems.filter { if case .notAudio(_, .some) = $0 { true } else { false } }
        #expect(named.count == Self.samplesOfOtherFiles.count)
    }

    @Test func norwegianWritesDecimalCommas() {
        let stalled = ALSAError.stalled(device: "hw:1", after: .milliseconds(1500))
        #expect(stalled.message(in: .english).contains("1.5 s"))
        #expect(stalled.message(in: .norwegianBokmal).contains("1,5 s"))
    }

    @Test(arguments: WAVRejectionTests.badFiles)
    func realRejectionsHaveBothLanguages(_ file: WAVRejectionTests.BadFile) throws {
        // The errors the real parser throws, not only the table: no call site is left in one language.
        let directory = try TemporaryDirectory()
        let path = try directory.write(file.bytes, to: "bad.wav")
        let error = #expect(throws: DictationError.self) { try AudioFileSource(path: path).open() }
        #expect(error.map(ErrorTranslationCheck.problems(in:)) == [])
    }

    @Test func aMissingFileIsReportedInNorwegianWithItsCode() throws {
        let error = try #require(
            #expect(throws: DictationError.self) { try AudioFileSource(path: "/nonexistent/dictation/talk.wav").open() })
        let norwegian = error.localized(for: "nb-NO")
        #expect(norwegian.code == .invalidAudio)
        #expect(norwegian.message.contains("filen /nonexistent/dictation/talk.wav finnes ikke"))
        #expect(norwegian.message.hasSuffix("Sjekk stien."))
    }
}
