import ArgumentParser
import DictationKit

extension AudioFormat.SampleEncoding: ExpressibleByArgument {}

/// The layout of headerless PCM input (`.raw`/`.pcm` files, and standard input that is no audio format libsndfile knows).
struct RawAudioOptions: ParsableArguments {
    @Option(help: "Sample rate of raw PCM input, in Hz.")
    var sampleRate: Int = 16_000

    @Option(help: "Channels of raw PCM input.")
    var channels: Int = 1

    @Option(
        help: "Sample encoding of raw PCM input: \(AudioFormat.SampleEncoding.allCases.map(\.rawValue).joined(separator: ", ")).")
    var encoding: AudioFormat.SampleEncoding = .int16

    func validate() throws {
        guard (1_000...384_000).contains(sampleRate) else {
            throw ValidationError("--sample-rate \(sampleRate): expected 1000 to 384000 Hz")
        }
        guard (1...8).contains(channels) else { throw ValidationError("--channels \(channels): expected 1 to 8") }
    }

    var format: AudioFormat { AudioFormat(sampleRate: sampleRate, channelCount: channels, encoding: encoding) }
}
