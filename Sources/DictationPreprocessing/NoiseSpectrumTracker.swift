#if canImport(Glibc)
import Glibc
#endif

/// Estimates the power spectrum of the background noise, bin by bin, from the spectra of a
/// stream of frames, without being told where the speech is, for ``SpectralNoiseSuppressor``.
///
/// The method is improved minima-controlled recursive averaging (IMCRA, after Cohen, "Noise
/// spectrum estimation in adverse environments", 2003), with a simpler speech presence
/// probability:
///
/// 1. **Rough minimum.** Each bin's power is smoothed across its neighbours (1/4, 1/2, 1/4) and
///    over time (time constant 72 ms), and the least smoothed power of the last
///    ``minimumWindow`` seconds is tracked (as the minima of 8 sub-windows, so the window slides
///    in steps of 0.19 s). The minimum of a fluctuating power lies below its mean: times
///    ``minimumBias`` (measured on white Gaussian noise through this smoothing) it estimates the
///    mean. Bins well above it hold speech.
/// 2. **Minimum without speech.** The smoothing is done again over the bins that are not speech
///    by the rough minimum; where all are, the smoothed power holds still. Its minimum over the
///    window is the noise floor: during a stretch of speech longer than the window, the rough
///    minimum rises to the speech's own quietest level, but this one stays at the noise heard
///    before it.
/// 3. **Presence.** A bin's frame power against the floor gives how likely it is to be speech
///    free (surely up to 1 times the floor, not at all from ``presenceRatio`` times up); its
///    complement, smoothed over about 10 ms, is the probability of speech.
/// 4. **Noise.** The noise power follows each frame's power (time constant 0.3 s) as far as the
///    bin is free of speech, and is scaled by ``averageBias`` for the frames it leaves out.
///
/// A louder noise is followed within the minimum's window (1.5 to 1.7 s), a quieter one within
/// a fraction of a second. Anything that holds its level in a bin for longer than the window
/// (a fan, hum, a held tone) is noise to the tracker.
struct NoiseSpectrumTracker: Sendable {
    /// The window of the minimum search, in seconds.
    static let minimumWindow = 1.5
    /// Sub-windows of the minimum search.
    static let subwindowCount = 8
    /// The time constant of the smoothing of the power over time, in seconds (α = 0.8 at a 16 ms hop).
    static let smoothingTime = 0.0717
    /// The time constant of the noise's recursive average, in seconds (α = 0.95 at a 16 ms hop).
    static let noiseTime = 0.312
    /// The time constant of the speech presence probability, in seconds (α = 0.2 at a 16 ms hop).
    static let presenceTime = 0.00994
    /// The mean of white Gaussian noise's power over the minimum of its smoothed power (1.8 here).
    static let minimumBias: Float = 1.8
    /// How far above the rough minimum (bias-compensated) a frame's power may be, and its
    /// smoothed power, for the bin to count as free of speech in the second smoothing.
    static let roughPowerRatio: Float = 4.6
    static let roughSmoothedRatio: Float = 1.67
    /// A frame's power from this many times the floor up counts as surely speech.
    static let presenceRatio: Float = 3
    /// The noise average leaves out the louder frames of noise itself; this compensates.
    static let averageBias: Float = 1.47

    /// Bins per spectrum.
    let binCount: Int
    /// The noise power per bin, in the units of the powers given to ``update(power:)``.
    private(set) var noise: [Float]

    private let smoothingCoefficient: Float
    private let noiseCoefficient: Float
    private let presenceCoefficient: Float

    /// The smoothed power of every bin, and of the speech-free bins only.
    private var smoothed: [Float]
    private var speechFreeSmoothed: [Float]
    private var roughMinimum: SlidingMinimum
    private var floorMinimum: SlidingMinimum
    /// 1 where a bin is free of speech by the rough minimum, and those bins' power (scratch).
    private var speechFree: [Float]
    private var speechFreePower: [Float]
    private var presence: [Float]
    /// The recursive average, before the bias compensation.
    private var average: [Float]
    private var initialized = false

