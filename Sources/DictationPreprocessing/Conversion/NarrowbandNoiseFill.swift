#if canImport(Glibc)
    import Glibc
#endif

/// Fills the empty top of the spectrum of upsampled narrowband audio (telephone-rate 8 kHz and
/// the like) with faint noise.
///
/// Why: PocketSphinx's en-US acoustic model was trained on 16 kHz audio, whose mel filters above
/// 4 kHz always hold some energy. Audio resampled up from 8 kHz has none there, the log filter
/// energies fall off a cliff, and the cepstra no longer look like speech: on the LibriVox test
/// recordings the word error rate went from 37 % at 16 kHz to 85 % from an 8 kHz copy (with
/// `pocketsphinx_continuous` as with us). Noise about 23 dB below the signal, above the input's
/// Nyquist frequency, gives those filters a floor like the one they were trained with and brings
/// the 8 kHz copy to about 50 % (45-53 % over noise seeds). Matching 16 kHz would take a
/// narrowband model, which Debian does not ship. Silence stays silent: the noise follows the
/// signal's level.
final class NarrowbandNoiseFill: AudioConversionStage {
    /// Noise RMS relative to the signal's long-term RMS (−23 dB). On the LibriVox set, levels from
    /// −26 to −20 dB all did about as well; −15 dB and louder got worse again.
    static let relativeLevel: Float = 0.07
    /// How fast the level estimate follows the signal, in seconds.
    static let levelTimeConstant = 3.0

    private var filters: [BiquadFilter]
    private var generator = NoiseGenerator(seed: 0x5EED_D1C7)
    private let noiseGain: Float
    private let levelSmoothingPerSample: Double
    private var meanSquare: Double?
    private var output: [Float] = []

    /// - Parameters:
    ///   - sourceSampleRate: The rate the audio had before resampling; its Nyquist frequency is
    ///     where the empty band starts.
    ///   - sampleRate: The rate of the audio this stage sees.
    init(sourceSampleRate: Int, sampleRate: Int) {
        let cutoff = min(Double(sourceSampleRate) / 2 * 1.05, Double(sampleRate) / 2 * 0.95)
        filters = BiquadFilter.butterworthHighPass8(cutoff: cutoff, sampleRate: Double(sampleRate))
        // Uniform noise in -1...1 has RMS 1/√3; the high-pass keeps the share of the band above the cutoff.
        let bandShare = max(0.01, 1 - cutoff / (Double(sampleRate) / 2))
        noiseGain = Float(1 / (sqrt(1.0 / 3) * sqrt(bandShare)))
        levelSmoothingPerSample = 1 / (Self.levelTimeConstant * Double(sampleRate))
    }

    func process(_ samples: [Float]) -> [Float] {
        guard !samples.isEmpty else { return samples }
        var sumOfSquares = 0.0
        for sample in samples { sumOfSquares += Double(sample * sample) }
        let bufferMeanSquare = sumOfSquares / Double(samples.count)
        let weight = min(1, Double(samples.count) * levelSmoothingPerSample)
        let level = meanSquare.map { $0 + (bufferMeanSquare - $0) * weight } ?? bufferMeanSquare
        meanSquare = level
        let amplitude = Float(level.squareRoot()) * Self.relativeLevel * noiseGain

        output.removeAll(keepingCapacity: true)
        output.reserveCapacity(samples.count)
        for sample in samples {
            var noise = generator.next() * amplitude
            for index in filters.indices { noise = filters[index].process(noise) }
            output.append(sample + noise)
        }
        return output
    }

    func flush() -> [Float] { [] }
}

/// xorshift32: fast, and seeded, so the same audio always gets the same noise (repeatable results).
struct NoiseGenerator {
    private var state: UInt32

    init(seed: UInt32) { state = seed == 0 ? 1 : seed }

    /// The next value, uniform in -1...1.
    mutating func next() -> Float {
        state ^= state << 13
        state ^= state >> 17
        state ^= state << 5
        return Float(Int32(bitPattern: state)) / Float(Int32.max)
    }
}
