import DictationStreamProtocol
import DictationTestSupport
import DictationTesting
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `dictate serve` driven by clients nobody here wrote: the Vosk project's own WebSocket client
/// (`vosk.transcriber` from PyPI), OpenAI's official Python SDK, and curl. The scripts in
/// `Clients/` run them against a real server and print what they got as JSON; these tests score
/// the transcripts against Debian's LibriVox references, so a reply a client misreads shows up as
/// a failure or a high word error rate, not only as an unexpected byte.
///
/// One test at a time: each keeps a decoder busy for seconds on a two-core machine, and the
/// too-many-sessions test needs its long upload to be the only one.
@Suite(.serialized, .timeLimit(.minutes(25))) struct CompatibleClientTests {
    /// Measured 26.8 % (19 errors in 71 words) for every client and format with Debian's en-US
    /// model, which the server is made to use (12.7 % with the en-US-large pack); the margin is for
    /// another PocketSphinx or model build, while a client that lost or garbled part of the replies
    /// would be far above it.
    static let maximumWordErrorRate = 0.45

    static let recordingIDs = ["0870", "0880", "0890", "0920", "0930"]
    static let clients = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Clients")

    @Test func vosksOwnClientTranscribesTheRecordings() throws {
        let recording = try Self.joinedRecording()
        let server = try Server.start()
        defer { server.stop() }

        let output = try Self.python(VoskOutput.self, "vosk_client.py", [server.vosk, recording.path], server: server)
        let wer = try Self.wordErrorRate(of: output.txt)
        print("vosk's client, txt: WER \(wer)")
        #expect(wer.rate <= Self.maximumWordErrorRate, "vosk txt: \(wer): \(output.txt)")

        let words = output.results.flatMap { $0.result ?? [] }
        let resultTexts = output.results.map(\.text).joined(separator: " ")
        #expect(
            WordErrorRate(reference: resultTexts, hypothesis: words.map(\.word).joined(separator: " ")).errors == 0,
            "each result's words are its text")
        #expect(words.allSatisfy { $0.start < $0.end && (0...1).contains($0.conf) }, "\(words)")
        #expect(zip(words, words.dropFirst()).allSatisfy { $0.end <= $1.start }, "words in order: \(words)")
        // The client streamed the whole recording (16-bit mono at 16 kHz), and the words reach its end.
        let streamedSeconds = Double(output.bytesSent) / 32_000
        let duration = try Self.duration(of: recording)
        #expect(abs(streamedSeconds - duration) < 0.01, "streamed \(streamedSeconds) s of \(duration) s")
        let lastEnd = try #require(words.last).end
        #expect(
            lastEnd <= streamedSeconds && lastEnd > streamedSeconds - 2, "last word ends at \(lastEnd) s of \(streamedSeconds) s")

        // format_result's SRT: the result words, seven to a numbered cue, timed by the words.
        let cues = try #require(Self.cues(in: output.srt, fractionSeparator: ","), "not SRT: \(output.srt)")
        #expect(cues.map(\.number) == (0..<cues.count).map { Optional($0 + 1) })
        #expect(Self.inOrder(cues), "\(cues)")
        #expect(cues.allSatisfy { $0.text.split(separator: " ").count <= 7 })
        #expect(cues.flatMap { $0.text.split(separator: " ").map(String.init) } == words.map(\.word))
    }

    @Test func openAIsSDKReadsEveryResponseFormat() throws {
        let recording = try Self.joinedRecording()
        let server = try Server.start()
        defer { server.stop() }

        let output = try Self.python(
            OpenAIOutput.self, "openai_client.py", ["transcribe", server.v1, recording.path], server: server)
        let verbose = output.verboseJSON
        let words = try #require(verbose.words, "verbose_json without the words timestamp_granularities[]=word asked for")
        let srt = try #require(Self.cues(in: output.srt, fractionSeparator: ","), "not SRT: \(output.srt)")
        #expect(output.vtt.hasPrefix("WEBVTT\n\n"), "\(output.vtt)")
        let vtt = try #require(
            Self.cues(in: String(output.vtt.dropFirst("WEBVTT\n\n".count)), fractionSeparator: "."), "not WebVTT: \(output.vtt)")
        let transcripts = [
            ("json", output.json.text), ("text", output.text), ("srt", srt.map(\.text).joined(separator: " ")),
            ("vtt", vtt.map(\.text).joined(separator: " ")), ("verbose_json", verbose.text),
            ("verbose_json words", words.map(\.word).joined(separator: " ")),
        ]
        for (format, transcript) in transcripts {
            let wer = try Self.wordErrorRate(of: transcript)
            print("OpenAI's SDK, \(format): WER \(wer)")
            #expect(wer.rate <= Self.maximumWordErrorRate, "\(format): \(wer): \(transcript)")
        }
        #expect(output.text.trimmingCharacters(in: .whitespacesAndNewlines) == output.json.text)
        #expect(verbose.text == output.json.text)
        #expect(verbose.language == "english")
        let duration = try Self.duration(of: recording)
        #expect(abs(verbose.duration - duration) < 0.05, "duration \(verbose.duration) s of \(duration) s")

        // 1.5 s of silence ends each recording's sentence: one segment, one SRT and one WebVTT cue each.
        let segments = verbose.segments
        #expect(segments.count == Self.recordingIDs.count, "\(segments)")
        #expect(segments.map(\.id) == Array(0..<segments.count))
        #expect(srt.map(\.number) == (0..<srt.count).map { Optional($0 + 1) })
        #expect(Self.inOrder(srt), "\(srt)")
        #expect(srt.map(\.text) == segments.map(\.text))
        #expect(vtt.map(\.text) == segments.map(\.text))
        for (cue, segment) in zip(srt, segments) {
            #expect(abs(cue.start - segment.start) < 0.0015 && abs(cue.end - segment.end) < 0.0015, "\(cue) for \(segment)")
        }
        #expect(vtt.map(\.start) == srt.map(\.start) && vtt.map(\.end) == srt.map(\.end))

        // The words are the text's, each timed, one after another, within the audio.
        #expect(WordErrorRate(reference: verbose.text, hypothesis: words.map(\.word).joined(separator: " ")).errors == 0)
        #expect(words.allSatisfy { $0.start <= $0.end && $0.end <= verbose.duration }, "\(words)")
        #expect(zip(words, words.dropFirst()).allSatisfy { $0.start < $1.start && $0.end <= $1.start }, "\(words)")
    }

    @Test func curlUploadsAFileAsAFormField() throws {
        let recording = try Self.joinedRecording()
        let server = try Server.start()
        defer { server.stop() }

        let reply = try Self.curl(["-F", "file=@\(recording.path)", server.transcriptions])
        #expect(reply.status == 200, "\(reply.body)")
        let transcription = try Self.decode(OpenAIOutput.Transcription.self, reply.body)
        let wer = try Self.wordErrorRate(of: transcription.text)
        print("curl, json: WER \(wer)")
        #expect(wer.rate <= Self.maximumWordErrorRate, "curl: \(wer): \(transcription.text)")
    }

    @Test func refusalsHaveOpenAIsShapeAndDictationKitsCodes() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = folder.appendingPathComponent("notes.txt")
        try Data("These are notes, not a recording.\n".utf8).write(to: text)
        let recording = try Self.recording("0870")  // 227 kB
        let server = try Server.start(["--max-upload-bytes", "100000"])
        defer { server.stop() }

        let notAudio = try Self.python(Refusal.self, "openai_client.py", ["error", server.v1, text.path], server: server)
        #expect(notAudio.exception == "BadRequestError" && notAudio.status == 400, "\(notAudio)")
        #expect(
            notAudio.code == "invalidAudio" && notAudio.type == "invalid_request_error" && notAudio.param == "file", "\(notAudio)"
        )
        let notAudioByCurl = try Self.curl(["-F", "file=@\(text.path)", server.transcriptions])
        #expect(notAudioByCurl.status == 400)
        let notAudioReply = try Self.decode(ErrorReply.self, notAudioByCurl.body).error
        #expect(notAudioReply.code == "invalidAudio", "\(notAudioByCurl.body)")
        // Advice for an upload: what to send, not a path to check or a raw format to give.
        #expect(notAudioReply.message.contains("before sending it"), "\(notAudioReply.message)")
        #expect(!notAudioReply.message.contains("raw PCM") && !notAudioReply.message.contains("path"), "\(notAudioReply.message)")

        // The SDK has no class of its own for 413: its base class, with the status and code.
        let tooLarge = try Self.python(Refusal.self, "openai_client.py", ["error", server.v1, recording], server: server)
        #expect(tooLarge.exception == "APIStatusError" && tooLarge.status == 413, "\(tooLarge)")
        #expect(tooLarge.code == "limitExceeded" && tooLarge.param == "file", "\(tooLarge)")
        let tooLargeByCurl = try Self.curl(["-F", "file=@\(recording)", server.transcriptions])
        #expect(tooLargeByCurl.status == 413)
        #expect(try Self.decode(ErrorReply.self, tooLargeByCurl.body).error.code == "limitExceeded", "\(tooLargeByCurl.body)")
    }

    @Test func aSessionOverTheLimitIsRefusedWithTooManyRequests() throws {
        let recording = try Self.joinedRecording()
        let short = try Self.recording("0880")
        let server = try Server.start(["--max-sessions", "1"])
        defer { server.stop() }

        // The long recording holds the only session for seconds of decoding; short uploads
        // meanwhile must be refused. The server takes the slot when a request arrives, before it
        // reads the upload: the short uploads start once the long one is sent whole (curl says so
        // on its verbose standard error), so the long one's request came first.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: try Self.requireCurl())
        holder.arguments = Self.curlOptions + ["--verbose", "-F", "file=@\(recording.path)", server.transcriptions]
        holder.environment = Self.clientEnvironment
        let holderOutput = Pipe()
        holder.standardOutput = holderOutput
        let holderTrace = recording.deletingLastPathComponent().appendingPathComponent("holder-\(UUID().uuidString).trace")
        _ = FileManager.default.createFile(atPath: holderTrace.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: holderTrace) }
        holder.standardError = try FileHandle(forWritingTo: holderTrace)
        try holder.run()
        defer { if holder.isRunning { kill(holder.processIdentifier, SIGKILL) } }
        try waitUntil("curl has sent the long upload whole") {
            let trace = (try? String(contentsOf: holderTrace, encoding: .utf8)) ?? ""
            return !holder.isRunning || trace.contains("We are completely uploaded")
        }
        var refusal: HTTPReply?
        try waitUntil(
            "a short upload is refused while the long one holds the only session (or the long one ends)",
            pollingEvery: .milliseconds(100)
        ) {
            guard holder.isRunning else { return true }
            let reply = try Self.curl(["-F", "file=@\(short)", server.transcriptions])
            if reply.status == 429 { refusal = reply }
            return refusal != nil
        }
        let held = try HTTPReply(
            curlOutput: String(decoding: holderOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        holder.waitUntilExit()

        #expect(held.status == 200, "the upload holding the session: \(held.body)")
        let refused = try #require(refusal, "no upload was refused while another held the only session")
        let error = try Self.decode(ErrorReply.self, refused.body).error
        #expect(error.code == "limitExceeded" && error.type == "rate_limit_error", "\(refused.body)")
    }

    @Test func aServerWithATokenWantsItFromEveryClient() throws {
        let recording = try Self.recording("0880")
        let reference = try PocketSphinxTestData.librivoxTranscript("0880")
        let token = "test-\(UUID().uuidString)"
        let server = try Server.start(token: token)
        defer { server.stop() }

        let anonymous = try Self.curl(["-F", "file=@\(recording)", server.transcriptions])
        #expect(anonymous.status == 401)
        let anonymousError = try Self.decode(ErrorReply.self, anonymous.body).error
        #expect(anonymousError.code == "unauthorized", "\(anonymous.body)")
        #expect(anonymousError.message == StreamProblem.unauthorized.error.message(in: .english), "no token: \(anonymous.body)")
        let bearer = try Self.curl(["-H", "Authorization: Bearer \(token)", "-F", "file=@\(recording)", server.transcriptions])
        #expect(bearer.status == 200, "\(bearer.body)")

        let wrongKey = try Self.python(
            Refusal.self, "openai_client.py", ["error", server.v1, recording, "not-\(token)"], server: server)
        #expect(
            wrongKey.exception == "AuthenticationError" && wrongKey.status == 401 && wrongKey.code == "unauthorized",
            "\(wrongKey)")
        // The SDK's message is "Error code: 401 - " and the body.
        #expect(
            wrongKey.message?.contains(StreamProblem.wrongToken.error.message(in: .english)) == true,
            "a wrong token, not none: \(wrongKey)")
        let sdk = try Self.python(
            OpenAIOutput.self, "openai_client.py", ["transcribe", server.v1, recording, token], server: server)
        let sdkWER = WordErrorRate(reference: reference, hypothesis: sdk.json.text)
        #expect(sdkWER.rate <= Self.maximumWordErrorRate, "openai with the token: \(sdkWER): \(sdk.json.text)")

        // The vosk client can't set headers: the token goes in the URL.
        let vosk = try Self.python(
            VoskOutput.self, "vosk_client.py", ["\(server.vosk)?token=\(token)", recording], server: server)
        let voskWER = WordErrorRate(reference: reference, hypothesis: vosk.txt)
        #expect(voskWER.rate <= Self.maximumWordErrorRate, "vosk with ?token=: \(voskWER): \(vosk.txt)")
        let voskAnonymous = try Self.runPython("vosk_client.py", [server.vosk, recording])
        #expect(voskAnonymous.status != 0)
        // The server upgrades, then closes with 1008 and the code as the reason (Hummingbird
        // answers a refused upgrade with an empty 400, which would say nothing).
        #expect(voskAnonymous.errors.contains("1008") && voskAnonymous.errors.contains("unauthorized"), "\(voskAnonymous.errors)")
    }

    /// A vosk client waits for each reply; one that sends minutes of audio without reading any is
    /// closed (1008) once more than the session's queue waits, not buffered without bound. Its
    /// pings are answered all along, while the session is full too: vosk's client closes the
    /// connection when a pong is 20 s late.
    @Test func aVoskClientFloodingAheadOfTheRepliesIsClosedAndItsPingsAnswered() throws {
        let server = try Server.start()
        defer { server.stop() }
        let flood = try Self.python(FloodOutput.self, "vosk_flood.py", [server.vosk, "12"], server: server)
        #expect(flood.code == 1008, "\(flood)")
        #expect(flood.reason.hasPrefix("limitExceeded"), "\(flood)")
        // The session queues 30 s of audio (960,000 bytes at 16 kHz): pings after more than that
        // was sent were answered while it was full.
        let whileFull = flood.pongs.filter { $0[0] > 960_000 }
        #expect(!whileFull.isEmpty, "no ping answered once the session was full: \(flood.pongs)")
        #expect(flood.pongs.allSatisfy { $0[1] < 10 }, "a pong took 10 s or more, half of vosk's limit: \(flood.pongs)")
        // A ping is read after the audio sent before it: those still on the way when the server
        // closed go unanswered, none before.
        let pingedAt = flood.pongs.map { Int($0[0]) }
        #expect(pingedAt == (1...pingedAt.count).map { $0 * 256_000 }, "a ping went unanswered: \(flood.pongs)")
    }

    /// SIGTERM to `dictate serve`, as a service manager stops it, while a vosk client is mid-audio:
    /// the client gets the last result of what it sent, then close 1001, and the server exits 0.
    @Test func aServerStoppedWithSIGTERMSendsAVoskClientItsLastResult() throws {
        let server = try Server.start()
        defer { server.stop() }
        let recording = try PocketSphinxTestData.librivoxPath("0870")
        let reference = try PocketSphinxTestData.librivoxTranscript("0870")
        let client = try Self.python(
            ShutdownOutput.self, "vosk_shutdown.py", [server.vosk, recording, String(server.process.processIdentifier)],
            server: server)
        server.process.waitUntilExit()
        #expect(server.process.terminationStatus == 0, "\(server.log)")
        #expect(client.code == 1001, "\(client)")
        #expect(client.reason.hasPrefix("serverShuttingDown"), "\(client)")
        let wer = WordErrorRate(reference: reference, hypothesis: client.texts.joined(separator: " "))
        #expect(wer.rate <= Self.maximumWordErrorRate, "every word sent before the SIGTERM is decoded: \(wer): \(client.texts)")
    }
}

