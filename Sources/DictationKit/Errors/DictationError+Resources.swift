extension DictationError.Code {
    /// The system refused what a session needs to run, such as a thread: the process has too many
    /// threads or too little memory. Nothing was decoded; trying again once the load is lighter may
    /// work.
    public static let resourcesExhausted = DictationError.Code(rawValue: "resourcesExhausted")
}

extension DictationError {
    /// The system would not start a thread.
    /// - Parameters:
    ///   - name: The thread's name, for the app's developer.
    ///   - errorNumber: What `pthread_create` returned.
    /// - Returns: A fatal ``Code/resourcesExhausted`` error.
    static func threadRefused(name: String, errorNumber: Int32) -> DictationError {
        let reason = systemErrorText(errorNumber)
        return DictationError(
            code: .resourcesExhausted,
            message: Text(
                english: "I couldn't start my \(name) thread: the system refused it (\(reason)). Too many threads "
                    + "are running or memory is short; try again when the machine is less busy.",
                norwegianBokmal: "Jeg fikk ikke startet tråden \(name): systemet nektet (\(reason)). For mange tråder "
                    + "kjører, eller det er for lite minne; prøv igjen når maskinen har mindre å gjøre."),
            isFatal: true)
    }
}
