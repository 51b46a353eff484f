import DictationKit
import Foundation

extension DictationError.Code {
    /// A text output (``TextOutputKind``) that can't work here: its tool is not installed, there
    /// is no display for it, `/dev/uinput` may not be written, or the Wayland compositor does not
    /// offer the virtual-keyboard protocol. The message says why and what to do.
    public static let outputUnavailable = DictationError.Code(rawValue: "outputUnavailable")
    /// A typing tool ran and failed, or did not finish in time and was stopped: the message gives
    /// its exit status and the first line of what it wrote to standard error.
    public static let typingFailed = DictationError.Code(rawValue: "typingFailed")
}

extension DictationError {
    /// A text output that can't work here.
    /// - Parameters:
    ///   - output: The output's `--output` name, such as `xdotool`.
    ///   - reason: Why not and what to do, as sentences without the final period, in each language.
    /// - Returns: A fatal ``Code/outputUnavailable`` error.
    public static func outputUnavailable(_ output: String, reason: Text) -> DictationError {
        DictationError(
            code: .outputUnavailable,
            message: Text(.outputUnavailable, ["output": "\(output)", "reason": reason]))
    }

    /// A typing tool that exited with a failure.
    /// - Parameters:
    ///   - tool: The tool's name, such as `xdotool`.
    ///   - status: Its exit status.
    ///   - standardError: The first line it wrote to standard error, if any (quoted as it is).
    /// - Returns: A fatal ``Code/typingFailed`` error.
    public static func typingFailed(_ tool: String, status: Int32, standardError: String?) -> DictationError {
        let said = standardError.map { ": \"\($0)\"" } ?? ""
        return DictationError(
            code: .typingFailed,
            message: Text(.typingFailed, ["tool": "\(tool)", "status": "\(status)", "said": "\(said)"]))
    }

    /// A typing tool that did not finish in time and was stopped.
    /// - Parameters:
    ///   - tool: The tool's name, such as `xclip`.
    ///   - seconds: How long it was given.
    ///   - detail: What it was waiting for, if known, in each language.
    /// - Returns: A fatal ``Code/typingFailed`` error.
    public static func typingTimedOut(_ tool: String, seconds: Double, detail: Text? = nil) -> DictationError {
        let shown = String(format: "%g", seconds)
        return DictationError(
            code: .typingFailed,
            message: Text(
                .typingTimedOut,
                [
                    "tool": "\(tool)", "seconds": "\(shown)",
                    "detail": detail.map { Text(.typingTimedOutDetail, ["detail": $0]) } ?? "",
                ]))
    }
}
