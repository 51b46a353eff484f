import Foundation
import Testing

/// A loudspeaker with no sound card: ALSA's `file` plugin on a playback PCM over `null`, which
/// writes what is played into a file, so that the real libasound playback path carries a test's
/// sounds. Each opening of the device (one per sound) writes a file of its own: `played.raw`,
/// then `played.raw.0001`, `played.raw.0002`... (the plugin's `truncate false`), raw 16-bit
/// mono at the rate the player asked for. The plugin is not paced: a sound is in its file as
/// soon as it is written.
///
/// The PCM is defined in the configuration of a ``TestMicrophone`` when given one, so that one
/// configuration (``configuration``, or `ALSA_CONFIG_PATH` for `dictate`) has both devices.
package final class TestSpeaker: Sendable {
    /// This speaker's device name.
    package let device: String
    /// The folder the played files go into.
    package let directory: URL
    /// The ALSA configuration that defines the device.
    package let configuration: URL
    private let ownsDirectory: Bool

    /// - Parameter microphone: A microphone whose configuration gets the speaker's device too; `nil`
    ///   for a configuration of the speaker's own.
    package init(beside microphone: TestMicrophone? = nil) throws {
        device = "dk_test_speaker_\(UUID().uuidString.prefix(8))"
        if let microphone {
            directory = microphone.directory.appendingPathComponent("speaker")
            configuration = microphone.configuration
            ownsDirectory = false
        } else {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("dictation-speaker-\(UUID().uuidString)")
            configuration = directory.appendingPathComponent("asound.conf")
            ownsDirectory = true
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try ALSATestConfiguration.requireSystemConfiguration()
        let definition = """

            pcm.\(device) {
                type file
                slave.pcm "null"
                file \(ALSATestConfiguration.quoted(directory.appendingPathComponent("played.raw").path))
                format "raw"
                truncate false
            }

            """
        if microphone == nil {
            try (ALSATestConfiguration.text([]) + definition).write(to: configuration, atomically: true, encoding: .utf8)
        } else {
            let handle = try FileHandle(forWritingTo: configuration)
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(definition.utf8))
        }
    }

    deinit {
        if ownsDirectory { try? FileManager.default.removeItem(at: directory) }
    }

    /// The files played so far, in the order they were played.
    package var playedFiles: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasPrefix("played.raw") }
            .sorted { Self.number(of: $0) < Self.number(of: $1) }
            .map { directory.appendingPathComponent($0) }
    }

    /// The sounds played so far, in order, each as its samples.
    package var sounds: [[Int16]] {
        playedFiles.map { Self.samples(of: $0) }
    }

    /// A file's raw 16-bit little-endian samples.
    package static func samples(of file: URL) -> [Int16] {
        let data = (try? Data(contentsOf: file)) ?? Data()
        return data.withUnsafeBytes { bytes in
            stride(from: 0, to: bytes.count - 1, by: 2).map { Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8) }
        }
    }

    /// `played.raw` is the first file, `played.raw.0001` the second.
    private static func number(of name: String) -> Int {
        Int(name.split(separator: ".").last ?? "") ?? 0
    }
}