// MARK: - What the clients print

extension CompatibleClientTests {
    /// vosk_client.py's output: the replies the Vosk client kept, and its text and SRT of them.
    struct VoskOutput: Decodable {
        struct Result: Decodable {
            var text: String
            var result: [Word]?
        }

        struct Word: Decodable {
            var conf: Double
            var start: Double
            var end: Double
            var word: String
        }

        var results: [Result]
        var txt: String
        var srt: String
        var bytesSent: Int

        enum CodingKeys: String, CodingKey {
            case results, txt, srt
            case bytesSent = "bytes_sent"
        }
    }

    /// vosk_shutdown.py's output: the results' texts and how the server closed the connection.
    struct ShutdownOutput: Decodable {
        var texts: [String]
        var code: Int?
        var reason: String
    }

    /// vosk_flood.py's output: how the server closed the connection.
    struct FloodOutput: Decodable {
        var code: Int?
        var reason: String
        var sent: Int
        /// Each answered ping: the bytes sent when it went out, and the seconds its pong took.
        var pongs: [[Double]]
        var unanswered: Int
    }

    /// openai_client.py transcribe's output: one reply per response_format, as the SDK parsed it.
    struct OpenAIOutput: Decodable {
        struct Transcription: Decodable {
            var text: String
        }

        struct Verbose: Decodable {
            struct Segment: Decodable {
                var id: Int
                var start: Double
                var end: Double
                var text: String
            }

