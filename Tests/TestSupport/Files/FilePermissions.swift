#if canImport(Glibc)
    import Glibc
#endif

/// A file's or folder's permission bits, as `stat(2)` has them: how the tests check that
/// recordings and histories are kept private.
package enum FilePermissions {
    /// The permission bits (`0o600`), or -1 when there is nothing at `path`.
    package static func of(_ path: String) -> Int {
        var status = stat()
        guard stat(path, &status) == 0 else { return -1 }
        return Int(status.st_mode & 0o777)
    }
}
