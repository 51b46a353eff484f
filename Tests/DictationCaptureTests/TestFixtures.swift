import DictationKit
import DictationTestSupport
import Foundation
import Testing

@testable import DictationCapture

/// Real speech cut to length, and the tools that turn it into every WAV variant, from Debian packages.
enum TestFixtures {
    /// The first `seconds` of goforward.
    static func goforward(seconds: Double) throws -> [Int16] {
        Array(try PocketSphinxTestData.goForward().prefix(Int(seconds * 16_000)))
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
    static func goforwardSoxInput() throws -> [String] {
        ["-t", "raw", "-r", "16000", "-c", "1", "-e", "signed", "-b", "16", "-L", try PocketSphinxTestData.path("goforward.raw")]
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
        let expected = PCM16.floats(source)
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
