import DictationKit

extension DictationError {
    /// The server can't be reached (or the connection to it broke): the audio is kept and sent
    /// when it is back, and its finals come then. Not fatal.
    /// - Parameter server: The server's URL.
    /// - Returns: A non-fatal `DictationError/Code/networkUnavailable` error.
    static func serverUnreachable(_ server: String) -> DictationError {
        DictationError(
            code: .networkUnavailable,
            message: .init(
                english: "I lost the connection to the dictation server \(server). I keep what you say and send it when "
                    + "the server is back; the text comes then.",
                norwegianBokmal: "Jeg mistet forbindelsen til dikteringsserveren \(server). Jeg tar vare på det du sier og "
                    + "sender det når serveren er tilbake; teksten kommer da."),
            isFatal: false)
    }

    /// The server stayed out of reach for longer than the audio kept for it allows.
    /// - Parameters:
    ///   - server: The server's URL.
    ///   - seconds: How much audio was kept.
    /// - Returns: A fatal `DictationError/Code/networkUnavailable` error.
    static func serverGone(_ server: String, keptSeconds seconds: Int) -> DictationError {
        DictationError(
            code: .networkUnavailable,
            message: .init(
                english: "The dictation server \(server) has been out of reach for longer than the \(seconds) s of audio "
                    + "I keep for it, so I stopped. Check the network and the server, then start again.",
                norwegianBokmal: "Dikteringsserveren \(server) har vært utenfor rekkevidde lenger enn de \(seconds) s med lyd "
                    + "jeg tar vare på for den, så jeg stoppet. Sjekk nettverket og serveren, og start på nytt."))
    }
}
