import DictationTestSupport
import Foundation
import Testing

/// Output a screen reader can follow (`--plain`, or automatic where standard output can't show a
/// redraw): whole lines appended, no escape sequences, carriage returns or symbols.
@Suite(.serialized, .timeLimit(.minutes(20))) struct PlainOutputTests {
    /// Three LibriVox sentences with a second of silence after each: several utterances.
    static func sentences() throws -> [Int16] {
        let gap = [Int16](repeating: 0, count: 16_000)
        return try ["0880", "0930", "0890"].flatMap { try PocketSphinxTestData.librivox($0) + gap }
    }

    /// Runs `dictate listen` with `arguments`, plays `samples` into the test microphone at once
    /// and then silence, until the silence ends the session.
    /// - Parameters:
    ///   - terminal: Whether standard output is a pseudo-terminal.
    ///   - term: `TERM` for it.
    static func listen(
        _ arguments: [String], playing samples: [Int16], terminal: Bool = false, term: String? = nil
    ) async throws -> DictateProcess.Result {
        try await offThePool {
            let microphone = try TestMicrophone()
            var environment = microphone.environment
            environment["TERM"] = term
            let dictate = try RunningDictate(
                ["listen", "--device", TestMicrophone.device, "--silence-timeout", "2.5", "--no-history"] + arguments,
                environment: environment, terminal: terminal, watchdog: .seconds(300))
            try microphone.play(samples)
            microphone.keepPlayingSilence()
            let result = dictate.finish()
            microphone.closeWriter()
            return result
        }
    }

    /// What a pseudo-terminal printed, with the `\r\n` its line discipline makes of `\n` undone.
    static func lines(ofScreen screen: String) -> [String] {
        screen.replacing("\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test func plainOnATerminalIsOneLinePerFinalWithoutEscapes() async throws {
        let speech = try Self.sentences()
        let events = try await Self.listen(["--format", "jsonl"], playing: speech)
        #expect(events.status == 0, "\(events.standardError)")
        let written = try ListenCommandTests.events(events).filter { $0["type"] as? String == "final" }
            .compactMap { $0["written"] as? String }.filter { !$0.isEmpty }
        try #require(written.count >= 2, "several utterances to print: \(events.standardOutput.suffix(2000))")

        let plain = try await Self.listen(["--plain"], playing: speech, terminal: true, term: "xterm")
        #expect(plain.status == 0, "\(plain.standardOutput)")
        let screen = plain.standardOutput
        #expect(!screen.utf8.contains(0x1B), "no escape sequences: \(screen.debugDescription)")
        #expect(!screen.replacing("\r\n", with: "\n").contains("\r"), "no carriage returns: \(screen.debugDescription)")
        #expect(Self.lines(ofScreen: screen) == written, "one line per final: \(screen.debugDescription)")
    }

    @Test func aDumbTerminalGetsPlainLinesWithoutAsking() async throws {
        let result = try await Self.listen(
            [], playing: try PocketSphinxTestData.goForward(), terminal: true, term: "dumb")
        #expect(result.status == 0, "\(result.standardOutput)")
        #expect(!result.standardOutput.utf8.contains(0x1B), "\(result.standardOutput.debugDescription)")
        #expect(
            Self.lines(ofScreen: result.standardOutput) == ["Go forward 10 meters."], "\(result.standardOutput.debugDescription)")
    }

    @Test func aPipeGetsPlainLines() async throws {
        let result = try await Self.listen([], playing: try PocketSphinxTestData.goForward())
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "Go forward 10 meters.\n")
    }

    /// Stable words come as they become stable, each printed once and in order; the final's line
    /// follows. A LibriVox sentence, long enough for partials to settle while it is said.
    @Test func stableWordsArePrintedOnceBeforeTheFinal() async throws {
        let result = try await offThePool {
            let microphone = try TestMicrophone()
            let dictate = try RunningDictate(
                [
                    "listen", "--device", TestMicrophone.device, "--stable-words", "--silence-timeout", "1.5",
                    "--no-history",
                ],
                environment: microphone.environment, watchdog: .seconds(300))
            // At real time, as spoken, so that partials come while it is said.
            microphone.startLiveFeed()
            try microphone.say(try PocketSphinxTestData.librivox("0870"))
            let result = dictate.finish()
            microphone.closeWriter()
            return result
        }
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.lines.dropLast()
        let final = try #require(lines.last, "\(result.standardError)").split(separator: " ")
        #expect(final.first == "And" && final.last?.hasSuffix(".") == true, "the final, written: \(result.standardOutput)")
        // The final may still revise a word or two that was stable ("how watch" became "how much"
        // once): words printed twice would put the rest out of step with the final, and make more
        // of them than it has.
        let early = lines.dropLast().joined(separator: " ").split(separator: " ")
        let inStep = zip(early, final).count { $0 == $1 }
        #expect(early.count < final.count && inStep * 4 >= early.count * 3, "\(result.standardOutput)")
        // How many come early is the machine's business: a session far behind its live source
        // shows no partials until it has caught up. It is printed.
        print("stable words printed early: \(early.count) of \(final.count)")
    }

    /// "scratch that" says in words what it took back.
    @Test func scratchThatIsSaidInWords() async throws {
        let spoken = try WrittenTextCommandTests.scratchRecording()
        defer { spoken.remove() }
        let result = try await Self.listen([], playing: try PocketSphinxTestData.goForward() + spoken.samples)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput
                == "Go forward 10 meters.\nGo forward 10 meters.\nscratched: Go forward 10 meters.\nThank you very much.\n")
    }

    /// `dictate type --output stdout` into a pipe says what it erases instead of backspacing.
    @Test func typeToAPipeSaysWhatItErases() async throws {
        let spoken = try WrittenTextCommandTests.scratchRecording()
        defer { spoken.remove() }
        let result = try await offThePool {
            let microphone = try TestMicrophone()
            let runtime = microphone.directory.appendingPathComponent("runtime")
            try FileManager.default.createDirectory(
                at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            var environment = microphone.environment
            environment["XDG_RUNTIME_DIR"] = runtime.path
            let dictate = try RunningDictate(
                ["type", "--output", "stdout", "--device", TestMicrophone.device, "--no-history"],
                environment: environment, watchdog: .seconds(300))
            // Ctrl-C once the device has read it all: what was captured is still decoded and typed.
            try microphone.play(try PocketSphinxTestData.goForward())
            try microphone.play(spoken.samples)
            dictate.interrupt()
            microphone.closeWriter()
            return dictate.finish()
        }
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardOutput.contains("\u{8}"), "\(result.standardOutput.debugDescription)")
        #expect(
            result.standardOutput
                == "Go forward 10 meters. Go forward 10 meters.\nerased: Go forward 10 meters.\nThank you very much.",
            "\(result.standardOutput.debugDescription)")
    }

    @Test func doctorMarksAreWordsWhereNotOnATerminal() async throws {
        let (healthy, broken, onTerminal) = try await offThePool {
            let microphone = try TestMicrophone()
            let healthy = try DictateProcess.run(
                ["doctor", "--device", TestMicrophone.device], environment: microphone.environment)
            let broken = try DictateProcess.run(["doctor", "--device", "no_such_device_here", "--locale", "xx-YY"])
            var environment = microphone.environment
            environment["TERM"] = "xterm"
            let onTerminal = try RunningDictate(
                ["doctor", "--device", TestMicrophone.device], environment: environment, terminal: true,
                watchdog: .seconds(300)
            ).finish()
            return (healthy, broken, onTerminal)
        }
        for result in [healthy, broken] {
            #expect(!result.standardOutput.contains { "✔✘–".contains($0) }, "\(result.standardOutput)")
        }
        #expect(healthy.status == 0, "\(healthy.standardOutput)")
        #expect(Self.marked("ok", "device \(TestMicrophone.device)", in: healthy.lines), "\(healthy.standardOutput)")
        #expect(Self.marked("ok", "decoder", in: healthy.lines), "\(healthy.standardOutput)")
        #expect(broken.status == 1)
        #expect(Self.marked("failed", "device no_such_device_here", in: broken.lines), "\(broken.standardOutput)")
        #expect(Self.marked("failed", "locale xx-YY", in: broken.lines), "\(broken.standardOutput)")
        #expect(broken.standardOutput.contains("see the lines marked failed"), "\(broken.standardOutput)")
        // A terminal that can show them keeps the symbols.
        #expect(onTerminal.standardOutput.contains("✔ device \(TestMicrophone.device)"), "\(onTerminal.standardOutput)")
    }

    /// The line of `dictate doctor` that marks `subject` with `mark` (after any indent, and the
    /// spaces that line the marks up), if there is one.
    static func line(marked mark: String, _ subject: String, in lines: [String]) -> String? {
        lines.first { line in
            let marked = line.drop { $0 == " " }
            return marked.hasPrefix(mark + " ") && marked.dropFirst(mark.count).drop { $0 == " " }.hasPrefix(subject)
        }
    }

    /// Whether a line of `dictate doctor` marks `subject` with `mark`.
    static func marked(_ mark: String, _ subject: String, in lines: [String]) -> Bool {
        line(marked: mark, subject, in: lines) != nil
    }
}