            struct Word: Decodable {
                var word: String
                var start: Double
                var end: Double
            }

            var text: String
            var language: String
            var duration: Double
            var segments: [Segment]
            var words: [Word]?
        }

        var json: Transcription
        var text: String
        var srt: String
        var vtt: String
        var verboseJSON: Verbose

        enum CodingKeys: String, CodingKey {
            case json, text, srt, vtt
            case verboseJSON = "verbose_json"
        }
    }

    /// openai_client.py error's output: what the SDK raised (all nil when it raised nothing).
    struct Refusal: Decodable, CustomStringConvertible {
        var exception: String?
        var status: Int?
        var code: String?
        var type: String?
        var param: String?
        var message: String?

        var description: String {
            "\(exception ?? "no exception") \(status.map(String.init) ?? "-") \(code ?? "-"): \(message ?? "")"
        }
    }

    /// An error body in OpenAI's shape, as curl received it.
    struct ErrorReply: Decodable {
        struct Detail: Decodable {
            var message: String
            var type: String
            var param: String?
            var code: String?
        }

        var error: Detail
    }

    /// One subtitle of an SRT or WebVTT file.
    struct Cue: CustomStringConvertible {
        var number: Int?
        var start: Double
        var end: Double
        var text: String

        var description: String { "\(number.map(String.init) ?? "-") \(start)–\(end) \(text)" }
    }

