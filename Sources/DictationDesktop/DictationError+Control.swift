import DictationKit
import Foundation

extension DictationError.Code {
    /// No running dictation answers on the control socket: nothing is bound there, or what is
    /// left there is the socket of an instance that ended. Start one with `dictate type`.
    public static let notRunning = DictationError.Code(rawValue: "notRunning")
    /// Another instance already serves the control socket of this user (one instance per user);
    /// the message names its process id.
    public static let alreadyRunning = DictationError.Code(rawValue: "alreadyRunning")
    /// The control socket can't be used: no `XDG_RUNTIME_DIR`, a folder or socket with the wrong
    /// owner or permissions, a request or reply that is not the control protocol, or too many
    /// clients following the status.
    public static let controlFailed = DictationError.Code(rawValue: "controlFailed")
}

extension DictationError {
    /// No instance to control.
    /// - Parameter path: The socket that was tried.
    /// - Returns: A ``Code/notRunning`` error.
    public static func notRunning(at path: String) -> DictationError {
        DictationError(
            code: .notRunning,
            message: Text(.notRunning, ["path": "\(path)"]))
    }

    /// A second instance refused, because one serves the socket already.
    /// - Parameters:
    ///   - pid: The process id of the running instance, when it could be read.
    ///   - path: The socket it serves.
    /// - Returns: An ``Code/alreadyRunning`` error.
    public static func alreadyRunning(pid: Int32?, at path: String) -> DictationError {
        let holder = pid.map { Text(.alreadyRunningProcess, ["pid": "\($0)"]) } ?? Text(.alreadyRunningAnotherProcess)
        return DictationError(code: .alreadyRunning, message: Text(.alreadyRunning, ["holder": holder, "path": "\(path)"]))
    }

    /// The control socket can't be used.
    /// - Parameter detail: What went wrong and what to do, as whole sentences, in each language.
    /// - Returns: A ``Code/controlFailed`` error.
    public static func controlFailed(_ detail: Text) -> DictationError {
        DictationError(
            code: .controlFailed,
            message: Text(.controlFailed, ["detail": detail]))
    }

    /// `XDG_RUNTIME_DIR` is not set, so there is no private place for the socket.
    static func noRuntimeDirectory() -> DictationError {
        controlFailed(
            Text(.controlNoRuntimeDirectory))
    }

    /// A system call on the socket or its folder failed.
    /// - Parameters:
    ///   - action: What was being done, such as "make the folder /run/user/1000/dictationkit".
    ///   - errno: The system's error number.
    static func controlFailed(
        _ action: Text, errno number: Int32, advice: Text = controlPermissionAdvice
    ) -> DictationError {
        let reason = String(cString: strerror(number))
        return controlFailed(
            Text(.controlSystemCallFailed, ["action": action, "reason": "\(reason)", "advice": advice]))
    }

    static let controlPermissionAdvice = Text(.controlPermissionAdvice)
}
