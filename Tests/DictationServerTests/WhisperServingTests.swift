import Dictation
import DictationTesting
import Foundation
import Testing

/// The server with Whisper, through all three protocols: its own (in this process, with the
/// standard recognizer's default, which is Whisper wherever a Whisper model is installed), and the
/// vosk and OpenAI protocols driven by their own clients against `dictate serve --model`.
///
/// `scripts/test.sh` installs Whisper tiny.en before the tests run.
extension CompatibleClientTests {
    /// Whisper tiny.en makes 2 errors in these 71 words (2.8 %); PocketSphinx 19 with Debian's model.
    static let whisperMaximumWordErrorRate = 0.1

    /// The installed tiny.en model, which `scripts/test.sh` installs.
    static func installedWhisperModel() throws -> String {
        let model = WhisperModelLocator().model(forLanguage: "en")
        return try #require(model?.path, "no Whisper model installed: dictate models install whisper-tiny.en")
    }

    @Test("the standard recognizer serves the stream protocol with Whisper where it is installed", .timeLimit(.minutes(15)))
    func whisperServesTheStreamProtocolByDefault() async throws {
        _ = try Self.installedWhisperModel()
        let server = try await TestServer.start(recognizer: StandardRecognizer())
        defer { Task { await server.stop() } }
        let (samples, transcript) = try SpeechAudio.twoSentences()
        let (messages, closeCode) = try await StreamProtocolTests.streamWhole(samples, to: server.streamURL)
        #expect(closeCode == 1000)
        let errorRate = WordErrorRate(reference: transcript, hypothesis: messages.text)
        print("stream protocol, standard recognizer: WER \(errorRate): \(messages.text)")
        #expect(errorRate.rate <= Self.whisperMaximumWordErrorRate, "\(errorRate): \(messages.text)")
        // Whisper's finals are written text; PocketSphinx's are lower-case words.
        #expect(messages.finals.contains { $0.text.contains { $0.isUppercase } }, "not Whisper's: \(messages.text)")
    }

    @Test(
        "vosk's client and OpenAI's SDK get Whisper's transcripts from dictate serve --model FILE.bin",
        .timeLimit(.minutes(15)))
    func whisperServesTheVoskAndOpenAIClients() throws {
        let model = try Self.installedWhisperModel()
        let recording = try Self.joinedRecording()
        let server = try Server.start(["--model", model])
        defer { server.stop() }

        // A 1-s keepalive: the server must answer the client's pings while Whisper decodes the
        // last utterance after eof (a server that didn't failed with 0.5 s on a quiet machine,
        // and with the default 20 s in a loaded CI run).
        let vosk = try Self.python(VoskOutput.self, "vosk_client.py", [server.vosk, recording.path, "1"], server: server)
        let voskErrors = try Self.wordErrorRate(of: vosk.txt)
        print("vosk's client with Whisper, txt: WER \(voskErrors)")
        #expect(voskErrors.rate <= Self.whisperMaximumWordErrorRate, "vosk txt: \(voskErrors): \(vosk.txt)")
        let words = vosk.results.flatMap { $0.result ?? [] }
        // whisper.cpp's token times may give a short word no length (start = end), never a negative one.
        #expect(words.allSatisfy { $0.start <= $0.end && (0...1).contains($0.conf) }, "\(words)")

        let openAI = try Self.python(
            OpenAIOutput.self, "openai_client.py", ["transcribe", server.v1, recording.path], server: server)
        let openAIErrors = try Self.wordErrorRate(of: openAI.json.text)
        print("OpenAI's SDK with Whisper, json: WER \(openAIErrors)")
        #expect(openAIErrors.rate <= Self.whisperMaximumWordErrorRate, "json: \(openAIErrors): \(openAI.json.text)")
        #expect(openAI.json.text.contains { $0.isUppercase }, "not Whisper's: \(openAI.json.text)")
    }
}
