import DictationTestSupport
import Foundation
import GRDB
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `dictate type` end to end: a real X server (Xvfb) with a window manager, real xterm windows
/// receiving the keys, the real typing tools, and speech through the real ALSA capture path
/// (``TestMicrophone``).
@Suite(.serialized, .timeLimit(.minutes(25))) struct TypeCommandTests {
    /// Everything a `dictate type` test runs with: a desktop, a test microphone, a runtime folder.
    final class Setup {
        let desktop: X11TestDisplay
        let microphone: TestMicrophone
        let runtime: URL

        init() throws {
            desktop = try X11TestDisplay(windowManager: true)
            microphone = try TestMicrophone()
            runtime = desktop.folder.appendingPathComponent("runtime")
            try FileManager.default.createDirectory(
                at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }

        var environment: [String: String] {
            var environment = microphone.environment
            for (name, value) in desktop.variables where ["DISPLAY", "XDG_SESSION_TYPE"].contains(name) {
                environment[name] = value
            }
            environment["WAYLAND_DISPLAY"] = nil
            environment["XDG_RUNTIME_DIR"] = runtime.path
            return environment
        }

        func type(_ arguments: [String], history: String? = nil) throws -> RunningDictate {
            let keeping = history.map { ["--history-database", $0] } ?? ["--no-history"]
            return try RunningDictate(
                ["type", "--device", TestMicrophone.device] + keeping + arguments, environment: environment)
        }

        /// `dictate control ARGUMENTS`, run to its end.
        func control(_ arguments: [String]) throws -> DictateProcess.Result {
            try DictateProcess.run(["control"] + arguments, environment: environment)
        }

        /// Waits until a running `dictate type` answers on its control socket in `state`.
        func waitForState(_ state: String) throws {
            try waitUntil("dictate type answers on its control socket in state \(state)", pollingEvery: .milliseconds(100)) {
                ((try? self.control(["status"]))?.standardOutput ?? "").hasPrefix(state)
            }
        }

        /// Waits until the history `dictate type` keeps holds `count` finals.
        func waitForFinals(_ count: Int, in history: String) throws {
            try waitUntil("dictate type's history holds \(count) final(s)", pollingEvery: .milliseconds(100)) {
                let kept = try? DatabaseQueue(path: history).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM utterance") }
                return (kept ?? 0) >= count
            }
        }
    }

    @Test func writtenTextIsTypedAndScratchThatErasesTheLastSentence() throws {
        let setup = try Setup()
        let editor = try setup.desktop.startTerminal(title: "dk-editor")
        let recording = try WrittenTextCommandTests.scratchRecording()
        defer { recording.remove() }
        let dictate = try setup.type(["--output", "xdotool"])
        // Ctrl-C once the device has read it all: what was captured is still decoded and typed.
        try setup.microphone.play(try PocketSphinxTestData.goForward())
        try setup.microphone.play(try recording.samples)
        dictate.interrupt()
        setup.microphone.closeWriter()
        let result = dictate.finish()
        #expect(result.status == 0, "\(result.standardError)")
        // goforward, then goforward again, "scratch that" and "thank you very much": the second
        // sentence is erased, character by character, and the last one follows the first.
        #expect(try setup.desktop.text(of: editor) == "Go forward 10 meters. Thank you very much.\n")
    }

    @Test func stopDictatingEndsItWithTheTextTyped() throws {
        let setup = try Setup()
        let editor = try setup.desktop.startTerminal(title: "dk-stop")
        let stop = try Self.spoken("stop dictating")
        setup.microphone.startLiveFeed()
        let dictate = try setup.type(["--output", "xdotool"])
        // Listening, its session reading audio (a level).
        try setup.waitForState("listening -")
        try setup.microphone.say(try PocketSphinxTestData.goForward() + [Int16](repeating: 0, count: 16_000) + stop)
        // No Ctrl-C: the spoken command ends it.
        let result = dictate.finish()
        setup.microphone.closeWriter()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try setup.desktop.text(of: editor) == "Go forward 10 meters.\n")
    }

    /// `sentence` spoken by flite's awb voice (which Debian's model hears best of its voices), as 16 kHz samples.
    static func spoken(_ sentence: String) throws -> [Int16] {
        let recording = try SpokenRecording(parts: [.spoken(.flite("awb"), sentence)], pausesAround: false)
        defer { recording.remove() }
        return try recording.samples
    }

    @Test func pasteModeTypesWhatTheKeyboardLayoutCannot() throws {
        let setup = try Setup()
        let editor = try setup.desktop.startTerminal(title: "dk-paste")
        let vocabulary = setup.desktop.folder.appendingPathComponent("words.txt")
        try "meters | mètres\nforward | förward\n".write(to: vocabulary, atomically: true, encoding: .utf8)
        let dictate = try setup.type(["--output", "paste", "--vocabulary", vocabulary.path])
        try setup.microphone.play(try PocketSphinxTestData.goForward())
        dictate.interrupt()
        setup.microphone.closeWriter()
        let result = dictate.finish()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try setup.desktop.text(of: editor) == "Go förward 10 mètres.\n")
    }

    @Test func liveTypingTypesStableWordsEarlyAndEndsWithExactlyTheFinal() throws {
        try Self.typeLive(recognizer: [], title: "dk-live")
    }

    /// Whisper alone: its own searches of the utterance so far are the partials, and their
    /// stable words the ones typed early.
    @Test func liveTypingWithWhispersOwnPartialsEndsWithExactlyTheFinal() throws {
        try Self.typeLive(
            recognizer: ["--recognizer", "whisper", "--model", try WhisperTestModels.path("tiny.en")], title: "dk-live-whisper")
    }

    /// `dictate type --live` with `recognizer` options, a LibriVox sentence said into the test
    /// microphone: the window ends with the final's written text, whatever was typed early.
    static func typeLive(recognizer: [String], title: String) throws {
        let setup = try Setup()
        let editor = try setup.desktop.startTerminal(title: title)
        let history = setup.desktop.folder.appendingPathComponent("history.sqlite").path
        setup.microphone.startLiveFeed()
        let dictate = try setup.type(["--output", "xdotool", "--live", "--verbose"] + recognizer, history: history)
        try setup.waitForState("listening -")
        try setup.microphone.say(try PocketSphinxTestData.librivox("0870"))
        // The silence after the sentence ends its utterance: Ctrl-C once its final is kept.
        try setup.waitForFinals(1, in: history)
        dictate.interrupt()
        setup.microphone.closeWriter()
        let result = dictate.finish()
        #expect(result.status == 0, "\(result.standardError)")
        // The window holds the final's written text, whatever was typed early and corrected.
        let kept = try DictateProcess.run(["history", "export", "1", "--database", history])
        let final = kept.standardOutput.trimmingCharacters(in: .newlines)
        #expect(!final.isEmpty, "\(kept.standardError)")
        #expect(try setup.desktop.text(of: editor) == final + "\n")
        // How much went out before the final is the machine's business: a session far behind its
        // live source shows no partials until it has caught up (CI's load once gave none). It is
        // printed; the typist's tests check what early typing does.
        let typing = try #require(result.standardError.split(separator: "\n").first { $0.contains("typing done") })
        print("live typing: \(typing)")
    }

    @Test func doctorSaysWhichOutputsWorkHereAndWhyTheOthersDoNot() throws {
        let setup = try Setup()
        let here = try DictateProcess.run(["doctor", "--device", TestMicrophone.device], environment: setup.environment)
        // Not on a terminal, the marks are words (PlainOutputTests).
        #expect(
            PlainOutputTests.line(marked: "ok", "xdotool", in: here.lines)?.hasSuffix("(the default here)") == true,
            "\(here.standardOutput)")
        #expect(PlainOutputTests.marked("ok", "paste", in: here.lines), "\(here.standardOutput)")
        var console = setup.environment
        console["DISPLAY"] = nil
        console["XDG_SESSION_TYPE"] = "tty"
        let there = try DictateProcess.run(["doctor", "--device", TestMicrophone.device], environment: console)
        #expect(
            PlainOutputTests.line(marked: "failed", "xdotool", in: there.lines)?.contains("DISPLAY is not set") == true,
            "\(there.standardOutput)")
        #expect(
            PlainOutputTests.line(marked: "failed", "wtype", in: there.lines)?.contains("WAYLAND_DISPLAY") == true,
            "\(there.standardOutput)")
        // No typing tool at all (ydotool would do on a console with /dev/uinput).
        console["PATH"] = "/nonexistent"
        let typing = try DictateProcess.run(["type", "--device", TestMicrophone.device, "--no-history"], environment: console)
        #expect(typing.status != 0)
        #expect(typing.standardError.contains("(outputUnavailable)"), "\(typing.standardError)")
    }

    @Test func textIsKeptWhenTheFocusMovesToAnotherWindow() throws {
        let setup = try Setup()
        let editor = try setup.desktop.startTerminal(title: "dk-first")
        let other = try setup.desktop.startTerminal(title: "dk-second")
        try setup.desktop.focus(editor.window)
        setup.microphone.startLiveFeed()
        let dictate = try setup.type(["--output", "xdotool"])
        try setup.waitForState("listening -")
        // One LibriVox sentence, 6.6 s of speech with no pause long enough to end the utterance.
        let sentence = try PocketSphinxTestData.librivox("0870")
        try setup.microphone.say(sentence, waiting: false)
        // Halfway through the sentence, the user clicks into another window.
        try setup.microphone.waitUntilSaid(sentence.count / 2)
        try setup.desktop.focus(other.window)
        // The utterance ends in the silence after it; its final is not typed.
        try dictate.waitForError(containing: "not typed (windowChanged)")
        dictate.interrupt()
        setup.microphone.closeWriter()
        let result = dictate.finish()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("not typed (windowChanged): And "), "\(result.standardError)")
        #expect(try setup.desktop.text(of: other) == "\n", "nothing typed into the window that took the focus")
        #expect(try setup.desktop.text(of: editor) == "\n", "nothing typed once the window lost the focus")
    }

    @Test func pushToTalkKeepsTheLastWordAndSuspendClosesTheMicrophone() throws {
        let setup = try Setup()
        let editor = try setup.desktop.startTerminal(title: "dk-talk")
        // A sound card delivers periods whether or not anyone speaks: the device can be closed.
        setup.microphone.startLiveFeed()
        let dictate = try setup.type(["--output", "xdotool", "--wait"])
        // dictate type --wait starts idle.
        try setup.waitForState("idle")
        #expect(!Self.holdsMicrophone(dictate, setup, expected: false), "idle: the microphone is closed")

        // A status bar's view of it, from here to the end.
        let bar = try RunningDictate(["control", "status", "--follow", "--format", "jsonl"], environment: setup.environment)

        let second = try setup.type(["--output", "xdotool"]).finish()
        #expect(second.status != 0)
        #expect(second.standardError.contains("(alreadyRunning)"), "\(second.standardError)")

        let started = ContinuousClock.now
        #expect(try setup.control(["start"]).standardOutput.hasPrefix("listening"))
        print("control start answered after \(ContinuousClock.now - started) (a new dictate control process included)")
        #expect(Self.holdsMicrophone(dictate, setup, expected: true), "listening: the microphone is open")
        // The key goes up right after the last sample of "meters": no trailing silence at all.
        try setup.microphone.say(Array(try PocketSphinxTestData.goForward().prefix(Int(2.13 * 16_000))))
        #expect(try setup.control(["stop"]).standardOutput.hasPrefix("idle"))
        #expect(!Self.holdsMicrophone(dictate, setup, expected: false), "stopped: the microphone is closed")

        #expect(try setup.control(["toggle"]).standardOutput.hasPrefix("listening"))
        #expect(try setup.control(["suspend"]).standardOutput.hasPrefix("paused"))
        #expect(!Self.holdsMicrophone(dictate, setup, expected: false), "suspended: the microphone is closed")
        #expect(try setup.control(["resume"]).standardOutput.hasPrefix("listening"))
        #expect(try setup.control(["cancel"]).standardOutput.hasPrefix("idle"))
        #expect(try setup.control(["quit"]).status == 0)
        setup.microphone.closeWriter()
        let result = dictate.finish()
        #expect(result.status == 0, "\(result.standardError)")
        // What was typed, and what dictate said, when it is not the sentence (a rare failure here).
        let typed = try setup.desktop.text(of: editor)
        #expect(typed == "Go forward 10 meters.\n", "typed \(typed.debugDescription); \(result.standardError)")

        // The bar saw every state, and levels while listening; it ended when the instance quit.
        let statuses = bar.finish()
        #expect(statuses.status == 0, "\(statuses.standardError)")
        let objects = statuses.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let states = objects.compactMap { $0["state"] as? String }
        #expect(states.first == "idle" && states.contains("listening") && states.contains("paused"), "\(states)")
        #expect(objects.contains { $0["state"] as? String == "listening" && $0["level"] is Double }, "\(statuses.standardOutput)")
    }

    /// Whether the process has the test microphone's FIFO open: ALSA's `file` plugin opens it
    /// with the device and closes it with the device. The device opens or closes on the
    /// session's next read, after the model has loaded at start: this waits for the answer to
    /// become `expected`, and returns the last one seen.
    static func holdsMicrophone(_ dictate: RunningDictate, _ setup: Setup, expected: Bool) -> Bool {
        var holds = !expected
        _ = try? waitUntil("dictate \(expected ? "opens" : "closes") the test microphone", pollingEvery: .milliseconds(50)) {
            holds = OpenFiles.count(of: setup.microphone.fifo.path, in: dictate.process.processIdentifier) > 0
            return holds == expected
        }
        return holds
    }
}
