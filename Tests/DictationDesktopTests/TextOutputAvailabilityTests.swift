import DictationKit
import Foundation
import Testing

@testable import DictationDesktop

/// What each output needs, checked with the real tools where no display is needed, and the
/// command lines of the tools that can't run here (Wayland, uinput).
@Suite(.timeLimit(.minutes(25)))
struct TextOutputAvailabilityTests {
    private let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"

    @Test func xdotoolWithoutADisplayIsUnusableWithACodedReason() throws {
        let environment = DesktopEnvironment(variables: ["PATH": path])
        let xdotool = try #require(TextOutputs.availability(in: environment).first { $0.kind == .xdotool })
        #expect(!xdotool.isUsable)
        #expect(xdotool.detail.contains("DISPLAY is not set"))
        #expect(throws: DictationError.self) { try TextOutputs.make(.xdotool, in: environment) }
        do {
            _ = try TextOutputs.make(.xdotool, in: environment)
        } catch {
            #expect(error.code == .outputUnavailable)
            #expect(error.message(in: .norwegianBokmal).contains("DISPLAY er ikke satt"))
        }
    }

    @Test func aToolMissingFromPathIsReportedWithWhatToInstall() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("empty-path-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let environment = DesktopEnvironment(variables: ["PATH": empty.path, "DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0"])
        let availability = Dictionary(uniqueKeysWithValues: TextOutputs.availability(in: environment).map { ($0.kind, $0) })
        #expect(availability[.xdotool]?.isUsable == false)
        #expect(availability[.xdotool]?.detail.contains("apt-get install xdotool") == true)
        #expect(availability[.wtype]?.detail.contains("apt-get install wtype") == true)
        #expect(availability[.dotool]?.detail.contains("not packaged in Debian") == true)
        #expect(availability[.paste]?.isUsable == false)
        #expect(availability[.stdout]?.isUsable == true)
        #expect(throws: DictationError.self) { try TextOutputs.automatic(in: environment) }
    }

    @Test func noWayToTypeIsOneCodedErrorSayingWhatToDo() {
        let environment = DesktopEnvironment(variables: ["PATH": path, "XDG_SESSION_TYPE": "tty"])
        do {
            let kind = try TextOutputs.automatic(in: environment)
            // Only a machine where ydotool may write /dev/uinput can type on a console.
            #expect(kind == .ydotool)
        } catch {
            #expect(error.code == .outputUnavailable)
            #expect(error.message.contains("--output stdout"))
        }
    }

    @Test func wtypeWithoutACompositorIsUnusable() throws {
        let runtime = FileManager.default.temporaryDirectory.path
        let unset = DesktopEnvironment(variables: ["PATH": path, "XDG_SESSION_TYPE": "wayland"])
        let noCompositor = DesktopEnvironment(variables: [
            "PATH": path, "XDG_SESSION_TYPE": "wayland", "WAYLAND_DISPLAY": "no-such-wayland-\(UUID().uuidString)",
            "XDG_RUNTIME_DIR": runtime,
        ])
        let first = try #require(TextOutputs.availability(in: unset).first { $0.kind == .wtype })
        #expect(!first.isUsable)
        #expect(first.detail.contains("WAYLAND_DISPLAY is not set"))
        let second = try #require(TextOutputs.availability(in: noCompositor).first { $0.kind == .wtype })
        #expect(!second.isUsable)
        #expect(second.detail.contains("can't connect"))
    }

    @Test func ydotoolIsUsableExactlyWhenUinputOrItsDaemonIsThere() throws {
        let environment = DesktopEnvironment(variables: ["PATH": path])
        let ydotool = try #require(TextOutputs.availability(in: environment).first { $0.kind == .ydotool })
        let requirements = OutputRequirements(environment: environment)
        let reachable = requirements.ydotoolSocket() != nil || access("/dev/uinput", W_OK) == 0
        #expect(ydotool.isUsable == reachable)
        if !reachable { #expect(ydotool.detail.contains("/dev/uinput")) }
    }

    @Test func wtypeCommandLines() {
        #expect(WtypeOutput.typeArguments("-x\nÆ") == ["-s", "100", "--", "-x\nÆ"])
        #expect(WtypeOutput.eraseArguments(2) == ["-s", "100", "-k", "BackSpace", "-k", "BackSpace"])
        #expect(
            WtypeOutput.pressArguments(.controlShift) == [
                "-s", "100", "-M", "ctrl", "-M", "shift", "-k", "v", "-m", "shift", "-m", "ctrl",
            ])
        #expect(WtypeOutput.utf8Locale(["LANG": "C"])["LC_ALL"] == "C.UTF-8")
        #expect(WtypeOutput.utf8Locale(["LANG": "nb_NO.UTF-8"])["LC_ALL"] == nil)
    }

