import DictationKit
import Foundation

/// A final's alternatives in the text format: one indented line each, likeliest first, with
/// the recognizer's score (a natural logarithm; higher is likelier).
enum AlternativeLines {
    /// The lines, each ending in a newline; empty when the final has no alternatives.
    /// - Parameter transcript: A final.
    /// - Returns: `"  alternative: TEXT (score S)\n"` per alternative.
    static func text(for transcript: Transcript) -> String {
        transcript.alternatives.map { "  alternative: \($0.text) (score \(String(format: "%.3f", $0.score)))\n" }.joined()
    }
}
