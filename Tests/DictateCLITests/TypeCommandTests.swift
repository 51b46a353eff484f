import Foundation
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
        let desktop: VirtualDesktop
        let microphone: TestMicrophone
        let runtime: URL

        init() throws {
            desktop = try VirtualDesktop()
            microphone = try TestMicrophone()
            runtime = desktop.folder.appendingPathComponent("runtime")
            try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }

        var environment: [String: String] {
            var environment = microphone.environment
            for (name, value) in desktop.environment where ["DISPLAY", "XDG_SESSION_TYPE"].contains(name) {
                environment[name] = value
            }
            environment["WAYLAND_DISPLAY"] = nil
            environment["XDG_RUNTIME_DIR"] = runtime.path
            return environment
        }

        func type(_ arguments: [String], history: String? = nil) throws -> RunningDictate {
            let keeping = history.map { ["--history-database", $0] } ?? ["--no-history"]
            return try RunningDictate(["type", "--device", TestMicrophone.device] + keeping + arguments, environment: environment)
        }

        /// `dictate control ARGUMENTS`, run to its end.
        func control(_ arguments: [String]) throws -> DictateProcess.Result {
            try DictateProcess.run(["control"] + arguments, environment: environment)
        }

        /// Waits until a running `dictate type` answers on its control socket in `state`.
        func waitForState(_ state: String) -> Bool {
            VirtualDesktop.waitUntil(seconds: 60) {
                ((try? self.control(["status"]))?.standardOutput ?? "").hasPrefix(state)
            }
        }
    }

    static func samples(ofWAV path: String) throws -> [Int16] {
        let data = try #require(FileManager.default.contents(atPath: path))
        // The WAVs made here are canonical: 44 bytes of header, then 16 kHz mono 16-bit samples.
        return data.dropFirst(44).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }

    @Test func writtenTextIsTypedAndScratchThatErasesTheLastSentence() throws {
        let setup = try Setup()
        let editor = try setup.desktop.openTerminal(named: "dk-editor")
        let recording = try WrittenTextCommandTests.scratchRecording()
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: recording).deletingLastPathComponent().path) }
        let dictate = try setup.type(["--output", "xdotool"])
        setup.microphone.play(try TestMicrophone.goForward())
        ListenCommandTests.settle()
        setup.microphone.play(try Self.samples(ofWAV: recording))
        ListenCommandTests.settle()
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
        let editor = try setup.desktop.openTerminal(named: "dk-stop")
        let stop = try Self.spoken("stop dictating", in: setup.desktop.folder)
        setup.microphone.startLiveFeed()
        let dictate = try setup.type(["--output", "xdotool"])
        #expect(setup.waitForState("listening -"), "dictate type should be listening, its session reading audio (a level)")
        setup.microphone.say(try TestMicrophone.goForward() + [Int16](repeating: 0, count: 16_000) + stop)
        // No Ctrl-C: the spoken command ends it.
        let result = dictate.finish()
        setup.microphone.closeWriter()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try setup.desktop.text(of: editor) == "Go forward 10 meters.\n")
    }

    /// `sentence` spoken by flite's awb voice (which Debian's model hears best of its voices), as 16 kHz samples.
    static func spoken(_ sentence: String, in folder: URL) throws -> [Int16] {
        let voice = folder.appendingPathComponent("voice22.wav").path
        let converted = folder.appendingPathComponent("voice.wav").path
        for (tool, arguments) in [
            ("/usr/bin/flite", ["-voice", "awb", "-t", sentence, "-o", voice]),
            ("/usr/bin/sox", [voice, "-r", "16000", "-c", "1", "-b", "16", converted]),
        ] {
            try #require(FileManager.default.isExecutableFile(atPath: tool), "\(tool) is missing: apt-get install flite sox")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = arguments
            try process.run()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0, "\(tool) failed")
        }
        return try samples(ofWAV: converted)
    }

    @Test func pasteModeTypesWhatTheKeyboardLayoutCannot() throws {
        let setup = try Setup()
        let editor = try setup.desktop.openTerminal(named: "dk-paste")
        let vocabulary = setup.desktop.folder.appendingPathComponent("words.txt")
        try "meters | mètres\nforward | förward\n".write(to: vocabulary, atomically: true, encoding: .utf8)
        let dictate = try setup.type(["--output", "paste", "--vocabulary", vocabulary.path])
        setup.microphone.play(try TestMicrophone.goForward())
        ListenCommandTests.settle()
        dictate.interrupt()
        setup.microphone.closeWriter()
        let result = dictate.finish()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try setup.desktop.text(of: editor) == "Go förward 10 mètres.\n")
    }

    @Test func liveTypingTypesStableWordsEarlyAndEndsWithExactlyTheFinal() throws {
        let setup = try Setup()
        let editor = try setup.desktop.openTerminal(named: "dk-live")
        let history = setup.desktop.folder.appendingPathComponent("history.sqlite").path
        setup.microphone.startLiveFeed()
        let dictate = try setup.type(["--output", "xdotool", "--live", "--verbose"], history: history)
        #expect(setup.waitForState("listening -"), "dictate type should be listening, its session reading audio (a level)")
        let sentence = try Self.samples(ofWAV: "/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0870.wav")
        setup.microphone.say(sentence)
        ListenCommandTests.settle()
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
        #expect(here.lines.contains { $0.hasPrefix("  ✔ xdotool") && $0.hasSuffix("(the default here)") }, "\(here.standardOutput)")
        #expect(here.lines.contains { $0.hasPrefix("  ✔ paste") }, "\(here.standardOutput)")
        var console = setup.environment
        console["DISPLAY"] = nil
        console["XDG_SESSION_TYPE"] = "tty"
        let there = try DictateProcess.run(["doctor", "--device", TestMicrophone.device], environment: console)
        #expect(there.lines.contains { $0.hasPrefix("  ✘ xdotool") && $0.contains("DISPLAY is not set") }, "\(there.standardOutput)")
        #expect(there.lines.contains { $0.hasPrefix("  ✘ wtype") && $0.contains("WAYLAND_DISPLAY") }, "\(there.standardOutput)")
        // No typing tool at all (ydotool would do on a console with /dev/uinput).
        console["PATH"] = "/nonexistent"
        let typing = try DictateProcess.run(["type", "--device", TestMicrophone.device, "--no-history"], environment: console)
        #expect(typing.status != 0)
        #expect(typing.standardError.contains("(outputUnavailable)"), "\(typing.standardError)")
    }

    @Test func textIsKeptWhenTheFocusMovesToAnotherWindow() throws {
        let setup = try Setup()
        let editor = try setup.desktop.openTerminal(named: "dk-first")
        let other = try setup.desktop.openTerminal(named: "dk-second")
        try setup.desktop.focus(editor)
        setup.microphone.startLiveFeed()
        let dictate = try setup.type(["--output", "xdotool"])
        #expect(setup.waitForState("listening -"), "dictate type should be listening, its session reading audio (a level)")
        // One LibriVox sentence, 6.6 s of speech with no pause long enough to end the utterance.
        let sentence = try Self.samples(ofWAV: "/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0870.wav")
        setup.microphone.say(sentence, waiting: false)
        // Halfway through the sentence, the user clicks into another window.
        usleep(3_500_000)
        try setup.desktop.focus(other)
        usleep(6_000_000)
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
        let editor = try setup.desktop.openTerminal(named: "dk-talk")
        // A sound card delivers periods whether or not anyone speaks: the device can be closed.
        setup.microphone.startLiveFeed()
        let dictate = try setup.type(["--output", "xdotool", "--wait"])
        #expect(setup.waitForState("idle"), "dictate type --wait should start idle")
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
        setup.microphone.say(Array(try TestMicrophone.goForward().prefix(Int(2.13 * 16_000))))
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
        #expect(try setup.desktop.text(of: editor) == "Go forward 10 meters.\n")

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
    /// session's next read, after the model has loaded at start: this waits (up to a minute on a
    /// loaded machine) for the answer to become `expected`, and returns the last one seen.
    static func holdsMicrophone(_ dictate: RunningDictate, _ setup: Setup, expected: Bool) -> Bool {
        let folder = "/proc/\(dictate.process.processIdentifier)/fd"
        var holds = !expected
        _ = VirtualDesktop.waitUntil(seconds: 60) {
            let links = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            holds = links.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)"))?.hasSuffix("mic.fifo") == true }
            return holds == expected
        }
        return holds
    }
}
