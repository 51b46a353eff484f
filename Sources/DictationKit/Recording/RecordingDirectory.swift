import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The folder recordings go to, made so that only its owner can list them.
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
                    + "(RecordingSource's directory, or `--recording-directory`) or fix its permissions")
        }
    }
}
