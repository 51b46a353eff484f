import Foundation
import Testing

/// Speech synthesized for a test: phrases spoken by flite's voices or espeak-ng, 1.2 s of silence
/// before, between and after them, as one 16 kHz mono WAV in a folder of its own.
struct SpokenRecording {
    /// Who speaks a phrase.
    enum Voice: Sendable, Hashable, CustomStringConvertible {
        /// A flite voice: `awb`, `slt`, `kal`...
        case flite(String)
        /// espeak-ng's US English voice.
        case espeak

        var description: String {
            switch self {
            case .flite(let name): "flite \(name)"
            case .espeak: "espeak-ng"
            }
        }
    }

    /// The WAV file.
    let path: String

    /// Speaks the phrases, in order.
    /// - Parameter phrases: Each phrase and its voice.
    init(_ phrases: [(voice: Voice, text: String)]) throws {
        let tools = ["/usr/bin/sox"] + Set(phrases.map(\.voice)).map { $0 == .espeak ? "/usr/bin/espeak-ng" : "/usr/bin/flite" }
        for tool in tools {
            try #require(FileManager.default.isExecutableFile(atPath: tool), "\(tool) is missing: apt-get install flite espeak-ng sox")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spoken-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func file(_ name: String) -> String { folder.appendingPathComponent(name).path }
        try Self.run("/usr/bin/sox", ["-n", "-r", "16000", "-c", "1", "-b", "16", file("pause.wav"), "trim", "0", "1.2"])
        var parts = [file("pause.wav")]
        for (index, phrase) in phrases.enumerated() {
            switch phrase.voice {
            case .flite(let name): try Self.run("/usr/bin/flite", ["-voice", name, "-t", phrase.text, "-o", file("\(index)-synth.wav")])
            case .espeak: try Self.run("/usr/bin/espeak-ng", ["-v", "en-us", "-w", file("\(index)-synth.wav"), phrase.text])
            }
            try Self.run("/usr/bin/sox", [file("\(index)-synth.wav"), "-r", "16000", "-c", "1", "-b", "16", file("\(index).wav")])
            parts += [file("\(index).wav"), file("pause.wav")]
        }
        try Self.run("/usr/bin/sox", parts + [file("all.wav")])
        path = file("all.wav")
    }

    /// Removes the recording's folder.
    func remove() {
        try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }

    private static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(tool) \(arguments.prefix(3)) failed")
    }
}