    /// Creates a tracker that knows nothing yet; its first ``update(power:)`` takes that frame's
    /// power as the noise.
    /// - Parameters:
    ///   - binCount: Bins per spectrum, at least 2.
    ///   - frameRate: Frames per second (the hop rate), which the time constants count in.
    init(binCount: Int, frameRate: Double) {
        self.binCount = max(2, binCount)
        let frameTime = 1 / max(frameRate, 1e-3)
        smoothingCoefficient = Float(exp(-frameTime / Self.smoothingTime))
        noiseCoefficient = Float(exp(-frameTime / Self.noiseTime))
        presenceCoefficient = Float(exp(-frameTime / Self.presenceTime))
        let framesPerSubwindow = max(1, Int((Self.minimumWindow / Double(Self.subwindowCount) / frameTime).rounded()))
        roughMinimum = SlidingMinimum(
            binCount: self.binCount, subwindowCount: Self.subwindowCount, framesPerSubwindow: framesPerSubwindow)
        floorMinimum = roughMinimum
        noise = [Float](repeating: 0, count: self.binCount)
        smoothed = noise
        speechFreeSmoothed = noise
        speechFree = noise
        speechFreePower = noise
        presence = noise
        average = noise
    }

    /// Learns from the next frame's power spectrum.
    /// - Parameter power: The squared magnitude of each of ``binCount`` bins; finite, not negative.
    mutating func update(power: UnsafeBufferPointer<Float>) {
        precondition(power.count >= binCount)
        let count = binCount
        let power = UnsafeBufferPointer(rebasing: power[0..<count])
        let first = !initialized
        initialized = true
        let smoothing = smoothingCoefficient

        // 1. The rough minimum, and which bins are free of speech by it.
        smoothed.withUnsafeMutableBufferPointer { smoothed in
            for bin in 0..<count {
                let local = Self.smoothAcross(power, at: bin)
                smoothed[bin] = first ? local : smoothing * smoothed[bin] + (1 - smoothing) * local
            }
        }
        smoothed.withUnsafeBufferPointer { roughMinimum.update($0, first: first) }
        let powerLimit = Self.roughPowerRatio * Self.minimumBias
        let smoothedLimit = Self.roughSmoothedRatio * Self.minimumBias
        smoothed.withUnsafeBufferPointer { smoothed in
            roughMinimum.minimum.withUnsafeBufferPointer { minimum in
                speechFree.withUnsafeMutableBufferPointer { speechFree in
                    speechFreePower.withUnsafeMutableBufferPointer { speechFreePower in
                        for bin in 0..<count {
                            let free = power[bin] < powerLimit * minimum[bin] && smoothed[bin] < smoothedLimit * minimum[bin]
                            speechFree[bin] = free ? 1 : 0
                            speechFreePower[bin] = free ? power[bin] : 0
                        }
                    }
                }
            }
        }

        // 2. The smoothing again over the speech-free bins, and its minimum: the noise floor.
        speechFree.withUnsafeBufferPointer { speechFree in
            speechFreePower.withUnsafeBufferPointer { speechFreePower in
                speechFreeSmoothed.withUnsafeMutableBufferPointer { speechFreeSmoothed in
                    for bin in 0..<count {
                        let weight = Self.smoothAcross(speechFree, at: bin)
                        let local =
                            weight > 0 ? Self.smoothAcross(speechFreePower, at: bin) / weight : speechFreeSmoothed[bin]
                        speechFreeSmoothed[bin] =
                            first ? local : smoothing * speechFreeSmoothed[bin] + (1 - smoothing) * local
                    }
                }
            }
        }
        speechFreeSmoothed.withUnsafeBufferPointer { floorMinimum.update($0, first: first) }

        // 3 and 4. Speech presence, and the noise average where speech is absent.
        let presenceSmoothing = presenceCoefficient
        let noiseSmoothing = noiseCoefficient
        let bias = Self.minimumBias
        smoothed.withUnsafeBufferPointer { smoothed in
            floorMinimum.minimum.withUnsafeBufferPointer { floor in
                presence.withUnsafeMutableBufferPointer { presence in
                    average.withUnsafeMutableBufferPointer { average in
                        noise.withUnsafeMutableBufferPointer { noise in
                            for bin in 0..<count {
                                if first {
                                    presence[bin] = 0
                                    average[bin] = Self.smoothAcross(power, at: bin)
                                } else {
                                    let noiseFloor = max(bias * floor[bin], .leastNormalMagnitude)
                                    let frameRatio = power[bin] / noiseFloor
                                    var absence: Float = 0
                                    if smoothed[bin] < Self.roughSmoothedRatio * noiseFloor {
                                        absence = frameRatio <= 1 ? 1 : max(0, (Self.presenceRatio - frameRatio) / (Self.presenceRatio - 1))
                                    }
                                    presence[bin] = presenceSmoothing * presence[bin] + (1 - presenceSmoothing) * (1 - absence)
                                    let weight = noiseSmoothing + (1 - noiseSmoothing) * presence[bin]
                                    average[bin] = weight * average[bin] + (1 - weight) * power[bin]
                                }
                                noise[bin] = Self.averageBias * average[bin]
                            }
                        }
                    }
                }
            }
        }
    }

