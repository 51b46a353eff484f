import Foundation
import Testing

/// The Whisper models `scripts/test.sh` installs for the tests (`dictate models install
/// whisper-tiny.en whisper-base`), where `dictate` keeps them.
package enum WhisperTestModels {
    /// Where installed Whisper models are: `$XDG_DATA_HOME/dictationkit/models/whisper`, or under
    /// `~/.local/share` when it is not set.
    package static var directory: String {
        let data = ProcessInfo.processInfo.environment["XDG_DATA_HOME"] ?? NSHomeDirectory() + "/.local/share"
        return data + "/dictationkit/models/whisper"
    }

    /// An installed model's file, once it is known to be there.
    /// - Parameter name: The model's name (`tiny.en`, `base`).
    /// - Throws: When the model is not installed, saying how to install it.
    package static func path(_ name: String) throws -> String {
        let path = directory + "/\(name).bin"
        try #require(
            FileManager.default.fileExists(atPath: path),
            "no Whisper \(name) model at \(path): run `dictate models install whisper-\(name)`")
        return path
    }
}
