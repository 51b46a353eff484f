import Foundation
import Testing

/// Speech synthesized for a test: phrases spoken by flite's voices or espeak-ng, and recordings,
/// 1.2 s of silence between them (and, unless asked otherwise, before and after them), as one
/// 16 kHz mono 16-bit WAV file in a folder of its own.
package struct SpokenRecording {
    /// Who speaks a phrase.
    package enum Voice: Sendable, Hashable, CustomStringConvertible {
        /// A flite voice: `awb`, `slt`, `kal`...
        case flite(String)
        /// espeak-ng's US English voice.
        case espeak
        /// espeak-ng's voice of another language (`nb`: Norwegian bokmål).
        case espeakIn(String)

        package var description: String {
            switch self {
            case .flite(let name): "flite \(name)"
            case .espeak: "espeak-ng"
            case .espeakIn(let language): "espeak-ng \(language)"
            }
        }

        /// The program that speaks with the voice.
        var tool: String {
            if case .flite = self { "/usr/bin/flite" } else { "/usr/bin/espeak-ng" }
        }

        /// The arguments that make ``tool`` speak `text` into the WAV file `path`.
        func arguments(speaking text: String, to path: String) -> [String] {
            switch self {
            case .flite(let name): ["-voice", name, "-t", text, "-o", path]
            case .espeak: ["-v", "en-us", "-w", path, text]
            case .espeakIn(let language): ["-v", language, "-w", path, text]
            }
        }
    }

    /// One part of the recording.
    package enum Part: Sendable {
        /// A phrase and its voice.
        case spoken(Voice, String)
        /// A WAV file, as it is (sox converts it to 16 kHz mono 16-bit).
        case recording(String)
    }

    /// The WAV file.
    package let path: String

    /// Speaks phrases, in order.
    /// - Parameter phrases: Each phrase and its voice.
    package init(_ phrases: [(voice: Voice, text: String)]) throws {
        try self.init(parts: phrases.map { .spoken($0.voice, $0.text) })
    }

    /// Puts the parts one after the other.
    /// - Parameters:
    ///   - parts: The phrases and recordings.
    ///   - pausesAround: Whether 1.2 s of silence come before the first part and after the last.
    package init(parts: [Part], pausesAround: Bool = true) throws {
        var tools = ["/usr/bin/sox"]
        for part in parts {
            if case .spoken(let voice, _) = part { tools.append(voice.tool) }
        }
        for tool in Set(tools) {
            try #require(
                FileManager.default.isExecutableFile(atPath: tool), "\(tool) is missing: apt-get install flite espeak-ng sox")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spoken-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func file(_ name: String) -> String { folder.appendingPathComponent(name).path }
        try Self.run("/usr/bin/sox", ["-n", "-r", "16000", "-c", "1", "-b", "16", file("pause.wav"), "trim", "0", "1.2"])
        var pieces: [String] = []
        for (index, part) in parts.enumerated() {
            let source: String
            switch part {
            case .spoken(let voice, let text):
                source = file("\(index)-synth.wav")
                try Self.run(voice.tool, voice.arguments(speaking: text, to: source))
            case .recording(let path):
                source = path
            }
            try Self.run("/usr/bin/sox", [source, "-r", "16000", "-c", "1", "-b", "16", file("\(index).wav")])
            pieces.append(file("\(index).wav"))
        }
        var sequence = Array(pieces.map { [$0] }.joined(separator: [file("pause.wav")]))
        if pausesAround { sequence = [file("pause.wav")] + sequence + [file("pause.wav")] }
        try Self.run("/usr/bin/sox", sequence + [file("all.wav")])
        path = file("all.wav")
    }

    /// The recording's samples.
    package var samples: [Int16] {
        get throws { try WAVFile(path: path).samples }
    }

    /// Removes the recording's folder.
    package func remove() {
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