    /// Forgets everything: the next frame's power is taken as the noise.
    mutating func reset() {
        initialized = false
    }

    /// A bin's value smoothed with its neighbours (1/4, 1/2, 1/4); at the edges, the missing
    /// neighbour is the one inside.
    @inline(__always)
    private static func smoothAcross(_ values: UnsafeBufferPointer<Float>, at bin: Int) -> Float {
        let last = values.count - 1
        let below = values[bin > 0 ? bin - 1 : 1]
        let above = values[bin < last ? bin + 1 : last - 1]
        return 0.25 * below + 0.5 * values[bin] + 0.25 * above
    }
}

/// The least value of each bin over a sliding window of frames, kept as the minima of
/// sub-windows so that an update costs one comparison per bin (and one pass over the sub-windows
/// each time one is finished).
struct SlidingMinimum: Sendable {
    /// The least value per bin over the finished sub-windows in the ring and the current one.
    private(set) var minimum: [Float]

    private let binCount: Int
    private let subwindowCount: Int
    private let framesPerSubwindow: Int
    private var current: [Float]
    /// The finished sub-windows' minima, sub-window by sub-window, `binCount` values each.
    private var ring: [Float]
    private var framesInSubwindow = 0
    private var nextSubwindow = 0

    /// - Parameters:
    ///   - binCount: Values per frame.
    ///   - subwindowCount: Sub-windows in the window.
    ///   - framesPerSubwindow: Frames per sub-window.
    init(binCount: Int, subwindowCount: Int, framesPerSubwindow: Int) {
        self.binCount = binCount
        self.subwindowCount = max(1, subwindowCount)
        self.framesPerSubwindow = max(1, framesPerSubwindow)
        minimum = [Float](repeating: 0, count: binCount)
        current = minimum
        ring = [Float](repeating: 0, count: binCount * self.subwindowCount)
    }

    /// Takes in the next frame.
    /// - Parameters:
    ///   - values: `binCount` values.
    ///   - first: Whether to forget the past and fill the whole window with these values.
    mutating func update(_ values: UnsafeBufferPointer<Float>, first: Bool) {
        let count = binCount
        if first {
            for bin in 0..<count {
                minimum[bin] = values[bin]
                current[bin] = values[bin]
            }
            for slot in 0..<subwindowCount {
                for bin in 0..<count { ring[slot * count + bin] = values[bin] }
            }
            framesInSubwindow = 0
            nextSubwindow = 0
            return
        }
        minimum.withUnsafeMutableBufferPointer { minimum in
            current.withUnsafeMutableBufferPointer { current in
                for bin in 0..<count {
                    minimum[bin] = min(minimum[bin], values[bin])
                    current[bin] = min(current[bin], values[bin])
                }
            }
        }
        framesInSubwindow += 1
        guard framesInSubwindow == framesPerSubwindow else { return }
        // The sub-window is finished: it replaces the oldest in the ring, and the window slides on.
        let offset = nextSubwindow * count
        let slots = subwindowCount
        current.withUnsafeMutableBufferPointer { current in
            ring.withUnsafeMutableBufferPointer { ring in
                minimum.withUnsafeMutableBufferPointer { minimum in
                    for bin in 0..<count {
                        ring[offset + bin] = current[bin]
                        var least = ring[bin]
                        for slot in 1..<slots { least = min(least, ring[slot * count + bin]) }
                        minimum[bin] = least
                        current[bin] = .greatestFiniteMagnitude
                    }
                }
            }
        }
        framesInSubwindow = 0
        nextSubwindow = (nextSubwindow + 1) % slots
    }
}
