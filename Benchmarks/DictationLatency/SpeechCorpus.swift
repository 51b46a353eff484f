import Foundation

/// Real speech from Debian's pocketsphinx-testdata, as 16 kHz mono samples.
struct SpeechCorpus {
    static let directory = "/usr/share/pocketsphinx/test/data"

    static func load() throws -> [[Float]] {
        let files = [
            ("goforward.raw", 0),
            ("librivox/sense_and_sensibility_01_austen_64kb-0880.wav", 44),
            ("librivox/sense_and_sensibility_01_austen_64kb-0930.wav", 44),
        ]
        return try files.map { name, header in
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
