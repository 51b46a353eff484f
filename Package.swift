// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "DictationKit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "DictationKit", targets: ["DictationKit"]),
        .library(name: "DictationCapture", targets: ["DictationCapture"]),
        .library(name: "DictationPreprocessing", targets: ["DictationPreprocessing"]),
        .library(name: "DictationPocketSphinx", targets: ["DictationPocketSphinx"]),
        .library(name: "DictationWhisper", targets: ["DictationWhisper"]),
        .library(name: "DictationTesting", targets: ["DictationTesting"]),
        .library(name: "DictationHistory", targets: ["DictationHistory"]),
        .library(name: "DictationFormatting", targets: ["DictationFormatting"]),
        .library(name: "DictationDesktop", targets: ["DictationDesktop"]),
        .library(name: "DictationSpeech", targets: ["DictationSpeech"]),
        .library(name: "DictationFeedback", targets: ["DictationFeedback"]),
        .library(name: "Dictation", targets: ["Dictation"]),
        .library(name: "DictationStreamProtocol", targets: ["DictationStreamProtocol"]),
        .library(name: "DictationServer", targets: ["DictationServer"]),
        .library(name: "DictationRemote", targets: ["DictationRemote"]),
        .executable(name: "dictate", targets: ["dictate"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/vapor/multipart-kit", from: "4.7.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        .target(
            name: "DictationKit",
            dependencies: [
                .product(name: "Logging", package: "swift-log"), .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "DequeModule", package: "swift-collections"),
            ]
        ),
        .target(name: "DictationCapture", dependencies: ["DictationKit", "CALSA", "CSndfile", "CProcessSpawn"]),
        .target(name: "DictationPreprocessing", dependencies: ["DictationKit", "CSoxr", "CSpeexDSP"]),
        .target(
            name: "DictationPocketSphinx",
            dependencies: [
                "DictationKit", "DictationSpeech", "CPocketSphinx", .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "DictationWhisper",
            dependencies: [
                "DictationKit", "DictationPreprocessing", "CWhisper", "COpenSSL", .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(name: "DictationTesting", dependencies: ["DictationKit"]),
        // espeak-ng, once per process: speech for read-back, phonemes for the vocabulary.
        .target(name: "DictationSpeech", dependencies: ["DictationKit", "CEspeakNG"]),
        // What the user hears back: sound cues and read-back through ALSA playback.
        .target(
            name: "DictationFeedback",
            dependencies: [
                "DictationKit", "DictationCapture", "DictationSpeech", "CALSA", .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(name: "DictationFormatting", dependencies: ["DictationKit"]),
        .target(
            name: "DictationDesktop",
            dependencies: [
                "DictationKit", .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .target(
            name: "Dictation",
            dependencies: [
                "DictationKit", "DictationCapture", "DictationPreprocessing", "DictationPocketSphinx", "DictationWhisper",
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ]
        ),
        .target(
            name: "DictationHistory",
            dependencies: [
                "DictationKit", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(name: "DictationStreamProtocol", dependencies: ["DictationKit"]),
        .target(
            name: "DictationServer",
            dependencies: [
                "Dictation", "DictationFormatting", "DictationStreamProtocol",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"), .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "DictationRemote",
            dependencies: [
                "DictationKit", "DictationStreamProtocol",
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOTLS", package: "swift-nio"), .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .systemLibrary(name: "CALSA", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),
        .systemLibrary(
            name: "CPocketSphinx",
            pkgConfig: "pocketsphinx",
            providers: [.apt(["libpocketsphinx-dev", "libsphinxbase-dev"])]
        ),
        // whisper.cpp: no Debian package; scripts/install-whisper.sh builds the pinned release into /usr/local.
        .systemLibrary(name: "CWhisper", pkgConfig: "whisper"),
        // The model files' SHA-256 and SHA-1 (swift-crypto would compile a second BoringSSL beside swift-nio-ssl's).
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CEspeakNG", pkgConfig: "espeak-ng", providers: [.apt(["libespeak-ng-dev"])]),
        .systemLibrary(name: "CSndfile", pkgConfig: "sndfile", providers: [.apt(["libsndfile1-dev"])]),
        // glibc's posix_spawn and prlimit calls that Swift's Glibc module hides: decoding workers.
        .systemLibrary(name: "CProcessSpawn"),
        .systemLibrary(name: "CSoxr", pkgConfig: "soxr", providers: [.apt(["libsoxr-dev"])]),
        .systemLibrary(name: "CSpeexDSP", pkgConfig: "speexdsp", providers: [.apt(["libspeexdsp-dev"])]),
        .executableTarget(
            name: "dictate",
            dependencies: [
                "Dictation", "DictationHistory", "DictationFormatting", "DictationDesktop", "DictationServer",
                "DictationWhisper", "DictationFeedback", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Examples/dictate"
        ),
        .executableTarget(
            name: "dictation-latency",
            dependencies: ["Dictation", "DictationHistory", "DictationTesting", "DictationWhisper"],
            path: "Benchmarks/DictationLatency"
        ),
        .executableTarget(
            name: "dictation-soak",
            dependencies: [
                "DictationKit", "DictationCapture", "DictationPreprocessing", "DictationPocketSphinx", "DictationTesting",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/DictationSoak"
        ),
        // Test-only support shared by the test targets: recordings and their transcripts, the
        // test microphone, WAV files, X11 and Wayland desktops, waiting on events. In no product.
        .target(name: "DictationTestSupport", dependencies: ["DictationCapture"], path: "Tests/TestSupport"),
        .testTarget(
            name: "DictationKitTests",
            dependencies: [
                "DictationKit", "DictationTesting", "DictationTestSupport", .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
            ]
        ),
        .testTarget(
            name: "DictationCaptureTests",
            dependencies: [
                "DictationCapture", "DictationKit", "DictationPreprocessing", "DictationTesting", "DictationTestSupport",
            ]
        ),
        .testTarget(
            name: "DictationPreprocessingTests",
            dependencies: ["DictationPreprocessing", "DictationKit", "DictationTesting", "DictationTestSupport"]
        ),
        .testTarget(
            name: "DictationPocketSphinxTests",
            dependencies: [
                "DictationPocketSphinx", "DictationCapture", "DictationPreprocessing", "DictationKit", "DictationTesting",
                "DictationTestSupport",
            ]
        ),
        .testTarget(
            name: "DictationWhisperTests",
            dependencies: [
                "DictationWhisper", "DictationCapture", "DictationPreprocessing", "DictationKit", "DictationTesting",
                "DictationTestSupport",
            ]
        ),
        .testTarget(
            name: "DictationFormattingTests",
            dependencies: [
                "DictationFormatting", "DictationKit", "DictationTesting", "DictationPocketSphinx", "DictationCapture",
                "DictationPreprocessing", "DictationWhisper", "DictationTestSupport",
            ],
            resources: [.copy("Resources/formatting-cases.tsv")]
        ),
        .testTarget(
            name: "DictationDesktopTests",
            dependencies: [
                "DictationDesktop", "DictationKit", "DictationTesting", "DictationTestSupport",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "DictationFeedbackTests",
            dependencies: [
                "DictationFeedback", "DictationSpeech", "Dictation", "DictationFormatting", "DictationKit",
                "DictationTesting", "DictationTestSupport",
            ]
        ),
        .testTarget(
            name: "DictationHistoryTests",
            dependencies: [
                "DictationHistory", "DictationKit", "DictationTesting", "DictationTestSupport", "DictationPocketSphinx",
                "DictationPreprocessing",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "DictationTests",
            dependencies: [
                "Dictation", "DictationTesting", "DictationTestSupport", "DictationWhisper",
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ]
        ),
        .testTarget(
            name: "DictationServerTests",
            dependencies: [
                "DictationServer", "DictationRemote", "DictationStreamProtocol", "Dictation", "DictationTesting",
                "DictationTestSupport", .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            exclude: ["Clients"]
        ),
        .testTarget(
            name: "DictateCLITests",
            dependencies: [
                "dictate", "DictationDesktop", "DictationTesting", "DictationTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
