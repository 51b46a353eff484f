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
            message: Text(
                english: "No dictation is running for me to control (nothing answers on \(path)): "
                    + "start one with `dictate type`.",
                norwegianBokmal: "Ingen diktering kjører som jeg kan styre (ingenting svarer på \(path)): "
                    + "start en med `dictate type`."))
    }

    /// A second instance refused, because one serves the socket already.
    /// - Parameters:
    ///   - pid: The process id of the running instance, when it could be read.
    ///   - path: The socket it serves.
    /// - Returns: An ``Code/alreadyRunning`` error.
    public static func alreadyRunning(pid: Int32?, at path: String) -> DictationError {
        let english = pid.map { "process \($0)" } ?? "another process"
        let norwegian = pid.map { "prosess \($0)" } ?? "en annen prosess"
        return DictationError(
            code: .alreadyRunning,
            message: Text(
                english: "Dictation is already running (\(english), on \(path)); only one runs per user. "
                    + "Control it with `dictate control`, or end it with `dictate control quit`.",
                norwegianBokmal: "Diktering kjører allerede (\(norwegian), på \(path)); bare én kan kjøre per bruker. "
                    + "Styr den med `dictate control`, eller avslutt den med `dictate control quit`."))
    }

    /// The control socket can't be used.
    /// - Parameter detail: What went wrong and what to do, as whole sentences, in each language.
    /// - Returns: A ``Code/controlFailed`` error.
    public static func controlFailed(_ detail: Text) -> DictationError {
        DictationError(
            code: .controlFailed,
            message: Text(
                english: "I can't use the dictation control socket: \(detail.english)",
                norwegianBokmal: "Jeg får ikke brukt styringssokkelen for diktering: \(detail.norwegianBokmal)"))
    }

    /// `XDG_RUNTIME_DIR` is not set, so there is no private place for the socket.
    static func noRuntimeDirectory() -> DictationError {
        controlFailed(
            Text(
                english: "XDG_RUNTIME_DIR is not set, so there is no private folder for it. Log in through a "
                    + "session that sets it (systemd-logind does), or set it to a folder only you can use, "
                    + "e.g. `export XDG_RUNTIME_DIR=/run/user/$(id -u)`.",
                norwegianBokmal: "XDG_RUNTIME_DIR er ikke satt, så det finnes ingen privat mappe til den. Logg inn "
                    + "gjennom en økt som setter den (systemd-logind gjør det), eller sett den til en mappe bare du "
                    + "kan bruke, f.eks. `export XDG_RUNTIME_DIR=/run/user/$(id -u)`."))
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
            Text(
                english: "I couldn't \(action.english): \(reason). \(advice.english)",
                norwegianBokmal: "Jeg klarte ikke å \(action.norwegianBokmal): \(reason). \(advice.norwegianBokmal)"))
    }

    static let controlPermissionAdvice = Text(
        english: "Check that the folder is yours and that you may write to it.",
        norwegianBokmal: "Sjekk at mappen er din og at du har lov å skrive i den.")
}
