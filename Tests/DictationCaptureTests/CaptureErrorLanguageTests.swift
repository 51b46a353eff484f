#if canImport(Glibc)
import Glibc
#endif
import DictationKit
import DictationTesting
import Foundation
import Testing

@testable import DictationCapture

/// Every error DictationCapture makes, in English and Norwegian bokmål.
@Suite struct CaptureErrorLanguageTests {
    static let file = AudioInputProblem.file("/tmp/talk.wav")

    static let wavProblems: [WAVProblem] = [
        .empty(input: file), .empty(input: AudioInputProblem.standardInput), .bigEndian, .notRIFF(input: file),
        .notWAVE, .noFormatChunk, .noDataChunk, .damagedChunkNames, .endsInsideFormatChunk, .dataBeforeFormat,
        .tooManyChunks(limit: 1_000), .formatChunkTooShort(declared: 8, needed: 16),
        .extensibleTooShort(declared: 18, needed: 40), .unknownSubFormat,
        .blockAlignMismatch(blockAlign: 3, channels: 2, bitsPerSample: 16, bytesPerFrame: 4), .integerBits(12),
        .float64, .floatBits(16), .aLaw, .muLaw, .adpcm, .compressed, .unknownTag("0x0055"),
    ]

    static let inputProblems: [AudioInputProblem] =
        [
            .fileMissing(path: "/tmp/talk.wav"), .fileNotPermitted(path: "/tmp/talk.wav"),
            .pathThroughNonFolder(path: "/tmp/talk.wav/x"), .fileUnopenable(path: "/tmp/talk.wav", reason: "EMFILE"),
            .isFolder(path: "/tmp"), .readFailed(input: file, reason: "EIO"),
            .readFailed(input: AudioInputProblem.standardInput, reason: "EIO"), .truncated(input: file, missingBytes: 400),
            .standardInputEmpty, .pushSourceBusy, .wakePipeFailed(reason: "EMFILE"),
        ]
        + [[0x66, 0x4C, 0x61, 0x43], Array("OggS".utf8), Array("FORM".utf8), Array(".snd".utf8), Array("ID3\u{4}".utf8)]
        .compactMap(StandardInputSource.compressedContainer(startingWith:))
        .map { .standardInputCompressed(container: $0) }
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
            ALSAError.overrunWarning(count: 1, device: "hw:1"), ALSAError.overrunWarning(count: 3, device: "hw:1"),
            ALSAError.droppedAudioWarning(seconds: 0.25), ALSAError.configurationNotCreated(),
            ALSAError.configurationUnreadable("/tmp/asound.conf", reason: "EACCES"),
            ALSAError.configurationInvalid("/tmp/asound.conf", code: -Int(EINVAL)),
            ALSAError.hardwareParametersNotAllocated(), ALSAError.captureThreadSilent(),
        ]

    @Test(arguments: wavProblems)
    func wavProblemsHaveBothLanguages(problem: WAVProblem) {
        #expect(problem.error.code == .invalidAudio)
        #expect(ErrorTranslationCheck.problems(in: problem.error) == [])
    }

    @Test(arguments: inputProblems)
    func inputProblemsHaveBothLanguages(problem: AudioInputProblem) {
        #expect(ErrorTranslationCheck.problems(in: problem.error) == [])
    }

    @Test(arguments: alsaErrors)
    func alsaErrorsHaveBothLanguages(error: DictationError) {
        #expect(ErrorTranslationCheck.problems(in: error) == [])
    }

    @Test func everyCompressedContainerIsNamedInBothLanguages() {
        // Five magic numbers, five containers: none fell out of the table above.
        #expect(Self.inputProblems.filter { if case .standardInputCompressed = $0 { true } else { false } }.count == 5)
    }

    @Test func norwegianWritesDecimalCommas() {
        let dropped = ALSAError.droppedAudioWarning(seconds: 0.25)
        #expect(dropped.message(in: .english).contains("0.25 s"))
        #expect(dropped.message(in: .norwegianBokmal).contains("0,25 s"))
        let stalled = ALSAError.stalled(device: "hw:1", after: .milliseconds(1500))
        #expect(stalled.message(in: .norwegianBokmal).contains("1,5 s"))
    }

    @Test(arguments: WAVRejectionTests.badFiles)
    func realRejectionsHaveBothLanguages(_ file: WAVRejectionTests.BadFile) throws {
        // The errors the real parser throws, not only the table: no call site is left in one language.
        let directory = try TemporaryDirectory()
        let path = try directory.write(file.bytes, to: "bad.wav")
        let error = #expect(throws: DictationError.self) { try WAVFileSource(path: path).open() }
        #expect(error.map(ErrorTranslationCheck.problems(in:)) == [])
    }

    @Test func aMissingFileIsReportedInNorwegianWithItsCode() throws {
        let error = try #require(
            #expect(throws: DictationError.self) { try WAVFileSource(path: "/nonexistent/dictation/talk.wav").open() })
        let norwegian = error.localized(for: "nb-NO")
        #expect(norwegian.code == .invalidAudio)
        #expect(norwegian.message.contains("filen /nonexistent/dictation/talk.wav finnes ikke"))
        #expect(norwegian.message.hasSuffix("Sjekk stien."))
    }
}