    /// The cues of SRT (`fractionSeparator` ",") or WebVTT (".") text without its header, or nil
    /// when a block isn't `[number or identifier] / HH:MM:SS,mmm --> HH:MM:SS,mmm / text lines`.
    static func cues(in subtitles: String, fractionSeparator: Character) -> [Cue]? {
        var cues: [Cue] = []
        for block in subtitles.components(separatedBy: "\n\n")
        where !block.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            var lines = block.split(separator: "\n").map(String.init)
            var number: Int?
            if let first = lines.first, !first.contains("-->") {
                number = Int(first)
                lines.removeFirst()
            }
            guard lines.count >= 2 else { return nil }
            let times = lines[0].components(separatedBy: " --> ")
            guard times.count == 2, let start = seconds(times[0], fractionSeparator),
                let end = seconds(times[1], fractionSeparator)
            else { return nil }
            cues.append(Cue(number: number, start: start, end: end, text: lines.dropFirst().joined(separator: " ")))
        }
        return cues
    }

    /// `HH:MM:SS,mmm` (or with another fraction separator) in seconds; nil for any other shape.
    static func seconds(_ stamp: String, _ fractionSeparator: Character) -> Double? {
        let clock = stamp.split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3 else { return nil }
        let second = clock[2].split(separator: fractionSeparator, omittingEmptySubsequences: false)
        guard clock[0].count == 2, clock[1].count == 2, second.count == 2, second[0].count == 2, second[1].count == 3,
            let hours = Int(clock[0]), let minutes = Int(clock[1]), let wholeSeconds = Int(second[0]),
            let milliseconds = Int(second[1])
        else { return nil }
        return Double(hours * 3600 + minutes * 60 + wholeSeconds) + Double(milliseconds) / 1000
    }

    /// Each cue has a length, and each starts once the one before has ended.
    static func inOrder(_ cues: [Cue]) -> Bool {
        cues.allSatisfy { $0.start < $0.end } && zip(cues, cues.dropFirst()).allSatisfy { $0.end <= $1.start }
    }

    static func decode<Value: Decodable>(_ type: Value.Type, _ json: String) throws -> Value {
        do {
            return try JSONDecoder().decode(type, from: Data(json.utf8))
        } catch {
            Issue.record("not the JSON expected (\(error)): \(json)")
            throw error
        }
    }
}