    @Test func ydotoolCommandLinesOfBothGenerations() {
        #expect(YdotoolOutput.eraseArguments(3, .legacy).suffix(3) == ["--repeat", "3", "BackSpace"])
        #expect(YdotoolOutput.eraseArguments(1, .current) == ["key", "--key-delay", "8", "14:1", "14:0"])
        #expect(YdotoolOutput.pressArguments(.control, .legacy).last == "ctrl+v")
        #expect(YdotoolOutput.pressArguments(.control, .current) == ["key", "29:1", "47:1", "47:0", "29:0"])
        #expect(YdotoolOutput.typeArguments("-a", .legacy).suffix(2) == ["--", "-a"])
    }

    @Test func bookwormsYdotoolIsTheLegacyGeneration() throws {
        let environment = DesktopEnvironment(variables: ["PATH": path])
        let tool = try #require(environment.tool(named: "ydotool"), "apt-get install ydotool")
        // Debian 12 ships 0.1.8; a 1.x here would be a new finding to handle.
        #expect(YdotoolOutput.generation(of: tool, in: environment) == .legacy)
    }

    @Test func dotoolScriptsTypeLinesAndPressEnterBetweenThem() {
        #expect(DotoolOutput.typeScript("one\ntwo") == "type one\nkey enter\ntype two\n")
        #expect(DotoolOutput.typeScript("end\n") == "type end\nkey enter\n")
        #expect(DotoolOutput.eraseScript(2) == "key backspace\nkey backspace\n")
        #expect(DotoolOutput.pressScript(.shiftInsert) == "key shift+insert\n")
    }

    @Test func xdotoolPressesUpperCaseLettersOutsideASCIIWithShift() {
        #expect(
            XdotoolOutput.segments(of: "Øl og ÆØ, ok") == [
                .shifted(["Ø"]), .typed("l og "), .shifted(["Æ", "Ø"]), .typed(", ok"),
            ])
        #expect(XdotoolOutput.keysymName(of: "Æ") == "U00C6")
        #expect(!XdotoolOutput.needsShift("A"))
        #expect(!XdotoolOutput.needsShift("ø"))
    }

    @Test func pasteKeyFollowsTheFocusedWindowsClass() {
        #expect(PasteKey(for: nil) == .control)
        #expect(PasteKey(for: FocusedWindow(id: "1", className: "firefox")) == .control)
        #expect(PasteKey(for: FocusedWindow(id: "1", className: "kitty")) == .controlShift)
        #expect(PasteKey(for: FocusedWindow(id: "1", className: "XTerm")) == .shiftInsert)
    }

    @Test func standardOutputWritesTextAndOneBackSpacePerErasedCharacter() throws {
        let pipe = Pipe()
        let output = StandardOutputText(handle: pipe.fileHandleForWriting)
        try output.type("abc\n")
        try output.erase(characters: 2)
        try output.erase(characters: 0)
        try pipe.fileHandleForWriting.close()
        let written = try pipe.fileHandleForReading.readToEnd() ?? Data()
        #expect(String(decoding: written, as: UTF8.self) == "abc\n\u{8}\u{8}")
    }

    @Test func aToolThatHangsIsKilledWithACodedError() throws {
        // tail -f on /dev/null never ends by itself.
        let tail = try #require(DesktopEnvironment(variables: ["PATH": path]).tool(named: "tail"))
        let process = ToolProcess(executable: tail, arguments: ["-f", "/dev/null"], environment: [:], timeout: 0.5)
        #expect { try process.run() } throws: { ($0 as? DictationError)?.code == .typingFailed }
    }

    @Test func aToolThatFailsGivesItsStatusAndFirstErrorLine() throws {
        let sh = try #require(DesktopEnvironment(variables: ["PATH": path]).tool(named: "sh"))
        let process = ToolProcess(executable: sh, arguments: ["-c", "echo 'bad thing' >&2; exit 3"], environment: [:])
        do {
            try process.succeed()
            Issue.record("sh exited 3 without an error")
        } catch {
            #expect(error.code == .typingFailed)
            #expect(error.message.contains("exit status 3"))
            #expect(error.message.contains("\"bad thing\""))
        }
    }
}
