import DictationKit
import DictationTestSupport
import Foundation
import Testing

@testable import DictationCapture

/// A path as a user names it: `-` is standard input, `.raw` and `.pcm` headerless PCM, anything
/// else audio recognized by its content, whatever the name says.
@Suite(.timeLimit(.minutes(25))) struct AudioFileSourceTests {
    static let rawFormat = AudioFormat(sampleRate: 8_000, channelCount: 2, encoding: .int16)

    @Test(arguments: ["talk.raw", "talk.pcm", "TALK.RAW", "talk.Pcm"])
    func rawAndPCMNamesAreReadAsHeaderlessPCM(name: String) throws {
        let directory = try TemporaryDirectory()
        let samples: [Int16] = [0, 16_384, -16_384, 32_767]
        let path = try directory.write(PCM16.bytes(samples), to: name)
        let (frames, error) = TestFixtures.readAll(AudioFileSource(path: path, rawFormat: Self.rawFormat))
        #expect(error == nil)
        #expect(frames.allSatisfy { $0.sampleRate == 8_000 && $0.channelCount == 2 }, "in the raw format given")
        #expect(TestFixtures.samples(frames) == PCM16.floats(samples))
    }

    @Test(arguments: ["talk.wav", "talk.WAV", "talk", "talk.raw.wav"])
    func otherNamesAreReadByContent(name: String) throws {
        let directory = try TemporaryDirectory()
        let samples: [Int16] = [100, -100, 200, -200]
        let path = try directory.write(
            WAVBuilder(channels: 1, sampleRate: 22_050, data: PCM16.bytes(samples)).bytes, to: name)
        let (frames, error) = TestFixtures.readAll(AudioFileSource(path: path, rawFormat: Self.rawFormat))
        #expect(error == nil)
        #expect(frames.allSatisfy { $0.sampleRate == 22_050 && $0.channelCount == 1 }, "in the header's format")
        #expect(TestFixtures.samples(frames) == PCM16.floats(samples))
    }

    @Test func headerlessSamplesNamedAsWAVAreRefused() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(PCM16.bytes(try TestFixtures.goforward(seconds: 0.1)), to: "talk.wav")
        let (frames, error) = TestFixtures.readAll(AudioFileSource(path: path))
        #expect(frames.isEmpty)
        #expect(error?.code == .invalidAudio)
    }

    @Test func aDashIsStandardInputWithTheRawFormatAndPacing() throws {
        let source = AudioFileSource(path: "-", rawFormat: Self.rawFormat, pacing: .realTime)
        let standardInput = try #require(source.standardInput)
        #expect(standardInput.rawFormat == Self.rawFormat)
        #expect(standardInput.pacing == .realTime)
        #expect(standardInput.descriptor == STDIN_FILENO)
        #expect(source.checkAccess() == .granted)
    }

    @Test func pacingReachesTheFileSources() throws {
        let directory = try TemporaryDirectory()
        let wav = try directory.write(WAVBuilder.pcm16([1, 2, 3, 4]), to: "a.wav")
        let raw = try directory.write(PCM16.bytes([1, 2, 3, 4]), to: "a.raw")
        for path in [wav, raw] {
            let paced = try AudioFileSource(path: path, rawFormat: Self.rawFormat, pacing: .realTime).open()
            let unpaced = try AudioFileSource(path: path, rawFormat: Self.rawFormat).open()
            #expect(paced.isLive && !unpaced.isLive, "\(path)")
            paced.close()
            unpaced.close()
        }
        #expect(AudioFileSource(path: wav).standardInput == nil)
    }

    @Test(arguments: ["talk.wav", "talk.mp3", "talk"])
    func aFLACIsReadWhateverItsName(name: String) throws {
        let directory = try TemporaryDirectory()
        let flac = directory.path(name)
        try TestFixtures.sox(try TestFixtures.goforwardSoxInput() + ["-t", "flac", flac])
        let (frames, error) = TestFixtures.readAll(AudioFileSource(path: flac))
        #expect(error == nil)
        #expect(TestFixtures.samples(frames) == PCM16.floats(try PocketSphinxTestData.goForward()), "FLAC is lossless")
    }

    @Test func aMissingFileSaysSo() {
        let (_, error) = TestFixtures.readAll(AudioFileSource(path: "/nonexistent/dictation-tests/talk.wav"))
        #expect(error?.code == .invalidAudio)
        #expect(error?.message.contains("doesn't exist") == true)
    }
}
