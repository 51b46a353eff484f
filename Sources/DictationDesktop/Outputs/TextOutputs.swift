import DictationKit

/// The text outputs of this desktop: which work, which to use, and making one.
public enum TextOutputs {
    /// Every output, whether it works here and why not (for `dictate doctor` and `--output` errors).
    ///
    /// Runs the tools to find out (`xdotool getdisplaygeometry`, `wtype -s 1`): blocking, for a
    /// dedicated thread.
    /// - Parameter environment: The desktop.
    /// - Returns: One availability per ``TextOutputKind/allCases``, in that order.
    public static func availability(in environment: DesktopEnvironment) -> [TextOutputAvailability] {
        let requirements = OutputRequirements(environment: environment)
        return TextOutputKind.allCases.map { kind in
            switch requirements.check(kind) {
            case .success(let tools): TextOutputAvailability(kind: kind, isUsable: true, detail: tools.detail)
            case .failure(let error): TextOutputAvailability(kind: kind, isUsable: false, detail: error.message)
            }
        }
    }

    /// The output to use when the user names none: on X11 xdotool; on Wayland wtype if the
    /// compositor offers the virtual-keyboard protocol, else ydotool when usable.
    /// - Parameter environment: The desktop.
    /// - Returns: The output's kind.
    /// - Throws: `DictationError/Code/outputUnavailable` saying why none works and what to install.
    public static func automatic(in environment: DesktopEnvironment) throws(DictationError) -> TextOutputKind {
        let requirements = OutputRequirements(environment: environment)
        let candidates: [TextOutputKind] =
            environment.isWayland
            ? [.wtype, .ydotool]
            : environment.x11Display != nil ? [.xdotool] : [.ydotool]
        var reasons: [DictationError] = []
        for kind in candidates {
            switch requirements.check(kind) {
            case .success: return kind
            case .failure(let error): reasons.append(error)
            }
        }
        let session = environment.isWayland ? "Wayland" : environment.x11Display != nil ? "X11" : "console"
        throw DictationError(
            code: .outputUnavailable,
            message: DictationError.Text(
                .outputNoneUsable,
                ["session": "\(session)", "reasons": DictationError.Text(joining: reasons.map(\.messageText), separator: " ")]))
    }

    /// Makes an output.
    /// - Parameters:
    ///   - kind: The output.
    ///   - environment: The desktop.
    /// - Returns: The output, ready to type.
    /// - Throws: `DictationError/Code/outputUnavailable` (why, what to do) when it can't work here.
    public static func make(_ kind: TextOutputKind, in environment: DesktopEnvironment) throws(DictationError)
        -> any TextOutput
    {
        let tools = try OutputRequirements(environment: environment).check(kind).get()
        switch kind {
        case .stdout:
            return StandardOutputText()
        case .paste:
            let keyOutput = try keyPresser(tools.keyOutput ?? .xdotool, tool: tools.typing, in: environment)
            let clipboard = Clipboard(
                copyTool: tools.copy ?? "", readTool: tools.read ?? "", isWayland: environment.isWayland,
                environment: environment)
            let focus: (any WindowFocus)? = environment.isWayland ? nil : X11WindowFocus(environment: environment)
            return PasteOutput(clipboard: clipboard, keys: keyOutput, focus: focus)
        default:
            return try keyPresser(kind, tool: tools.typing, in: environment)
        }
    }

    private static func keyPresser(_ kind: TextOutputKind, tool: String, in environment: DesktopEnvironment)
        throws(DictationError) -> any KeyPressingOutput
    {
        switch kind {
        case .xdotool: return XdotoolOutput(tool: tool, environment: environment)
        case .wtype: return WtypeOutput(tool: tool, environment: environment)
        case .ydotool:
            return YdotoolOutput(
                tool: tool, environment: environment, generation: YdotoolOutput.generation(of: tool, in: environment))
        case .dotool: return DotoolOutput(tool: tool, environment: environment)
        default:
            throw DictationError(code: .internal, message: "\(kind) presses no keys")
        }
    }
}