// MARK: - Recordings and references

extension CompatibleClientTests {
    /// A LibriVox recording's path, by its id ("0870").
    static func recording(_ id: String) throws -> String {
        try PocketSphinxTestData.librivoxPath(id)
    }

    /// The hypothesis scored against the five references in order, as in ``joinedRecording()``.
    static func wordErrorRate(of hypothesis: String) throws -> WordErrorRate {
        let reference = try recordingIDs.map { try PocketSphinxTestData.librivoxTranscript($0) }
        return WordErrorRate(reference: reference.joined(separator: " "), hypothesis: hypothesis)
    }

    /// The five recordings in one 31-second file, 1.5 s of silence between them: long enough to
    /// take several vosk chunks and OpenAI segments. Made once per test run by sox.
    static func joinedRecording() throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("dictate-compatible-clients-\(ProcessInfo.processInfo.processIdentifier)")
        let joined = folder.appendingPathComponent("librivox.wav")
        if FileManager.default.fileExists(atPath: joined.path) { return joined }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let sox = try #require(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/sox") ? "/usr/bin/sox" : nil,
            "sox is missing: apt-get install sox")
        let silence = folder.appendingPathComponent("silence-\(UUID().uuidString).wav").path
        let made = try run(sox, ["-n", "-r", "16000", "-c", "1", "-b", "16", silence, "trim", "0", "1.5"])
        try #require(made.status == 0, "sox: \(made.errors)")
        var inputs: [String] = []
        for id in recordingIDs {
            if !inputs.isEmpty { inputs.append(silence) }
            inputs.append(try recording(id))
        }
        // Written under a name of its own and moved, so a failed run leaves no half file to reuse,
        // and suites that run side by side (the Wyoming tests) don't write over each other's.
        let partial = folder.appendingPathComponent("partial-\(UUID().uuidString).wav")
        let joining = try run(sox, inputs + [partial.path])
        try? FileManager.default.removeItem(atPath: silence)
        try #require(joining.status == 0, "sox: \(joining.errors)")
        do {
            try FileManager.default.moveItem(at: partial, to: joined)
        } catch  where FileManager.default.fileExists(atPath: joined.path) {
            // Another suite made it first: the same bytes.
            try? FileManager.default.removeItem(at: partial)
        }
        return joined
    }

    static func duration(of recording: URL) throws -> Double {
        let info = try run("/usr/bin/sox", ["--info", "-D", recording.path])
        return try #require(Double(info.output.trimmingCharacters(in: .whitespacesAndNewlines)), "sox --info: \(info.errors)")
    }

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dictate-clients-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}

