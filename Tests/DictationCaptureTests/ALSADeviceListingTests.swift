import DictationKit
import DictationTestSupport
import Foundation
import Testing

@testable import DictationCapture

#if canImport(Glibc)
    import Glibc
#endif

/// A process-wide ALSA configuration, installed the way the CLI tests give one to `dictate`:
/// `ALSA_CONFIG_PATH` names a file that includes the system configuration and adds test PCMs.
///
/// libasound rereads its global configuration when `ALSA_CONFIG_PATH` changes, but the variable
/// belongs to the whole test process, so it is set once, before the first test that needs it,
/// and never changed back; the file stays until the process exits. Since the file includes the
/// system configuration, every other PCM behaves as before.
enum ALSAGlobalTestConfiguration {
    static let pcmName = "dictationkit_test_\(getpid())"
    static let description = "DictationKit test capture \(getpid())"
    static let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("DictationCaptureTests-alsa-\(getpid())", isDirectory: true).path
    static let path = directory + "/asound.conf"

    /// The installed configuration's path, or why it couldn't be installed.
    static let installed: Result<String, any Error> = Result {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // EIO after one buffer keeps the stream finite (see ALSATestPCM).
        let pcm = ALSATestPCM(
            name: pcmName, infile: try PocketSphinxTestData.path("goforward.raw"), outfile: "/dev/full", description: description)
        try ALSATestConfiguration.text([pcm]).write(toFile: path, atomically: true, encoding: .utf8)
        setenv("ALSA_CONFIG_PATH", path, 1)
        // Removed at exit with plain C calls: Foundation may already be going away by then.
        atexit {
            _ = unlink(ALSAGlobalTestConfiguration.path)
            _ = rmdir(ALSAGlobalTestConfiguration.directory)
        }
        return path
    }

    /// Installs the configuration if it isn't yet.
    static func install() throws {
        _ = try PocketSphinxTestData.goForward()
        _ = try installed.get()
    }
}

@Suite(.timeLimit(.minutes(25))) struct ALSADeviceListingTests {
    @Test func listingWorksWithoutASoundCard() {
        let devices = ALSACaptureSource.captureDevices()
        #expect(devices.allSatisfy { !$0.name.isEmpty })
        #expect(Set(devices.map(\.name)).count == devices.count, "each device once")
        if let index = devices.firstIndex(where: { $0.name == "default" }) {
            #expect(index == 0, "default comes first")
        }
        #expect(devices.allSatisfy { !$0.description.contains("\n") }, "one line each")
    }

    @Test func configuredTestDeviceIsListedAndOpensByName() throws {
        _ = try ALSATestBench()
        try ALSAGlobalTestConfiguration.install()
        let devices = ALSACaptureSource.captureDevices()
        let listed = devices.first { $0.name == ALSAGlobalTestConfiguration.pcmName }
        #expect(listed?.description == ALSAGlobalTestConfiguration.description, "\(devices)")
        #expect(devices.contains { $0.name == "null" }, "the system's PCMs are still there")

        // The public initializer looks the name up in the global configuration.
        let source = ALSACaptureSource(device: ALSAGlobalTestConfiguration.pcmName)
        #expect(source.checkAccess() == .granted)
        let (frames, error) = TestFixtures.readAll(source)
        let speech = try PocketSphinxTestData.goForward()
        let delivered = TestFixtures.samples(frames)
        #expect(!delivered.isEmpty)
        #expect(delivered == PCM16.floats(Array(speech.prefix(delivered.count))))
        #expect(error?.code == .deviceDisconnected, "the configured /dev/full ends the stream")
    }
}
