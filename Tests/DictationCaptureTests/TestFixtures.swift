import DictationKit
import Foundation
import Testing

@testable import DictationCapture

/// Real speech and the tools that turn it into every WAV variant, from Debian packages.
enum TestFixtures {
    static let goforwardPath = "/usr/share/pocketsphinx/test/data/goforward.raw"
    static let goforwardRate = 16_000

    /// "Go forward ten meters", 16 kHz mono little-endian 16-bit, from pocketsphinx-testdata.
    static func goforward() throws -> [Int16] {
        try #require(
            FileManager.default.fileExists(atPath: goforwardPath),
            "\(goforwardPath) is missing: install the Debian package pocketsphinx-testdata")
        let data = try Data(contentsOf: URL(fileURLWithPath: goforwardPath))
        return stride(from: 0, to: data.count - 1, by: 2).map {
            Int16(bitPattern: UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8)
        }
    }

    /// The first `seconds` of goforward.
    static func goforward(seconds: Double) throws -> [Int16] {
        Array(try goforward().prefix(Int(seconds * Double(goforwardRate))))
    }

    /// Runs sox, failing the test with the package to install when it is missing.
    static func sox(_ arguments: [String]) throws {
        let path = ["/usr/bin/sox", "/usr/local/bin/sox", "/bin/sox"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        let sox = try #require(path, "sox is not installed: install the Debian package sox")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: sox)
        // -D: no dither, so a bit-depth change is plain rounding and the tolerance is exact.
        process.arguments = ["-D"] + arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(
            process.terminationStatus == 0,
            "sox \(arguments.joined(separator: " ")) failed: \(String(decoding: message, as: UTF8.self))")
    }

    /// sox arguments describing goforward.raw as input.
    static var goforwardSoxInput: [String] {
        ["-t", "raw", "-r", "16000", "-c", "1", "-e", "signed", "-b", "16", "-L", goforwardPath]
    }

    /// Reads a source to its end.
    /// - Returns: Every frame delivered, and the error that ended the reading, if any.
    static func readAll(_ source: any AudioSource, maxFrames: Int = 1_600) -> (frames: [AudioFrame], error: DictationError?) {
        let reader: any AudioReader
        do {
            reader = try source.open()
        } catch {
            return ([], error)
        }
        defer { reader.close() }
        return readAll(reader, maxFrames: maxFrames)
    }

    /// Reads an open reader to its end, at most a generous number of times so a bug can't hang.
    static func readAll(_ reader: any AudioReader, maxFrames: Int = 1_600) -> (frames: [AudioFrame], error: DictationError?) {
        var frames: [AudioFrame] = []
        for _ in 0..<1_000_000 {
            do {
                guard let frame = try reader.read(maxFrames: maxFrames) else { return (frames, nil) }
                frames.append(frame)
            } catch {
                return (frames, error)
            }
        }
        Issue.record("the reader never ended")
        return (frames, nil)
    }

    /// `frames` as the seconds a warning writes: at most two decimals, no trailing zeros (`1.8`, `0.05`, `17`).
    static func secondsText(frames: Int, sampleRate: Int = 16_000, comma: Bool = false) -> String {
        let seconds = (Double(frames) / Double(sampleRate) * 100).rounded() / 100
        let text = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
        return comma ? text.replacingOccurrences(of: ".", with: ",") : text
    }

    /// Places what a reader delivered back into the stream it came from.
    /// - Parameters:
    ///   - frames: Mono frames, as read.
    ///   - source: Everything the device delivered, in order.
    /// - Returns: The stream ranges the frames cover, merged where they touch, in reading order;
    ///   and how many frames were not exactly the source's samples at their place.
    static func place(_ frames: [AudioFrame], in source: [Int16], sampleRate: Int = 16_000)
        -> (kept: [Range<Int>], mismatched: Int)
    {
        let expected = floats(source)
        var kept: [Range<Int>] = []
        var mismatched = 0
        for frame in frames {
            let start = Int((frame.startTime * Double(sampleRate)).rounded())
            let range = start..<start + frame.frameCount
            if range.lowerBound < 0 || range.upperBound > expected.count
                || Array(expected[range]) != frame.samples
            {
                mismatched += 1
            }
            if let last = kept.last, last.upperBound == range.lowerBound {
                kept[kept.count - 1] = last.lowerBound..<range.upperBound
            } else {
                kept.append(range)
            }
        }
        return (kept, mismatched)
    }

    /// The interleaved samples of all frames.
    static func samples(_ frames: [AudioFrame]) -> [Float] { frames.flatMap(\.samples) }

    /// The largest difference between two sample arrays of the same length.
    static func maximumDifference(_ a: [Float], _ b: [Float]) -> Float {
        zip(a, b).reduce(0) { max($0, abs($1.0 - $1.1)) }
    }

    /// 16-bit samples as the floats a reader should deliver for them.
    static func floats(_ samples: [Int16]) -> [Float] { samples.map { Float($0) / 32_768 } }

    /// Little-endian bytes of 16-bit samples.
    /// A plain 16 kHz mono 16-bit WAV file holding `samples`.
    static func wavBytes(_ samples: [Int16]) -> [UInt8] {
        var builder = WAVBuilder()
        builder.data = bytes(samples)
        return builder.bytes
    }

    static func bytes(_ samples: [Int16]) -> [UInt8] {
        samples.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }
    }
}

/// A directory of its own for one test's files, removed when the test is done with it.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("DictationCaptureTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The path of a file in the directory.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `bytes` to a file in the directory.
    /// - Returns: Its path.
    @discardableResult
    func write(_ bytes: [UInt8], to name: String) throws -> String {
        let path = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }
}
