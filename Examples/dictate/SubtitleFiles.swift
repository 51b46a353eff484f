import ArgumentParser
import Foundation

/// Where `dictate transcribe --format srt|vtt` writes each recording's subtitles when it writes
/// files: next to the recording (`talks/a.flac` → `talks/a.srt`), or in `--output-dir`.
enum SubtitleFiles {
    /// The subtitle file of each input.
    /// - Parameters:
    ///   - inputs: The recordings; standard input (`-`) is named `stdin`.
    ///   - fileExtension: `srt` or `vtt`.
    ///   - outputDirectory: The folder to write into, else each recording's own.
    /// - Returns: One path per input, in order.
    /// - Throws: `ValidationError` when two inputs would write the same file, or a file would
    ///   replace one of the inputs.
    static func paths(for inputs: [String], fileExtension: String, outputDirectory: String?) throws -> [String] {
        let outputs = inputs.map { input -> String in
            let name = input == "-" ? "stdin" : ((input as NSString).lastPathComponent as NSString).deletingPathExtension
            let folder = outputDirectory ?? (input == "-" ? "." : (input as NSString).deletingLastPathComponent)
            return ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent(name + "." + fileExtension)
        }
        let inputFiles = Set(inputs.filter { $0 != "-" }.map(canonical))
        var seen: [String: String] = [:]
        for (input, output) in zip(inputs, outputs) {
            let key = canonical(output)
            if inputFiles.contains(key) {
                throw ValidationError("\(output) is one of the inputs; refusing to overwrite it (use --output-dir)")
            }
            if let other = seen[key] {
                throw ValidationError("\(other) and \(input) would both be written to \(output); use --output-dir or rename one")
            }
            seen[key] = input
        }
        return outputs
    }

    /// A path with symbolic links and `.`/`..` resolved, so that two spellings of one file compare equal.
    private static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
