import DictationKit

#if canImport(Glibc)
    import Glibc
#endif

/// What can go wrong with a decoding worker, as the errors ``WorkerAudioDataSource`` throws.
///
/// A worker that dies, stalls, runs past a limit or writes nonsense makes its file an
/// ``DictationError/Code/invalidAudio`` error: the file is what a sound worker could not decode,
/// and the process that serves it goes on. A worker that can't be started is the server's
/// problem, not the file's.
enum WorkerProblem {
    /// The worker's output ended before its last record.
    case stopped(WorkerProcess.Termination, cpuSeconds: Int)
    /// No record for the stall limit's seconds while one was awaited.
    case stalled(seconds: Double)
    /// More audio than the limit allows.
    case tooLong(seconds: Double)
    /// Output that is not the worker's records.
    case garbled(WorkerOutputProblem)
    /// The system would not start the worker (or set its limits).
    case unstartable(command: String, reason: String, code: Int32)

    var error: DictationError {
        let input = AudioInputProblem.audioData
        let advice = DictationError.Text(.audioWorkerAdvice)
        switch self {
        case .stopped(.signaled(let signal), let cpuSeconds) where signal == SIGXCPU:
            return .invalidAudio(
                DictationError.Text(.audioWorkerCPULimit, ["input": input, "seconds": "\(cpuSeconds)"]), advice: advice)
        case .stopped(let termination, _):
            let how: DictationError.Text =
                switch termination {
                case .signaled(let signal):
                    DictationError.Text(.audioWorkerSignal, ["signal": "\(Self.signalName(signal))"])
                case .exited(let status): DictationError.Text(.audioWorkerExitStatus, ["status": "\(status)"])
                }
            return .invalidAudio(DictationError.Text(.audioWorkerStopped, ["input": input, "how": how]), advice: advice)
        case .stalled(let seconds):
            return .invalidAudio(
                DictationError.Text(.audioWorkerStalled, ["input": input, "seconds": seconds.secondsText]),
                advice: advice)
        case .tooLong(let seconds):
            return .invalidAudio(
                DictationError.Text(.audioWorkerTooLong, ["input": input, "seconds": seconds.secondsText]),
                advice: DictationError.Text(.audioSendWholeAdvice))
        case .garbled(let problem):
            return .invalidAudio(
                DictationError.Text(.audioWorkerGarbled, ["input": input, "englishReason": "\(problem.reason)"]),
                advice: advice)
        case .unstartable(let command, let reason, let code):
            let exhausted = [EAGAIN, ENOMEM, EMFILE, ENFILE].contains(code)
            return DictationError(
                code: exhausted ? .resourcesExhausted : .invalidConfiguration,
                message: DictationError.Text(.audioWorkerUnstartable, ["command": "\(command)", "reason": "\(reason)"]))
        }
    }

    /// "11 (SIGSEGV)": the number and, for the usual ones, the name.
    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGILL: "SIGILL", SIGFPE: "SIGFPE",
            SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGTRAP: "SIGTRAP", SIGXCPU: "SIGXCPU", SIGPIPE: "SIGPIPE",
        ]
        return names[signal].map { "\(signal) (\($0))" } ?? "\(signal)"
    }
}
