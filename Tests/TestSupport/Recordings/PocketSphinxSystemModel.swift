import Foundation
import Testing

/// Debian's US English PocketSphinx model (the package pocketsphinx-en-us): what `dictate` and the
/// recognizer find when no model pack is installed, and what the tests decode with.
package enum PocketSphinxSystemModel {
    /// The folder Debian installs it in.
    package static let englishUS = "/usr/share/pocketsphinx/model/en-us"
    /// The folder of Debian's PocketSphinx models.
    package static let root = "/usr/share/pocketsphinx/model"

    /// ``englishUS``, once it is known to be installed.
    /// - Throws: When the package is not installed.
    package static func requireEnglishUS() throws -> String {
        try #require(
            FileManager.default.fileExists(atPath: englishUS + "/en-us.lm.bin"),
            "The US English PocketSphinx model is missing: install the Debian package pocketsphinx-en-us")
        return englishUS
    }
}
