import ArgumentParser
import DictationCapture

extension Dictate {
    /// `dictate devices`: the capture devices ALSA knows.
    struct Devices: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the capture devices (for listen --device).")

        func run() throws {
            ALSACaptureSource.setLibraryMessagesPrinted(false)
            let devices = ALSACaptureSource.captureDevices()
            guard !devices.isEmpty else {
                Terminal.write(
                    "No capture devices. Is a microphone plugged in, and is ALSA set up (`arecord -L`)?\n", toStandardError: true)
                throw ExitCode(74)
            }
            let width = min(32, devices.map(\.name.count).max() ?? 0)
            for device in devices {
                let name = device.name.padding(toLength: max(width, device.name.count), withPad: " ", startingAt: 0)
                Terminal.write("\(name)  \(device.description)\n")
            }
        }
    }
}
