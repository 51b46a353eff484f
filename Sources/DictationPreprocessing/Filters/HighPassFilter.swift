/// A Butterworth high-pass filter that removes rumble, handling noise, DC offset and mains hum
/// below the speech band.
///
/// Voiced speech has almost nothing below about 100 Hz (a low male voice starts near 85 Hz), but
/// laptop fans, desk bumps, wind and 50/60 Hz hum put a lot of energy there. That energy inflates
/// the level that ``AutomaticGainControl`` and ``EnergyVoiceActivityDetector`` measure without
/// adding anything a recognizer can use, so the filter runs before them.
///
/// The default, a 2nd-order filter at 90 Hz, passes 300 Hz and up within 0.1 dB, is 3 dB down at
/// 90 Hz, about 10.6 dB down at 50 Hz and 26 dB down at 20 Hz. Higher orders (4, 6, 8) fall off
/// faster below the cutoff: 6 dB per octave for each order.
///
/// The filter keeps its state between calls, so a stream can be fed in buffers of any size:
///
/// ```swift
/// var highPass = HighPassFilter(sampleRate: 16_000)
/// for await frame in frames {
///     var samples = frame.samples
///     highPass.process(&samples)
/// }
/// ```
public struct HighPassFilter: Sendable {
    /// The default cutoff, 90 Hz: below a low male voice's fundamental, above most hum and rumble.
    public static let defaultCutoff = 90.0

    /// The rate of the audio in Hz.
    public let sampleRate: Int
    /// The -3 dB frequency in Hz, after clamping.
    public let cutoff: Double
    /// The filter's order, after clamping: 2, 4, 6 or 8; the slope below the cutoff is 6 dB per
    /// octave times the order.
    public let order: Int

    private var sections: [BiquadFilter]

    /// Creates a filter.
    ///
    /// Parameters out of range are clamped rather than rejected, so the filter can always be built.
    /// - Parameters:
    ///   - sampleRate: The rate of the audio in Hz (at least 1).
    ///   - cutoff: The -3 dB frequency in Hz; clamped to 1 Hz ... 0.45 × `sampleRate`, since the
    ///     design breaks down at the Nyquist frequency. Defaults to ``defaultCutoff`` (90 Hz).
    ///   - order: The steepness: 2 (the default, 12 dB per octave), 4, 6 or 8. Odd orders are
    ///     rounded up and the range is clamped to 2...8.
    public init(sampleRate: Int, cutoff: Double = HighPassFilter.defaultCutoff, order: Int = 2) {
        self.sampleRate = max(1, sampleRate)
        let highest = 0.45 * Double(self.sampleRate)
        self.cutoff = cutoff.clamped(to: min(1, highest)...highest, orIfNaN: min(Self.defaultCutoff, highest))
        self.order = min(8, max(2, order + order % 2))
        sections = BiquadFilter.butterworthHighPass(
            order: self.order, cutoff: self.cutoff, sampleRate: Double(self.sampleRate))
    }

    /// Filters samples in place.
    ///
    /// NaN and infinite samples are treated as silence, so they can't lock the filter up.
    /// - Parameter samples: Mono samples at ``sampleRate``, nominally in -1...1; the filtered
    ///   samples replace them.
    public mutating func process(_ samples: UnsafeMutableBufferPointer<Float>) {
        guard !samples.isEmpty else { return }
        for index in samples.indices { samples[index] = samples[index].finiteOrZero }
        // Section by section over the whole buffer: each inner loop is a tight recursion on two
        // state variables, with no per-sample walk through the array of sections.
        for section in sections.indices { sections[section].process(samples) }
        // Finite input can still overflow the state (samples near Float.greatestFiniteMagnitude);
        // start afresh rather than put out NaN forever.
        if !sections.allSatisfy(\.isFinite) { reset() }
    }

    /// Filters an array of samples in place.
    /// - Parameter samples: Mono samples at ``sampleRate``; the filtered samples replace them.
    public mutating func process(_ samples: inout [Float]) {
        samples.withUnsafeMutableBufferPointer { process($0) }
    }

    /// Forgets all past input, as if the filter had only ever seen silence; use it between
    /// unrelated streams.
    public mutating func reset() {
        for section in sections.indices { sections[section].reset() }
    }
}
