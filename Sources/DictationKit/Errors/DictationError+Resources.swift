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
            message: Text(.threadRefused, ["name": "\(name)", "reason": "\(reason)"]),
            isFatal: true)
    }
}
