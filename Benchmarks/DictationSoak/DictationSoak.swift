import ArgumentParser

/// `dictation-soak`: how a long session behaves and what the preprocessing chain costs, release build.
///
///     swift build -c release --product dictation-soak
///     .build/release/dictation-soak soak [--hours 2 | --minutes 15]
///     .build/release/dictation-soak chain-cost [--seconds 60] [--runs 5]
@main
struct DictationSoak: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dictation-soak",
        abstract: "Soak test and preprocessing cost of DictationKit on real speech.",
        discussion: """
            Both modes use the five LibriVox recordings of Debian's pocketsphinx-testdata and the \
            en-US model of pocketsphinx-en-us. Build with -c release.
            """,
        subcommands: [Soak.self, ChainCost.self]
    )
}