// MARK: - Running the server and the clients

extension CompatibleClientTests {
    /// `dictate serve --port 0` as a child process, on the port it printed.
    final class Server {
        let process: Process
        let port: Int
        private let folder: URL

        var v1: String { "http://127.0.0.1:\(port)/v1" }
        var transcriptions: String { "\(v1)/audio/transcriptions" }
        var vosk: String { "ws://127.0.0.1:\(port)/vosk" }
        /// What it wrote on standard error.
        var log: String { (try? String(contentsOf: folder.appendingPathComponent("stderr"), encoding: .utf8)) ?? "" }

        private init(process: Process, port: Int, folder: URL) {
            self.process = process
            self.port = port
            self.folder = folder
        }

        /// Starts the server and waits for it to say where it listens.
        /// - Parameters:
        ///   - arguments: More `dictate serve` options.
        ///   - token: The bearer token it wants, given as `DICTATIONKIT_SERVER_TOKEN`; none when nil.
        static func start(_ arguments: [String] = [], token: String? = nil) throws -> Server {
            let folder = try CompatibleClientTests.temporaryFolder()
            let output = folder.appendingPathComponent("stdout")
            let errors = folder.appendingPathComponent("stderr")
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            let process = Process()
            process.executableURL = try DictateExecutable.url
            process.arguments = ["serve", "--port", "0"] + arguments
            var environment = ProcessInfo.processInfo.environment
            // As in the CLI tests: Debian's model, whatever model pack the home folder has.
            environment["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
            environment["DICTATIONKIT_SERVER_TOKEN"] = token
            process.environment = environment
            // Files, not pipes: nothing has to keep reading for the server to go on writing.
            process.standardOutput = try FileHandle(forWritingTo: output)
            process.standardError = try FileHandle(forWritingTo: errors)
            process.standardInput = FileHandle.nullDevice
            try process.run()
            // A server left behind by a crashed test must not outlive the run for long. Not too
            // soon either: a CI run beside a build took over 600 s for the six transcriptions of
            // the OpenAI test, and a server killed under its client looks like a server fault.
            let watched = process
            DispatchQueue.global().asyncAfter(deadline: .now() + 1500) {
                if watched.isRunning { kill(watched.processIdentifier, SIGKILL) }
            }
            let server: Server
            do {
                let port = try waitFor("dictate serve says which port it listens on", pollingEvery: .milliseconds(50)) {
                    () throws -> Int? in
                    guard process.isRunning else {
                        throw TestFailure("dictate serve ended with status \(process.terminationStatus)")
                    }
                    let printed = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
                    // "dictate: listening on http://127.0.0.1:PORT"
                    return printed.split(separator: "\n").first { $0.hasPrefix("dictate: listening on") }
                        .flatMap { $0.split(separator: ":").last }.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
                }
                server = Server(process: process, port: port, folder: folder)
            } catch {
                let printed = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
                let failed = Server(process: process, port: 0, folder: folder)
                let errors = failed.log
                failed.stop()
                throw ServerDidNotStart(output: "\(error): \(printed)", errors: errors)
            }
            return server
        }

        /// The Wyoming port, once `dictate serve --wyoming-port` has said where it listens.
        func wyomingPort() throws -> Int {
            let output = folder.appendingPathComponent("stdout")
            return try waitFor("dictate serve says which port Wyoming listens on", pollingEvery: .milliseconds(50)) {
                () throws -> Int? in
                guard process.isRunning else { throw TestFailure("dictate serve ended with status \(process.terminationStatus)") }
                let printed = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
                // "dictate: wyoming listening on tcp://127.0.0.1:PORT"
                return printed.split(separator: "\n").first { $0.hasPrefix("dictate: wyoming listening on") }
                    .flatMap { $0.split(separator: ":").last }.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            }
        }

        /// Stops it with SIGTERM, as a service manager would, and removes its files.
        func stop() {
            if process.isRunning {
                process.terminate()
                process.waitUntilExit()
            }
            try? FileManager.default.removeItem(at: folder)
        }
    }

