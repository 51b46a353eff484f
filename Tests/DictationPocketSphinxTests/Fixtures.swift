import DictationKit
import Foundation
import Testing

@testable import DictationPocketSphinx

/// The Debian-packaged model and recordings the tests use, read without other DictationKit targets.
///
/// A missing package fails the test with a message naming it: a test that quietly passes
/// without its data proves nothing.
enum Fixtures {
    static let modelDirectory = "/usr/share/pocketsphinx/model/en-us"
    static let testData = "/usr/share/pocketsphinx/test/data"
    static let sampleRate = 16_000

    /// The US English model folder.
    static func requireModel() throws -> String {
        try #require(
            FileManager.default.fileExists(atPath: modelDirectory + "/en-us.lm.bin"),
            "The US English PocketSphinx model is missing: install the Debian package pocketsphinx-en-us")
        return modelDirectory
    }

    /// A file of Debian's PocketSphinx test data.
    /// - Parameter name: The path under `/usr/share/pocketsphinx/test/data`.
    static func requireTestData(_ name: String) throws -> String {
        let path = testData + "/" + name
        try #require(
            FileManager.default.fileExists(atPath: path),
            "\(path) is missing: install the Debian package pocketsphinx-testdata")
        return path
    }

    /// The `pocketsphinx_continuous` program we compare with.
    static func requireContinuousProgram() throws -> String {
        let path = "/usr/bin/pocketsphinx_continuous"
        try #require(
            FileManager.default.isExecutableFile(atPath: path),
            "pocketsphinx_continuous is missing: install the Debian package pocketsphinx")
        return path
    }

    /// A recognizer that sees only the system's models, whatever the test environment holds.
    static func recognizer() throws -> PocketSphinxRecognizer {
        _ = try requireModel()
        return PocketSphinxRecognizer(environment: [:])
    }

    /// Samples of headerless 16-bit little-endian mono PCM, scaled to -1...1.
    static func readRaw(_ path: String, skippingHeaderBytes header: Int = 0) throws -> [Float] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.count > header, "\(path) holds no audio")
        return data.dropFirst(header).withUnsafeBytes { bytes in
            let count = bytes.count / 2
            return (0..<count).map { index in
                Float(Int16(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 2, as: Int16.self))) / 32767
            }
        }
    }

    /// Samples of a canonical 44-byte-header 16 kHz mono 16-bit WAV file, as the LibriVox ones are.
    static func readWAV(_ path: String) throws -> [Float] {
        try readRaw(path, skippingHeaderBytes: 44)
    }

    /// `goforward.raw`: "go forward ten meters".
    static func goForward() throws -> [Float] {
        try readRaw(try requireTestData("goforward.raw"))
    }

    /// Runs a decoder over samples as a session does: 1600 samples (100 ms) per call, then finish.
    static func decode(
        _ samples: [Float], with decoder: any StreamDecoder, reportPartials: Bool = true, chunk: Int = 1600
    ) throws -> [RecognitionUpdate] {
        var updates: [RecognitionUpdate] = []
        var start = 0
        while start < samples.count {
            let end = min(samples.count, start + chunk)
            updates += try decoder.process(Array(samples[start..<end]), reportPartials: reportPartials)
            start = end
        }
        updates += try decoder.finish()
        return updates
    }

    /// Decodes samples with a new US English decoder.
    static func decode(_ samples: [Float], reportPartials: Bool = true) throws -> [RecognitionUpdate] {
        let decoder = try recognizer().makeStreamDecoder(locale: "en-US")
        return try decode(samples, with: decoder, reportPartials: reportPartials)
    }

    /// Runs a program and returns its standard output; its standard error is dropped.
    static func run(_ program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(program) exited with status \(process.terminationStatus)")
        return String(decoding: data, as: UTF8.self)
    }

    /// ``run(_:_:)`` on a thread of its own: it blocks until the program exits, and a blocked
    /// cooperative thread is one of two on this machine.
    static func runOffThePool(_ program: String, _ arguments: [String]) async throws -> String {
        try await DedicatedThread.run { try run(program, arguments) }
    }

    /// A fresh temporary folder; remove it with `FileManager.default.removeItem(atPath:)`.
    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.path + "/DictationPocketSphinxTests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

extension [RecognitionUpdate] {
    /// The finals, in order.
    var finals: [Transcript] {
        compactMap { if case .final(let transcript) = $0 { transcript } else { nil } }
    }

    /// The partials, in order.
    var partials: [Transcript] {
        compactMap { if case .partial(let transcript) = $0 { transcript } else { nil } }
    }
}
