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

    /// Why an output can't work here: the output and the reason, as a clause.
    struct Refusal: Error {
        var kind: TextOutputKind
        var reason: DictationError.Text

        /// The coded error: "I can't type with wtype: ...".
        var error: DictationError { .outputUnavailable(kind.rawValue, reason: reason) }

        /// The same as a clause to put in another message, without the error's final period.
        var clause: DictationError.Text {
            DictationError.Text(.outputUnavailableClause, ["output": "\(kind.rawValue)", "reason": reason])
        }
    }

    /// The tools of an output, or why it can't work here.
    func check(_ kind: TextOutputKind) -> Result<Tools, DictationError> {
        assess(kind).mapError(\.error)
    }

    /// The tools of an output, or why it can't work here, as its parts.
    private func assess(_ kind: TextOutputKind) -> Result<Tools, Refusal> {
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
                        .outputUnknown, ["outputs": "\(TextOutputKind.allCases.map(\.rawValue).joined(separator: ", "))"])))
        }
    }

    private typealias Text = DictationError.Text

    private func unavailable(_ kind: TextOutputKind, _ reason: Text) -> Refusal {
        Refusal(kind: kind, reason: reason)
    }

    private func missing(_ kind: TextOutputKind, tool: String, package: String?) -> Refusal {
        let install = package.map { Text(.outputInstallPackage, ["package": "\($0)"]) } ?? Text(.outputDotoolNotPackaged)
        return unavailable(
            kind,
            Text(.outputToolMissing, ["tool": "\(tool)", "install": install]))
    }

    private func checkXdotool() -> Result<Tools, Refusal> {
        guard let xdotool = environment.tool(named: "xdotool") else {
            return .failure(missing(.xdotool, tool: "xdotool", package: "xdotool"))
        }
        guard let display = environment.x11Display else {
            return .failure(
                unavailable(
                    .xdotool,
                    Text(.outputNoX11Display)))
        }
        let probe = ToolProcess(
            executable: xdotool, arguments: ["getdisplaygeometry"], environment: environment.variables, timeout: 5)
        guard let outcome = try? probe.run(), outcome.status == 0 else {
            return .failure(
                unavailable(
                    .xdotool,
                    Text(.outputX11DisplayUnopenable, ["display": "\(display)"])))
        }
        return .success(Tools(typing: xdotool, detail: "\(xdotool) on X display \(display)"))
    }

    private func checkWtype() -> Result<Tools, Refusal> {
        guard let wtype = environment.tool(named: "wtype") else {
            return .failure(missing(.wtype, tool: "wtype", package: "wtype"))
        }
        guard let display = environment.waylandDisplay else {
            return .failure(
                unavailable(
                    .wtype,
                    Text(.outputNoWaylandDisplay)))
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
                    Text(.outputNoVirtualKeyboard)))
        }
        return .failure(
            unavailable(
                .wtype,
                Text(
                    .outputWaylandUnreachable,
                    ["display": "\(display)", "answer": outcome?.firstErrorLine.map { "\($0)" } ?? Text(.outputNoAnswer)])))
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

    private func checkUinputTool(_ kind: TextOutputKind, package: String?, acceptsDaemon: Bool) -> Result<Tools, Refusal> {
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
                    Text(.outputNoUinput, ["uinput": "\(uinput)"])))
        }
        guard access(uinput, W_OK) == 0 else {
            return .failure(
                unavailable(
                    kind,
                    Text(
                        .outputUinputNotWritable,
                        ["uinput": "\(uinput)", "orDaemon": acceptsDaemon ? Text(.outputOrRunYdotoold) : ""])))
        }
        return .success(Tools(typing: tool, detail: "\(tool) writing to \(uinput)"))
    }

    private func checkPaste() -> Result<Tools, Refusal> {
        let wayland = environment.isWayland
        let (copy, read, package) = wayland ? ("wl-copy", "wl-paste", "wl-clipboard") : ("xclip", "xclip", "xclip")
        guard let copyPath = environment.tool(named: copy), let readPath = environment.tool(named: read) else {
            return .failure(missing(.paste, tool: copy, package: package))
        }
        let keyOutputs: [TextOutputKind] = wayland ? [.wtype, .ydotool] : [.xdotool]
        var refusals: [Refusal] = []
        for keyOutput in keyOutputs {
            switch assess(keyOutput) {
            case .success(let tools):
                return .success(
                    Tools(
                        typing: tools.typing, keyOutput: keyOutput, copy: copyPath, read: readPath,
                        detail: "\(copyPath) and the paste key through \(tools.detail)"))
            case .failure(let refusal):
                refusals.append(refusal)
            }
        }
        return .failure(
            unavailable(
                .paste, Text(.outputNoPasteKey, ["reasons": Text(joining: refusals.map(\.clause), separator: "; ")])))
    }
}
