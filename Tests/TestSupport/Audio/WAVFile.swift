import Foundation
import Testing

/// A 16-bit PCM WAV file as it is on disk: what its header claims, and the samples that really
/// follow it.
///
/// Reads recordings the tests are given (pocketsphinx-testdata's, speech made with flite and sox)
/// and recordings the code under test writes, including one a killed process left, whose header
/// lags behind its data: the samples run to the end of the file, however many the header claims.
package struct WAVFile {
    package var fileSize: Int
    /// The RIFF chunk's size field.
    package var riffSize: Int
    package var formatTag: Int
    package var channelCount: Int
    package var sampleRate: Int
    package var byteRate: Int
    package var blockAlign: Int
    package var bitsPerSample: Int
    /// Where the `fmt ` chunk's header starts, and the size it claims.
    package var formatOffset: Int
    package var formatSize: Int
    /// Where the `data` chunk's samples start, and the size its header claims.
    package var dataOffset: Int
    package var dataSize: Int
    /// The 16-bit samples from the data chunk's start to the end of the file.
    package var samples: [Int16]

    /// Reads a file.
    /// - Throws: ``TestFailure`` when there is no file, or it has no RIFF/WAVE header, `fmt `
    ///   chunk or `data` chunk (an error, not a recorded issue: a test may poll a file being written).
    package init(path: String) throws {
        guard let contents = FileManager.default.contents(atPath: path) else { throw TestFailure("no file at \(path)") }
        let bytes = [UInt8](contents)
        func text(_ at: Int) -> String { String(decoding: bytes[at..<at + 4], as: UTF8.self) }
        func uint16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func uint32(_ at: Int) -> Int { uint16(at) | uint16(at + 2) << 16 }
        guard bytes.count >= 44, text(0) == "RIFF", text(8) == "WAVE" else { throw TestFailure("\(path) is not a WAV file") }
        var format: Int?
        var data: Int?
        var offset = 12
        // The chunks after "WAVE", up to the data chunk, whose size may be stale.
        while offset + 8 <= bytes.count, data == nil {
            let size = uint32(offset + 4)
            switch text(offset) {
            case "fmt ": format = offset
            case "data": data = offset
            default: break
            }
            offset += 8 + size + (size & 1)
        }
        guard let formatOffset = format, formatOffset + 24 <= bytes.count else {
            throw TestFailure("\(path) has no whole fmt chunk")
        }
        guard let dataOffset = data else { throw TestFailure("\(path) has no data chunk") }
        fileSize = bytes.count
        riffSize = uint32(4)
        self.formatOffset = formatOffset
        formatSize = uint32(formatOffset + 4)
        formatTag = uint16(formatOffset + 8)
        channelCount = uint16(formatOffset + 10)
        sampleRate = uint32(formatOffset + 12)
        byteRate = uint32(formatOffset + 16)
        blockAlign = uint16(formatOffset + 20)
        bitsPerSample = uint16(formatOffset + 22)
        self.dataOffset = dataOffset + 8
        dataSize = uint32(dataOffset + 4)
        samples = PCM16.samples(littleEndian: bytes[(dataOffset + 8)...])
    }

    /// The `.wav` files in a folder, full paths, sorted (none when there is no folder).
    package static func paths(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".wav") }.sorted().map { folder + "/" + $0 }
    }

    /// The samples as floats in -1...1 (value / 32768).
    package var floats: [Float] { PCM16.floats(samples) }

    /// The header is the canonical 44 bytes of 16-bit PCM: a 16-byte `fmt ` chunk right after
    /// "WAVE", the `data` chunk right after it, and a byte rate and block align that match.
    package var isCanonical: Bool {
        formatOffset == 12 && formatSize == 16 && formatTag == 1 && bitsPerSample == 16 && dataOffset == 44
            && blockAlign == channelCount * 2 && byteRate == sampleRate * channelCount * 2
    }

    /// A canonical header whose sizes match the file: RIFF size = file size − 8, data size = the
    /// bytes after the header.
    package var isConsistent: Bool { isCanonical && riffSize == fileSize - 8 && dataSize == fileSize - 44 }
}

extension WAVFile: CustomTestStringConvertible {
    /// Sizes and format only: a failed expectation must not print every sample.
    package var testDescription: String {
        "WAV(file \(fileSize), RIFF \(riffSize), data \(dataSize) at \(dataOffset), \(sampleRate) Hz, \(channelCount) ch)"
    }
}
