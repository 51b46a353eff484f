import DictationKit
import Foundation
import Testing

@testable import DictationCapture

/// A path as a user names it: `-` is standard input, `.raw` and `.pcm` headerless PCM, anything
/// else WAV; the same bytes are read differently by their name alone.
@Suite struct AudioFileSourceTests {
    static let rawFormat = AudioFormat(sampleRate: 8_000, channelCount: 2, encoding: .int16)

    @Test(arguments: ["talk.raw", "talk.pcm", "TALK.RAW", "talk.Pcm"])
    func rawAndPCMNamesAreReadAsHeaderlessPCM(name: String) throws {
        let directory = try TemporaryDirectory()
        let samples: [Int16] = [0, 16_384, -16_384, 32_767]
        let path = try directory.write(TestFixtures.bytes(samples), to: name)
        let (frames, error) = TestFixtures.readAll(AudioFileSource(path: path, rawFormat: Self.rawFormat))
        #expect(error == nil)
        #expect(frames.allSatisfy { $0.sampleRate == 8_000 && $0.channelCount == 2 }, "in the raw format given")
        #expect(TestFixtures.samples(frames) == TestFixtures.floats(samples))
    }

    @Test(arguments: ["talk.wav", "talk.WAV", "talk", "talk.raw.wav"])
    func otherNamesAreReadAsWAV(name: String) throws {
        let directory = try TemporaryDirectory()
        let samples: [Int16] = [100, -100, 200, -200]
        let path = try directory.write(
            WAVBuilder(channels: 1, sampleRate: 22_050, data: TestFixtures.bytes(samples)).bytes, to: name)
        let (frames, error) = TestFixtures.readAll(AudioFileSource(path: path, rawFormat: Self.rawFormat))
        #expect(error == nil)
        #expect(frames.allSatisfy { $0.sampleRate == 22_050 && $0.channelCount == 1 }, "in the header's format")
        #expect(TestFixtures.samples(frames) == TestFixtures.floats(samples))
    }

    @Test func headerlessSamplesNamedAsWAVAreRefused() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(TestFixtures.bytes(try TestFixtures.goforward(seconds: 0.1)), to: "talk.wav")
        let (frames, error) = TestFixtures.readAll(AudioFileSource(path: path))
        #expect(frames.isEmpty)
        #expect(error?.code == .invalidAudio)
    }

    @Test func aDashIsStandardInputWithTheRawFormatAndPacing() throws {
        let source = AudioFileSource(path: "-", rawFormat: Self.rawFormat, pacing: .realTime)
        let standardInput = try #require(source.resolved as? StandardInputSource)
        #expect(standardInput.rawFormat == Self.rawFormat)
        #expect(standardInput.pacing == .realTime)
        #expect(standardInput.descriptor == STDIN_FILENO)
        #expect(source.checkAccess() == .granted)
    }

    @Test func pacingReachesTheFileSources() throws {
        let wav = try #require(AudioFileSource(path: "a.wav", pacing: .realTime).resolved as? WAVFileSource)
        #expect(wav.pacing == .realTime && wav.path == "a.wav")
        let raw = try #require(AudioFileSource(path: "a.raw", rawFormat: Self.rawFormat, pacing: .realTime).resolved as? RawPCMFileSource)
        #expect(raw.pacing == .realTime && raw.format == Self.rawFormat && raw.path == "a.raw")
    }

    @Test func aMissingFileSaysSo() {
        let (_, error) = TestFixtures.readAll(AudioFileSource(path: "/nonexistent/dictation-tests/talk.wav"))
        #expect(error?.code == .invalidAudio)
        #expect(error?.message.contains("doesn't exist") == true)
    }
}
