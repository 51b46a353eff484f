import DictationKit
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where the history database lives, and making its folder and file private before SQLite opens it.
enum HistoryDatabaseFile {
    /// `$XDG_DATA_HOME/dictationkit/history.sqlite`, or `$HOME/.local/share/dictationkit/history.sqlite`
    /// when `XDG_DATA_HOME` is unset or not an absolute path (the XDG Base Directory rule).
    static func defaultPath(environment: [String: String]) -> String? {
        UserDataFolder.path("dictationkit/history.sqlite", environment: environment)
    }

    /// Creates the folders leading to `path` that are missing, each with mode 0700, and the
    /// database file itself with mode 0600 when it does not exist yet.
    ///
    /// SQLite creates the `-wal` and `-shm` files with the mode of the database file, so they are
    /// 0600 too. Existing folders and an existing file are left as they are: they are the user's.
    /// - Throws: ``DictationError/Code/historyUnavailable`` when a folder or the file can't be made.
    static func prepare(_ path: String) throws(DictationError) {
        let url = URL(fileURLWithPath: path)
        try makeFolders(url.deletingLastPathComponent().path)
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            // The umask can only take bits away from 0600, but a strange one could leave the file
            // unwritable: set exactly 0600.
            _ = fchmod(descriptor, 0o600)
            close(descriptor)
        } else if errno != EEXIST {
            throw failure("I can't create \(url.path)", errno)
        }
    }

    private static func makeFolders(_ folder: String) throws(DictationError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw DictationError.historyUnavailable(
                    "\(folder) is a file, not a folder",
                    advice: "Move it away, or give the history another place with `--history-database PATH`.")
            }
            return
        }
        let parent = URL(fileURLWithPath: folder).deletingLastPathComponent().path
        if parent != folder { try makeFolders(parent) }
        if mkdir(folder, 0o700) == 0 {
            _ = chmod(folder, 0o700)
        } else if errno != EEXIST {
            throw failure("I can't create the folder \(folder)", errno)
        }
    }

    private static func failure(_ what: String, _ code: Int32) -> DictationError {
        DictationError.historyUnavailable(
            "\(what) (\(String(cString: strerror(code))))",
            advice: "Check that the folder is yours and writable, or give the history another place with "
                + "`--history-database PATH`.")
    }
}
