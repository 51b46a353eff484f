// swift-tools-version: 6.1
// libFuzzer targets for DictationCapture's audio reader, the server's streaming protocol
// messages, Wyoming's framing and Whisper's model files, apart from the main package because libFuzzer brings its own `main`. See README.md.
import PackageDescription

let package = Package(
    name: "DictationFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "DictationKit", path: "..")],
    targets: [
        .target(name: "FuzzDriver"),
        .executableTarget(
            name: "AudioReaderFuzzer",
            dependencies: ["FuzzDriver", .product(name: "DictationCapture", package: "DictationKit")]
        ),
        .executableTarget(
            name: "WhisperModelFuzzer",
            dependencies: ["FuzzDriver", .product(name: "DictationWhisper", package: "DictationKit")]
        ),
        .executableTarget(
            name: "WyomingEventFuzzer",
            dependencies: ["FuzzDriver", .product(name: "DictationServer", package: "DictationKit")]
        ),
        .executableTarget(
            name: "StreamMessageFuzzer",
            dependencies: ["FuzzDriver", .product(name: "DictationStreamProtocol", package: "DictationKit")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
