import DictationCapture
import Foundation

extension TestMicrophone {
    /// A microphone whose device name is its own, so that tests running at once in this process
    /// keep their devices apart.
    package static func unique() throws -> TestMicrophone {
        try TestMicrophone(device: "dk_test_mic_\(UUID().uuidString.prefix(8))")
    }

    /// A capture source for the microphone's device: it reads the microphone's ALSA configuration,
    /// not the system's, through the real libasound capture path.
    package var source: ALSACaptureSource {
        ALSACaptureSource.setLibraryMessagesPrinted(false)
        return ALSACaptureSource(device: device, configurationFile: configuration.path)
    }
}
