import DictationKit
import DictationTestSupport
import Foundation
import Testing

@testable import DictationPocketSphinx

/// The Debian-packaged model and recordings as these tests decode them, read without other
/// DictationKit targets.
enum Fixtures {
    static let sampleRate = 16_000

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
        _ = try PocketSphinxSystemModel.requireEnglishUS()
        return PocketSphinxRecognizer(environment: [:])
    }

    /// 16-bit samples scaled to -1...1 as these tests have always read them (value / 32767: the
    /// decoding results they compare were measured so).
    static func floats(_ samples: [Int16]) -> [Float] {
        samples.map { Float($0) / 32767 }
    }

    /// Samples of headerless 16-bit little-endian mono PCM, scaled to -1...1.
    static func readRaw(_ path: String) throws -> [Float] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(!data.isEmpty, "\(path) holds no audio")
        return floats(PCM16.samples(littleEndian: data))
    }

    /// Samples of a 16 kHz mono 16-bit WAV file, as the LibriVox ones are, scaled to -1...1.
    static func readWAV(_ path: String) throws -> [Float] {
        floats(try WAVFile(path: path).samples)
    }

    /// `goforward.raw`: "go forward ten meters".
    static func goForward() throws -> [Float] {
        floats(try PocketSphinxTestData.goForward())
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
