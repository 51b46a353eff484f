import DictationKit
import Foundation

/// What each output needs here, checked for real: the tool on `PATH`, a display it can open, a
/// compositor that takes virtual keystrokes, write access to `/dev/uinput`. A check either gives
/// the tools to use or the coded error saying why not.
struct OutputRequirements {
    /// The tools a usable output runs.
    struct Tools {
        /// The typing tool's path (for paste: the tool that presses the paste key).
        var typing: String
        /// For paste: which typing output presses the key.
        var keyOutput: TextOutputKind?
        /// For paste: the tools that write and read the clipboard.
        var copy: String?
        var read: String?
        /// What it uses, for `dictate doctor`.
        var detail: String
    }

    var environment: DesktopEnvironment

    /// The tools of an output, or why it can't work here.
    func check(_ kind: TextOutputKind) -> Result<Tools, DictationError> {
        switch kind {
        case .xdotool: return checkXdotool()
        case .wtype: return checkWtype()
        case .ydotool: return checkUinputTool(kind, package: "ydotool", acceptsDaemon: true)
        case .dotool: return checkUinputTool(kind, package: nil, acceptsDaemon: false)
        case .paste: return checkPaste()
        case .stdout: return .success(Tools(typing: "", detail: "standard output"))
        default:
            return .failure(
                unavailable(
                    kind,
                    Text(
                        english: "there is no output of that name; the outputs are "
                            + TextOutputKind.allCases.map(\.rawValue).joined(separator: ", "),
                        norwegianBokmal: "det finnes ingen utdata med det navnet; utdataene er "
                            + TextOutputKind.allCases.map(\.rawValue).joined(separator: ", "))))
        }
    }

    private typealias Text = DictationError.Text

    private func unavailable(_ kind: TextOutputKind, _ reason: Text) -> DictationError {
        DictationError.outputUnavailable(kind.rawValue, reason: reason)
    }

    private func missing(_ kind: TextOutputKind, tool: String, package: String?) -> DictationError {
        let install =
            package.map {
                Text(english: "install it (`apt-get install \($0)`)", norwegianBokmal: "installer det (`apt-get install \($0)`)")
            }
            ?? Text(
                english: "it is not packaged in Debian: build it from https://git.sr.ht/~geb/dotool and put it on PATH",
                norwegianBokmal: "det finnes ikke som Debian-pakke: bygg det fra https://git.sr.ht/~geb/dotool og legg det i PATH"
            )
        return unavailable(
            kind,
            Text(
                english: "\(tool) is not on PATH; \(install.english)",
                norwegianBokmal: "\(tool) finnes ikke i PATH; \(install.norwegianBokmal)"))
    }

    private func checkXdotool() -> Result<Tools, DictationError> {
        guard let xdotool = environment.tool(named: "xdotool") else {
            return .failure(missing(.xdotool, tool: "xdotool", package: "xdotool"))
        }
        guard let display = environment.x11Display else {
            return .failure(
                unavailable(
                    .xdotool,
                    Text(
                        english: "DISPLAY is not set, so there is no X display to type into; in a Wayland session "
                            + "use wtype or ydotool (xdotool reaches only XWayland windows)",
                        norwegianBokmal: "DISPLAY er ikke satt, så det finnes ingen X-skjerm å skrive i; i en Wayland-økt, "
                            + "bruk wtype eller ydotool (xdotool når bare XWayland-vinduer)")))
        }
        let probe = ToolProcess(
            executable: xdotool, arguments: ["getdisplaygeometry"], environment: environment.variables, timeout: 5)
        guard let outcome = try? probe.run(), outcome.status == 0 else {
            return .failure(
                unavailable(
                    .xdotool,
                    Text(
                        english:
                            "xdotool can't open the X display \(display); check DISPLAY and that you may use it (xhost, XAUTHORITY)",
                        norwegianBokmal:
                            "xdotool får ikke åpnet X-skjermen \(display); sjekk DISPLAY og at du har tilgang (xhost, XAUTHORITY)"
                    )))
        }
        return .success(Tools(typing: xdotool, detail: "\(xdotool) on X display \(display)"))
    }

