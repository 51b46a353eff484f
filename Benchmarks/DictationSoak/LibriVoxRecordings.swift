import DictationCapture
import DictationKit

/// The five LibriVox recordings of Debian's pocketsphinx-testdata (24.7 s of read speech), as
/// 16 kHz mono samples, read through ``AudioFileSource``.
enum LibriVoxRecordings {
    static let directory = "/usr/share/pocketsphinx/test/data/librivox"
    static let names = [
        "sense_and_sensibility_01_austen_64kb-0870.wav",
        "sense_and_sensibility_01_austen_64kb-0880.wav",
        "sense_and_sensibility_01_austen_64kb-0890.wav",
        "sense_and_sensibility_01_austen_64kb-0920.wav",
        "sense_and_sensibility_01_austen_64kb-0930.wav",
    ]
    static let sampleRate = 16_000

    /// Reads every recording.
    /// - Returns: One array of samples in -1...1 per recording, in ``names`` order.
    /// - Throws: ``BenchmarkError`` when a file is missing or not 16 kHz mono.
    static func load() throws -> [[Float]] {
        try names.map { name in
            let path = "\(directory)/\(name)"
            let reader: any AudioReader
            do {
                reader = try AudioFileSource(path: path).open()
            } catch {
                throw BenchmarkError("can't read \(path) (\(error)): apt-get install pocketsphinx-testdata")
            }
            defer { reader.close() }
            guard reader.format.sampleRate == sampleRate, reader.format.channelCount == 1 else {
                throw BenchmarkError("\(path) is \(reader.format), not 16 kHz mono")
            }
            var samples: [Float] = []
            while let frame = try reader.read(maxFrames: sampleRate) {
                samples += frame.samples
            }
            return samples
        }
    }
}
