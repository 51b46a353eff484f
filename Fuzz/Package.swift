// swift-tools-version: 6.1
// A libFuzzer target for DictationCapture's audio reader, apart from the main package because
// libFuzzer brings its own `main`. See README.md.
import PackageDescription

let package = Package(
    name: "DictationFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "DictationKit", path: "..")],
    targets: [
        .executableTarget(
            name: "AudioReaderFuzzer",
            dependencies: [.product(name: "DictationCapture", package: "DictationKit")]
        )
    ],
    swiftLanguageModes: [.v6]
)
