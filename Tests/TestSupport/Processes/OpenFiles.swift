import Foundation

/// What a process has open, from `/proc/PID/fd`: the real check that a device was closed.
package enum OpenFiles {
    /// How many descriptors of a process refer to `path`.
    /// - Parameters:
    ///   - path: The file, FIFO or device.
    ///   - process: The process's id; this process by default.
    package static func count(of path: String, in process: Int32? = nil) -> Int {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let folder = "/proc/" + (process.map(String.init) ?? "self") + "/fd"
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return descriptors.filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)")) == target
        }.count
    }
}
