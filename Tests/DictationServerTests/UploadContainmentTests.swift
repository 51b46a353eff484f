import Dictation
import DictationServer
import DictationTestSupport
import DictationTesting
import Foundation
import Testing

/// Issue 26, item 4: uploads are decoded in a worker process each, so that neither a decoder's
/// leak nor its crash on a damaged or hostile file reaches the server.
///
/// `dictate serve` as users run it takes 300 damaged Ogg Vorbis, MP3 and FLAC uploads
/// (`Benchmarks/damaged_uploads.py`, which runs the 10,000 of docs/benchmarks.md): each is
/// answered with its coded error, the server's RSS stays within 5 % of where it was after the
/// warm-up (libsndfile 1.2.0 leaks about 5.8 KB for every Ogg file it fails to open, in the
/// worker), and a good upload is transcribed afterwards. Workers that crash, abort, stall or
/// write nonsense are each the upload's `invalidAudio` error, and the server goes on.
@Suite(.serialized, .timeLimit(.minutes(25))) struct UploadContainmentTests {
    /// The benchmark, run with few uploads.
    static let script = RepositoryFiles.url("Benchmarks/damaged_uploads.py").path

    @Test func damagedUploadsEachGetTheirCodedErrorAndLeaveTheServersMemoryAlone() async throws {
        let recording = try CompatibleClientTests.joinedRecording()
        let arguments = [
            Self.script, "--binary", try DictateExecutable.url.path, "--count", "300", "--warmup", "60", "--json",
            "--then-transcribe", recording.path,
        ]
        let python = try CompatibleClientTests.requirePython()
        let run = try await offThePool { try CompatibleClientTests.run(python, arguments) }
        let result = try CompatibleClientTests.decode(DamagedUploads.self, run.output)
        print(
            "300 damaged uploads: \(result.answers); RSS \(result.rssStartKiB) KiB at the start, \(result.rssAfterWarmupKiB) "
                + "after the warm-up, \(result.rssEndKiB) at the end; median \(result.latencyMedianMs) ms an upload")
        #expect(result.answers == ["400 invalidAudio": 300], "\(result.answers): \(result.uncodedExamples)")
        #expect(
            result.growthSinceWarmup <= 0.05,
            "RSS grew from \(result.rssAfterWarmupKiB) KiB to \(result.rssEndKiB) KiB over the damaged uploads")
        #expect(result.serverAliveAtEnd)
        let transcription = try #require(result.transcription, "no good upload after the damaged ones: \(run.errors)")
        #expect(transcription.status == 200, "\(transcription.body)")
        let text = try CompatibleClientTests.decode(CompatibleClientTests.OpenAIOutput.Transcription.self, transcription.body)
            .text
        let wer = try CompatibleClientTests.wordErrorRate(of: text)
        print("the good upload after them: WER \(wer)")
        #expect(wer.rate <= CompatibleClientTests.maximumWordErrorRate, "\(wer): \(text)")
    }

    /// Programs that stand in for a worker gone wrong: `sh -c` scripts, with nothing in the
    /// library or `dictate` that crashes on purpose.
    static let brokenWorkers: [(script: String, expected: String)] = [
        ("kill -SEGV $$", "killed by signal 11 (SIGSEGV)"),
        ("cat > /dev/null; kill -ABRT $$", "killed by signal 6 (SIGABRT)"),
        ("cat > /dev/null; exit 3", "exit status 3"),
        ("cat > /dev/null; printf 'not a record'", "not decoded audio"),
        ("exec sleep 60", "sent nothing for 1 s"),
        ("cat > /dev/null; while :; do :; done", "more than the 1 s of processor time"),
    ]

    @Test(arguments: brokenWorkers)
    func aBrokenWorkerIsTheUploadsCodedErrorAndTheServerGoesOn(script: String, expected: String) async throws {
        let worker = AudioDecodingWorker(
            executablePath: "/bin/sh", arguments: ["-c", script],
            limits: AudioDecodingWorker.Limits(cpuSeconds: 1, stallSeconds: script.contains("sleep") ? 1 : 30))
        let server = try await TestServer.start(ServerConfiguration(port: 0, uploadWorker: worker))
        let url = "http://127.0.0.1:\(server.port)/v1/audio/transcriptions"
        let upload = try CompatibleClientTests.recording("0880")
        for _ in 0..<2 {
            let reply = try await offThePool { try CompatibleClientTests.curl(["-F", "file=@\(upload)", url]) }
            #expect(reply.status == 400, "\(reply.body)")
            let error = try CompatibleClientTests.decode(CompatibleClientTests.ErrorReply.self, reply.body).error
            #expect(error.code == "invalidAudio" && error.type == "invalid_request_error", "\(reply.body)")
            #expect(error.message.contains("could not be decoded safely"), "\(error.message)")
            #expect(error.message.contains(expected), "\(error.message)")
            #expect(error.message.contains("Convert the recording to WAV or FLAC"), "\(error.message)")
        }
        let port = server.port
        let health = try await offThePool { try CompatibleClientTests.curl(["http://127.0.0.1:\(port)/health"]) }
        #expect(health.status == 200 && health.body.trimmingCharacters(in: .whitespacesAndNewlines) == "ok", "\(health.body)")
        await server.stop()
    }

    /// The worker reads a file with the same code as the server's own process would: a damaged
    /// file's error is word for word the same, in both languages, and good audio the same samples.
    @Test func theWorkerDecodesAsTheServersOwnProcessWould() throws {
        let worker = AudioDecodingWorker(
            executablePath: try DictateExecutable.url.path, arguments: ["decode-audio-worker"])
        let good = try Array(Data(contentsOf: URL(fileURLWithPath: try CompatibleClientTests.recording("0880"))))
        var rng = SplitMix64(seed: 26)
        let damaged: [[UInt8]] = [
            Array("These are notes, not a recording.\n".utf8), Array(good.prefix(30)), [0x4F, 0x67, 0x67, 0x53, 0, 2],
            Array(good.prefix(20_000)), (0..<5_000).map { _ in UInt8(truncatingIfNeeded: rng.next()) },
        ]
        for bytes in damaged + [good] {
            let inProcess = Self.decodeAll(AudioDataSource(bytes: bytes))
            let isolated = Self.decodeAll(WorkerAudioDataSource(bytes: bytes, worker: worker))
            #expect(isolated.samples == inProcess.samples, "\(bytes.count) bytes")
            #expect(isolated.error?.code == inProcess.error?.code)
            for language in [DictationError.Language.english, .norwegianBokmal] {
                #expect(isolated.error?.message(in: language) == inProcess.error?.message(in: language))
            }
        }
    }

    /// Every sample a source gives, and the error that ended it.
    static func decodeAll(_ source: any AudioSource) -> (samples: [Float], error: DictationError?) {
        var samples: [Float] = []
        do throws(DictationError) {
            let reader = try source.open()
            defer { reader.close() }
            while let frame = try reader.read(maxFrames: 4_000) { samples += frame.samples }
            return (samples, nil)
        } catch {
            return (samples, error)
        }
    }

    /// What the benchmark prints with `--json`.
    struct DamagedUploads: Decodable {
        struct Transcription: Decodable {
            var status: Int
            var body: String
        }

        struct Example: Decodable, CustomStringConvertible {
            var index: Int
            var kind: String
            var status: Int
            var body: String
            var description: String { "#\(index) (\(kind)): \(status) \(body)" }
        }

        var answers: [String: Int]
        var uncodedExamples: [Example]
        var rssStartKiB: Int
        var rssAfterWarmupKiB: Int
        var rssEndKiB: Int
        var growthSinceWarmup: Double
        var latencyMedianMs: Double
        var serverAliveAtEnd: Bool
        var transcription: Transcription?
    }
}
