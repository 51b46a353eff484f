import Foundation
import Testing

/// Writes ALSA configurations of test PCMs. The text includes the system configuration first, so
/// the same file works as `ALSA_CONFIG_PATH` for a whole process (`dictate` in the CLI tests) and
/// as an explicit configuration for one `ALSACaptureSource` (`configurationFile:`).
package enum ALSATestConfiguration {
    /// The system configuration the test configurations include (the package libasound2-data).
    package static let systemConfiguration = "/usr/share/alsa/alsa.conf"

    /// Fails the test, naming the package to install, when the system configuration is missing.
    package static func requireSystemConfiguration() throws {
        try #require(
            FileManager.default.fileExists(atPath: systemConfiguration),
            "ALSA's configuration \(systemConfiguration) is missing: apt-get install libasound2-dev")
    }

    /// The configuration text defining `pcms` on top of the system configuration.
    package static func text(_ pcms: [ALSATestPCM]) -> String {
        "<\(systemConfiguration)>\n\n" + pcms.map(\.definition).joined()
    }

    /// A string in ALSA configuration syntax.
    package static func quoted(_ value: String) -> String {
        "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
