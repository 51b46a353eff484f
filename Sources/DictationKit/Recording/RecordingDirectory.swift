import Foundation

#if canImport(Glibc)
import Glibc
#endif

extension DictationOptions {
    /// The folder under the user's data folder that recordings go to.
    public static let recordingSubdirectory = "dictationkit/recordings"

    /// Where recordings go when ``recordingDirectory`` is `nil`: `$XDG_DATA_HOME/dictationkit/recordings`,
    /// or `$HOME/.local/share/dictationkit/recordings` when `XDG_DATA_HOME` is unset or not an
    /// absolute path (the XDG Base Directory rule).
    /// - Parameter environment: The environment to read `XDG_DATA_HOME` and `HOME` from.
    /// - Returns: The folder, which may not exist yet; `nil` when neither variable is an absolute path.
    public static func defaultRecordingDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        func absolute(_ name: String) -> String? {
            guard let value = environment[name], value.hasPrefix("/") else { return nil }
            var path = Substring(value)
            while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
            return String(path)
        }
        if let data = absolute("XDG_DATA_HOME") { return data + "/" + recordingSubdirectory }
        if let home = absolute("HOME") { return home + "/.local/share/" + recordingSubdirectory }
        return nil
    }

    /// The folder this session's recordings go to: ``recordingDirectory``, or the default one.
    /// - Parameter environment: The environment to read `XDG_DATA_HOME` and `HOME` from.
    /// - Returns: The folder, which may not exist yet; `nil` when no folder can be worked out.
    public func resolvedRecordingDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        recordingDirectory ?? Self.defaultRecordingDirectory(environment: environment)
    }
}

/// Makes the folder recordings go to.
enum RecordingDirectory {
    /// Creates `path` and whichever of its parents are missing, each with permissions 0700, so that
    /// nobody else can list the recordings. A folder that already exists is left as it is: it is
    /// the user's (the files in it are 0600 whatever the folder allows).
    /// - Parameter path: The folder.
    /// - Throws: ``DictationError/Code/recordingFailed`` when a part of it can't be made.
    static func create(_ path: String) throws(DictationError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) == 0 { continue }
            let failure = errno
            var status = stat()
            if failure == EEXIST, stat(prefix, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { continue }
            let reason = failure == EEXIST ? "it is a file, not a folder" : DictationError.systemErrorText(failure)
            throw .recordingFailed(
                "I can't make the folder \(prefix) for recordings (\(reason)); choose another folder "
                    + "(recordingDirectory, or `--recording-directory`) or fix its permissions")
        }
    }
}
