import Foundation

/// The process's memory as the kernel counts it, from `/proc/self/status`.
enum ResidentMemory {
    /// Resident set size now (`VmRSS`), in bytes; 0 when it can't be read.
    static var current: Int { field("VmRSS:") }

    /// The highest resident set size so far (`VmHWM`), in bytes; 0 when it can't be read.
    static var peak: Int { field("VmHWM:") }

    /// Bytes as MiB, for printing.
    static func mebibytes(_ bytes: Int) -> Double { Double(bytes) / 1_048_576 }

    /// A `kB` line of `/proc/self/status`, in bytes.
    private static func field(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            // "VmRSS:\t  123456 kB"
            let number = line.dropFirst(name.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) }
            return (number ?? 0) * 1024
        }
        return 0
    }
}