    struct ServerDidNotStart: Error, CustomStringConvertible {
        var output: String
        var errors: String
        var description: String { "dictate serve printed no port: \(output) \(errors)" }
    }

    struct ToolRun {
        var status: Int32
        var output: String
        var errors: String
    }

    /// The clients' environment: this process's, with the loopback server never sent through a
    /// proxy a developer's shell may set (curl, httpx and websockets all honour *_proxy).
    static var clientEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["NO_PROXY"] = "127.0.0.1,localhost"
        environment["no_proxy"] = "127.0.0.1,localhost"
        return environment
    }

    /// Runs a program to its end. Standard error goes to a file, so reading standard output alone
    /// can't deadlock.
    static func run(_ executable: String, _ arguments: [String]) throws -> ToolRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = clientEnvironment
        let output = Pipe()
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("dictate-client-err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorFile)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // A client waiting forever on a server that stopped answering must fail, not hang the run.
        let watched = process
        DispatchQueue.global().asyncAfter(deadline: .now() + 900) {
            if watched.isRunning { kill(watched.processIdentifier, SIGKILL) }
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ToolRun(
            status: process.terminationStatus, output: String(decoding: data, as: UTF8.self),
            errors: (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "")
    }

    /// The `python3` on PATH: the one `scripts/install-system-packages.sh` installs the clients for.
    static func requirePython() throws -> String {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
            .map { $0 + "/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        return try #require(path, "python3 is missing: install the Debian package python3-pip")
    }

    /// Fails the test, naming the fix, when python3 lacks a client: these tests are the only check
    /// that real clients work, so they must never pass by not running.
    static func requireClientPackages() throws {
        let check = try run(
            try requirePython(),
            [
                "-c",
                "import importlib.util, sys; missing = [name for name in ('openai', 'vosk', 'websockets', 'srt', 'wyoming') "
                    + "if importlib.util.find_spec(name) is None]; print(' '.join(missing)); sys.exit(1 if missing else 0)",
            ])
        try #require(
            check.status == 0,
            """
            python3 lacks \(check.output.trimmingCharacters(in: .whitespacesAndNewlines)): pip install openai vosk websockets wyoming \
            (scripts/install-system-packages.sh installs the versions these tests were written against) \(check.errors)
            """)
    }

    /// Runs one of the scripts in `Clients/`.
    static func runPython(_ script: String, _ arguments: [String]) throws -> ToolRun {
        try requireClientPackages()
        return try run(try requirePython(), [clients.appendingPathComponent(script).path] + arguments)
    }

    /// Runs one of the scripts in `Clients/`, which must succeed, and decodes the JSON it printed.
    static func python<Output: Decodable>(_ type: Output.Type, _ script: String, _ arguments: [String], server: Server) throws
        -> Output
    {
        let client = try runPython(script, arguments)
        try #require(client.status == 0, "python3 \(script) failed (\(client.status)): \(client.errors)\nserver: \(server.log)")
        return try decode(type, client.output)
    }

    static func requireCurl() throws -> String {
        try #require(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") ? "/usr/bin/curl" : nil,
            "curl is missing: apt-get install curl")
    }

    /// Quiet, no proxy, a time limit, and the HTTP status on a last line of its own.
    static let curlOptions = ["--silent", "--show-error", "--noproxy", "*", "--max-time", "300", "--write-out", "\n%{http_code}"]

    struct HTTPReply {
        var status: Int
        var body: String

        /// From the output of curl with ``curlOptions``.
        init(curlOutput: String) throws {
            var lines = curlOutput.split(separator: "\n", omittingEmptySubsequences: false)
            status = try #require(lines.popLast().flatMap { Int($0) }, "no HTTP status from curl: \(curlOutput)")
            body = lines.joined(separator: "\n")
        }
    }

    static func curl(_ arguments: [String]) throws -> HTTPReply {
        let transfer = try run(try requireCurl(), curlOptions + arguments)
        try #require(transfer.status == 0, "curl \(arguments) failed (\(transfer.status)): \(transfer.errors)")
        return try HTTPReply(curlOutput: transfer.output)
    }
}
