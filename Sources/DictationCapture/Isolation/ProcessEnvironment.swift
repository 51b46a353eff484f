#if canImport(Glibc)
    import Glibc
#endif

/// This process's environment, as `NAME=value` strings.
enum ProcessEnvironment {
    /// Read from `environ` each time: what a worker started now should inherit.
    static var current: [String] {
        var entries: [String] = []
        var cursor = environ
        while let entry = cursor.pointee {
            entries.append(String(cString: entry))
            cursor += 1
        }
        return entries
    }
}
