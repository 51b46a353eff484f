import Foundation

/// Finds the programs the tests drive (Xvfb, xdotool, sox, python3) as a shell would.
package enum ExecutableSearch {
    /// The first executable file named `name` in `PATH` (this process's, unless given), or `nil`.
    /// A name with a slash is a path already: itself when it is executable.
    package static func path(of name: String, searching searchPath: String? = nil) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let folders = (searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
