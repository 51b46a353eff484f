import DictationKit

/// What a running instance does with the commands that come over its control socket.
///
/// ``DictationControlServer`` calls ``handle(_:)`` for one command at a time, in the order they
/// arrived, whichever client sent them: a hotkey's `start` on key down is handled before its
/// `stop` on key up, even when they come from two processes a few milliseconds apart.
public protocol DictationControlHandler: Sendable {
    /// Does what a command asks and says where that left the instance.
    ///
    /// Called for the commands of ``DictationControlCommand/allKnown`` but
    /// ``DictationControlCommand/status``, which reads ``status`` (the server refuses unknown
    /// commands itself); keep a `default:` that throws, for commands added later.
    /// - Parameter command: The command.
    /// - Returns: The status after the command: the reply the client prints.
    /// - Throws: A coded error for a command that can't be done; the client shows it and the
    ///   instance goes on.
    func handle(_ command: DictationControlCommand) async throws(DictationError) -> DictationControlStatus

    /// The current status, for ``DictationControlCommand/status`` and the first line of a follow.
    var status: DictationControlStatus { get }
}
