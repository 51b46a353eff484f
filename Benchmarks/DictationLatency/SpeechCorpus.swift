import Foundation

/// Real speech from Debian's pocketsphinx-testdata, as 16 kHz mono samples: the five LibriVox
/// sentences (3-7 s), goforward and the five "cards" commands (1-3 s).
struct SpeechCorpus {
    static let directory = "/usr/share/pocketsphinx/test/data"

    static func load() throws -> [[Float]] {
        let librivox = ["0870", "0880", "0890", "0920", "0930"].map {
            ("librivox/sense_and_sensibility_01_austen_64kb-\($0).wav", 44)
        }
        let cards = (1...5).map { (String(format: "cards/%03d.wav", $0), 44) }
        // Sentences and commands in turn, so both kinds come round in any number of utterances.
        let files = zip(librivox + [("goforward.raw", 0)], cards + [("goforward.raw", 0)]).flatMap { [$0, $1] }
        return try files.dropLast().map { name, header in
            let path = "\(directory)/\(name)"
            guard let data = FileManager.default.contents(atPath: path) else {
                throw BenchmarkError("missing \(path): apt-get install pocketsphinx-testdata")
            }
            return data.dropFirst(header).withUnsafeBytes { bytes in
                bytes.bindMemory(to: Int16.self).map { Float($0) / 32_768 }
            }
        }
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