    private func checkWtype() -> Result<Tools, DictationError> {
        guard let wtype = environment.tool(named: "wtype") else {
            return .failure(missing(.wtype, tool: "wtype", package: "wtype"))
        }
        guard let display = environment.waylandDisplay else {
            return .failure(
                unavailable(
                    .wtype,
                    Text(
                        english: "WAYLAND_DISPLAY is not set, so there is no Wayland compositor to type into",
                        norwegianBokmal: "WAYLAND_DISPLAY er ikke satt, så det finnes ingen Wayland-kompositor å skrive i")))
        }
        // `-s 1` sleeps a millisecond and types nothing: wtype connects and binds the
        // virtual keyboard, which is exactly the question.
        let probe = ToolProcess(executable: wtype, arguments: ["-s", "1"], environment: environment.variables, timeout: 5)
        let outcome = try? probe.run()
        if let outcome, outcome.status == 0 {
            return .success(Tools(typing: wtype, detail: "\(wtype) on Wayland display \(display)"))
        }
        if outcome?.standardError.contains("virtual keyboard") == true {
            return .failure(
                unavailable(
                    .wtype,
                    Text(
                        english: "the compositor does not offer the virtual-keyboard protocol (GNOME doesn't); use ydotool, "
                            + "or paste with ydotool",
                        norwegianBokmal: "kompositoren tilbyr ikke virtual-keyboard-protokollen (GNOME gjør ikke det); bruk "
                            + "ydotool, eller lim inn med ydotool")))
        }
        return .failure(
            unavailable(
                .wtype,
                Text(
                    english: "wtype can't connect to the Wayland display \(display) (\(outcome?.firstErrorLine ?? "no answer")); "
                        + "check WAYLAND_DISPLAY and XDG_RUNTIME_DIR",
                    norwegianBokmal:
                        "wtype får ikke koblet til Wayland-skjermen \(display) (\(outcome?.firstErrorLine ?? "intet svar")); "
                        + "sjekk WAYLAND_DISPLAY og XDG_RUNTIME_DIR")))
    }

    /// ydotool's daemon socket, where one is listening: `YDOTOOL_SOCKET`, else the places
    /// ydotoold 0.1.x and 1.x put it.
    func ydotoolSocket() -> String? {
        var candidates = [environment.variables["YDOTOOL_SOCKET"]].compactMap { $0 }
        if let runtime = environment.runtimeDirectory { candidates.append("\(runtime)/.ydotool_socket") }
        candidates.append("/tmp/.ydotool_socket")
        return candidates.first { path in
            var status = stat()
            return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFSOCK && access(path, W_OK) == 0
        }
    }

    private func checkUinputTool(_ kind: TextOutputKind, package: String?, acceptsDaemon: Bool) -> Result<Tools, DictationError> {
        guard let tool = environment.tool(named: kind.rawValue) else {
            return .failure(missing(kind, tool: kind.rawValue, package: package))
        }
        if acceptsDaemon, let socket = ydotoolSocket() {
            return .success(Tools(typing: tool, detail: "\(tool) through ydotoold at \(socket)"))
        }
        let uinput = "/dev/uinput"
        guard FileManager.default.fileExists(atPath: uinput) else {
            return .failure(
                unavailable(
                    kind,
                    Text(
                        english: "\(uinput) does not exist; load the uinput module (`modprobe uinput`)",
                        norwegianBokmal: "\(uinput) finnes ikke; last inn uinput-modulen (`modprobe uinput`)")))
        }
        guard access(uinput, W_OK) == 0 else {
            return .failure(
                unavailable(
                    kind,
                    Text(
                        english: "you may not write to \(uinput); give your group access with a udev rule (see docs/desktop.md, "
                            + "\"Outputs\")\(acceptsDaemon ? " or run ydotoold" : "")",
                        norwegianBokmal: "du har ikke skrivetilgang til \(uinput); gi gruppen din tilgang med en udev-regel (se "
                            + "docs/desktop.md, «Outputs»)\(acceptsDaemon ? " eller kjør ydotoold" : "")")))
        }
        return .success(Tools(typing: tool, detail: "\(tool) writing to \(uinput)"))
    }

    private func checkPaste() -> Result<Tools, DictationError> {
        let wayland = environment.isWayland
        let (copy, read, package) = wayland ? ("wl-copy", "wl-paste", "wl-clipboard") : ("xclip", "xclip", "xclip")
        guard let copyPath = environment.tool(named: copy), let readPath = environment.tool(named: read) else {
            return .failure(missing(.paste, tool: copy, package: package))
        }
        let keyOutputs: [TextOutputKind] = wayland ? [.wtype, .ydotool] : [.xdotool]
        var reasons: [DictationError] = []
        for keyOutput in keyOutputs {
            switch check(keyOutput) {
            case .success(let tools):
                return .success(
                    Tools(
                        typing: tools.typing, keyOutput: keyOutput, copy: copyPath, read: readPath,
                        detail: "\(copyPath) and the paste key through \(tools.detail)"))
            case .failure(let error):
                reasons.append(error)
            }
        }
        let english = reasons.map { $0.message(in: .english).trimmingCharacters(in: ["."]) }.joined(separator: "; ")
        let norwegian = reasons.map { $0.message(in: .norwegianBokmal).trimmingCharacters(in: ["."]) }
            .joined(separator: "; ")
        return .failure(
            unavailable(
                .paste,
                Text(
                    english: "nothing here can press the paste key: \(english)",
                    norwegianBokmal: "ingenting her kan trykke limetasten: \(norwegian)")))
    }
}
