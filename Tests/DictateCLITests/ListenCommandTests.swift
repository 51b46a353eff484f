import DictationTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `dictate listen` through the real libasound capture path, fed by ``TestMicrophone``.
@Suite(.serialized, .timeLimit(.minutes(25))) struct ListenCommandTests {
    static func events(_ result: DictateProcess.Result) throws -> [[String: Any]] {
        try result.standardOutput.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "not JSON: \($0)")
        }
    }

    static func finals(_ events: [[String: Any]]) -> [String] {
        events.filter { $0["type"] as? String == "final" }.compactMap { $0["text"] as? String }
    }

    /// Whether a line of `--format jsonl` output is a final.
    static func isFinal(_ line: Substring) -> Bool { line.contains(#""type":"final""#) }

    /// Runs `dictate listen --format jsonl`, plays `samples` into the test device and, once the
    /// device has read them (the capture has taken them in), presses Ctrl-C: what was captured is
    /// still decoded.
    static func listenAndInterrupt(playing samples: [Int16], dataHome: String? = nil) throws -> DictateProcess.Result {
        try listenAndInterrupt(dataHome: dataHome) { microphone, _ in try microphone.play(samples) }
    }

    /// Runs `dictate listen --format jsonl` (and `arguments`), lets `feed` play into the test
    /// device and wait for what it needs, then presses Ctrl-C.
    /// - Parameter dataHome: The `XDG_DATA_HOME` it runs with; the tests' own by default.
    static func listenAndInterrupt(
        _ arguments: [String] = [], dataHome: String? = nil, feeding feed: (TestMicrophone, RunningDictate) throws -> Void
    ) throws -> DictateProcess.Result {
        let microphone = try TestMicrophone()
        var environment = microphone.environment
        if let dataHome { environment["XDG_DATA_HOME"] = dataHome }
        let dictate = try RunningDictate(
            ["listen", "--device", TestMicrophone.device, "--format", "jsonl"] + arguments, environment: environment)
        try feed(microphone, dictate)
        dictate.interrupt()
        microphone.closeWriter()
        return dictate.finish()
    }

    /// The speech comes at real time, as from a sound card: played in one burst, it would have to
    /// be decoded within the 2 s a session lets live audio lag before it skips partials to catch
    /// up, which a loaded CI machine does not always manage.
    @Test func ctrlCStopsGracefullyAndPrintsTheLastFinal() throws {
        let speech = try PocketSphinxTestData.goForward()
        let result = try Self.listenAndInterrupt { microphone, dictate in
            microphone.startLiveFeed()
            try microphone.say(speech)
            // The silence after the speech ends the utterance: its final comes before Ctrl-C.
            try dictate.waitForLine("dictate prints the final", where: Self.isFinal)
        }
        #expect(result.status == 0, "\(result.standardError)")
        let events = try Self.events(result)
        #expect(Self.finals(events) == ["go forward ten meters"])
        let written = events.filter { $0["type"] as? String == "final" }.compactMap { $0["written"] as? String }
        #expect(written == ["Go forward 10 meters."], "jsonl carries the written text beside the words")
        #expect(events.contains { $0["type"] as? String == "level" })
        #expect(events.contains { $0["type"] as? String == "partial" })
        #expect(result.standardError.isEmpty, "\(result.standardError)")
    }

    /// Whisper on the live capture path: the final is Whisper's own written text.
    @Test(.timeLimit(.minutes(15))) func whisperFinalsFromTheMicrophone() throws {
        let model = try WhisperTestModels.path("tiny.en")
        let speech = try PocketSphinxTestData.goForward()
        let result = try Self.listenAndInterrupt(["--recognizer", "whisper", "--model", model]) { microphone, dictate in
            microphone.startLiveFeed()
            try microphone.say(speech)
            try dictate.waitForLine("dictate prints Whisper's final", where: Self.isFinal)
        }
        #expect(result.status == 0, "\(result.standardError)")
        let events = try Self.events(result)
        #expect(Self.finals(events) == ["Go forward 10 meters."], "\(result.standardOutput)")
        #expect(events.contains { $0["type"] as? String == "level" })
    }

    @Test func theFirstWordIsKeptWhenSpeechStartsAtTheFirstSample() throws {
        // goforward's speech starts 0.46 s in: cut that off, so "go" begins at sample 0.
        let speech = Array(try PocketSphinxTestData.goForward().dropFirst(Int(0.45 * 16_000)))
        let finals = Self.finals(try Self.events(try Self.listenAndInterrupt(playing: speech)))
        #expect(finals.joined(separator: " ").hasPrefix("go forward"), "\(finals)")
    }

    @Test func theLastWordIsKeptWhenStopFollowsIt() throws {
        // Stop right after the last sample of "meters" (it ends at 2.12 s): no trailing silence at all.
        let speech = Array(try PocketSphinxTestData.goForward().prefix(Int(2.13 * 16_000)))
        let finals = Self.finals(try Self.events(try Self.listenAndInterrupt(playing: speech)))
        #expect(finals.joined(separator: " ").hasSuffix("ten meters"), "\(finals)")
    }

    @Test func timeoutsEndTheSessionByThemselves() throws {
        let microphone = try TestMicrophone()
        let quiet = try RunningDictate(
            ["listen", "--device", TestMicrophone.device, "--format", "jsonl", "--no-speech-timeout", "2"],
            environment: microphone.environment)
        microphone.keepPlayingSilence()
        let nothing = quiet.finish()
        microphone.closeWriter()
        #expect(nothing.status == 1)
        #expect(nothing.standardError.contains("(noSpeechDetected)"), "\(nothing.standardError)")
        #expect(try Self.events(nothing).last?["errorCode"] as? String == "noSpeechDetected")

        let again = try TestMicrophone()
        let capped = try RunningDictate(
            ["listen", "--device", TestMicrophone.device, "--format", "jsonl", "--silence-timeout", "1.5"],
            environment: again.environment)
        try again.play(try PocketSphinxTestData.goForward())
        again.keepPlayingSilence()
        let result = capped.finish()
        again.closeWriter()
        #expect(result.status == 0, "\(result.standardError)")
        let heard = try Self.events(result)
        #expect(Self.finals(heard) == ["go forward ten meters"], "\(result.standardOutput.suffix(2000))")
        #expect(!heard.contains { $0["errorCode"] as? String == "captureOverrun" })
    }

    @Test func anUnknownDeviceIsMicrophoneUnavailable() throws {
        let result = try DictateProcess.run(["listen", "--device", "no_such_device_here"])
        #expect(result.status == 74)
        #expect(result.standardError.contains("(microphoneUnavailable)"), "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1, "one line, no libasound noise: \(result.standardError)")
    }

    @Test func devicesAndDoctorSeeTheTestDevice() throws {
        let microphone = try TestMicrophone()
        let devices = try DictateProcess.run(["devices"], environment: microphone.environment)
        #expect(devices.status == 0)
        #expect(devices.lines.contains { $0.hasPrefix(TestMicrophone.device) && $0.contains("DictationKit test capture") })

        let healthy = try DictateProcess.run(["doctor", "--device", TestMicrophone.device], environment: microphone.environment)
        #expect(healthy.status == 0, "\(healthy.standardOutput)")
        // Not on a terminal, the marks are words (PlainOutputTests).
        #expect(PlainOutputTests.marked("ok", "device \(TestMicrophone.device)", in: healthy.lines), "\(healthy.standardOutput)")
        #expect(PlainOutputTests.marked("ok", "decoder", in: healthy.lines))

        let broken = try DictateProcess.run(["doctor", "--device", "no_such_device_here", "--locale", "xx-YY"])
        #expect(broken.status == 1)
        #expect(PlainOutputTests.marked("failed", "device no_such_device_here", in: broken.lines))
        #expect(PlainOutputTests.marked("failed", "locale xx-YY", in: broken.lines))
    }

    /// On a terminal: the status line is redrawn in place (meter, timer, partial), the final gets a
    /// line of its own, and Ctrl-C typed at the terminal ends the session cleanly.
    @Test(arguments: [false, true])
    func onATerminalPartialsAreRedrawnAndCtrlCEndsCleanly(noColor: Bool) throws {
        let microphone = try TestMicrophone()
        var environment = microphone.environment
        environment["TERM"] = "xterm"
        environment["NO_COLOR"] = noColor ? "1" : nil
        // --raw: the recognizer's words, whose unsure ones are marked.
        let dictate = try RunningDictate(
            ["listen", "--device", TestMicrophone.device, "--raw"], environment: environment, terminal: true)
        // Ctrl-C once the device has read the speech: what was captured is still decoded.
        try microphone.play(try PocketSphinxTestData.goForward())
        dictate.type("\u{03}")  // Ctrl-C, through the pseudo-terminal's line discipline
        microphone.closeWriter()
        let result = dictate.finish()
        #expect(result.status == 0, "\(result.standardOutput)")
        let screen = result.standardOutput
        #expect(screen.contains("\u{1B}[2K"), "the status line is cleared and redrawn")
        #expect(screen.contains("●") && screen.contains("["), "recording dot and level meter")
        #expect(screen.contains("00:0"), "elapsed timer")
        #expect(screen.contains("go forward"), "partials or the final are shown")
        // The final ends up on a line of its own (after the status line is cleared), its
        // low-confidence words ("ten" scores about 0.04 in the forward lattice) underlined in
        // colour, unless NO_COLOR asks for none.
        let finalLine = screen.components(separatedBy: "\r\n").compactMap { line in
            line.components(separatedBy: "\u{1B}[2K").last
        }.last { $0.contains("go forward") }
        let plain = finalLine.map { $0.replacing(/\u{1B}\[[0-9;]*m/, with: "") }
        #expect(plain?.hasPrefix("go forward ten meters") == true, "\(screen.debugDescription)")
        #expect(finalLine?.contains("\u{1B}[4;33m") == !noColor, "\(screen.debugDescription)")
        #expect(screen.contains("\u{1B}[4") == !noColor, "underline only with colour")
        #expect(!screen.contains("{\""), "no JSON on a terminal")
    }
}
