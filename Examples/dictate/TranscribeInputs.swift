import ArgumentParser
import Foundation

/// The recordings `dictate transcribe` is given: its arguments and the lines of `--files-from`,
/// with each folder replaced by the audio files in it.
enum TranscribeInputs {
    /// The names, in any case, of the files a folder argument contributes: audio formats
    /// libsndfile reads, and raw PCM.
    ///
    /// Only these, so that a folder that also holds transcripts, notes, or the subtitles an
    /// earlier `--format srt` run wrote next to its recordings, gives its recordings alone.
    static let audioExtensions: Set<String> = [
        "wav", "wave", "bwf", "rf64", "w64", "flac", "ogg", "oga", "opus", "mp3", "aif", "aiff", "aifc", "au",
        "snd", "caf", "raw", "pcm",
    ]

    /// Reads the list of `--files-from`: one path per line; empty lines are skipped.
    /// - Parameter list: A file, or `-` for standard input.
    /// - Returns: The paths, as written.
    /// - Throws: `ValidationError` when the file can't be read.
    static func paths(listedIn list: String) throws -> [String] {
        let data: Data
        if list == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let contents = FileManager.default.contents(atPath: list) else {
                throw ValidationError("--files-from \(list): can't read the file")
            }
            data = contents
        }
        return String(decoding: data, as: UTF8.self)
            .split(whereSeparator: \.isNewline)
            .map(String.init)
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    /// Replaces each folder among `paths` with the audio files directly in it (not in its
    /// subfolders), in name order; files, missing paths and `-` stay as they are, so that a
    /// missing file is reported with the others' results.
    /// - Parameter paths: Arguments and listed paths, in order.
    /// - Returns: The recordings, in order.
    /// - Throws: `ValidationError` for a folder that can't be read or holds no audio file.
    static func expandingFolders(_ paths: [String]) throws -> [String] {
        try paths.flatMap { path -> [String] in
            var isFolder: ObjCBool = false
            guard path != "-", FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue
            else { return [path] }
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
                throw ValidationError("\(path): can't read the folder")
            }
            let files = names.filter { name in
                guard !name.hasPrefix("."), audioExtensions.contains((name as NSString).pathExtension.lowercased())
                else { return false }
                var isSubfolder: ObjCBool = false
                let full = (path as NSString).appendingPathComponent(name)
                return FileManager.default.fileExists(atPath: full, isDirectory: &isSubfolder) && !isSubfolder.boolValue
            }
            guard !files.isEmpty else {
                throw ValidationError(
                    "\(path): no audio files in the folder (looked for .\(audioExtensions.sorted().joined(separator: ", .")))")
            }
            return files.sorted().map { (path as NSString).appendingPathComponent($0) }
        }
    }
}
