import DictationKit

/// Lowers background noise as ``StandardPreprocessing/NoiseSuppression`` asks: always, or only while the chain finds
/// the audio noisy.
///
/// The ``SpeexNoiseSuppressor`` hears every sample in both modes, so that its noise estimate is
/// ready the moment suppression engages; until then (automatic mode, clean audio) it only listens
/// (``SpeexNoiseSuppressor/listen(_:)``): its estimate is updated, but no output is computed that
/// nobody would use, which more than halves its cost on clean audio and long pauses. Once the
/// audio is found noisy it runs in full again, and suppression engages after 0.1 s of that, in a
/// pause, when speex's smoothing has caught up. Its output
/// is ``SpeexNoiseSuppressor/latency`` samples late (20 ms), which sets how the two modes go:
///
/// - **Always** (``StandardPreprocessing/NoiseSuppression/on``): the output is the suppressor's, ``delay`` samples late
///   from the first sample, the first ``delay`` of them (near) silence.
/// - **Automatic**: until the audio is first found noisy, the output is the input itself,
///   untouched and without delay, so clean audio goes through the chain exactly as with
///   suppression off. At the first engagement the output falls back by the suppressor's
///   latency: it fades, over one speex frame, from the input to the suppressed audio of a frame
///   earlier, which repeats 20 ms of background. The chain waits for a pause in the speech to
///   ask for that, so no word is stretched. From then on the output stays that much late, and
///   fades between the suppressed audio and the unsuppressed (through a delay line of the same
///   length) over one frame whenever suppression engages or disengages.
///
/// Nothing is allocated per buffer once the scratch buffers have grown to the buffer size.
final class NoiseSuppressionStage {
    /// How many samples late the output is now: the suppressor's latency in always mode; in
    /// automatic mode 0 until the first engagement, then the suppressor's latency. The output
    /// has that many more samples than the input had.
    private(set) var delay: Int

    private let suppressor: SpeexNoiseSuppressor
    private let alwaysOn: Bool
    /// The last `latency` input samples, oldest at `delayIndex`.
    private var delayLine: [Float]
    private var delayIndex = 0
    /// The input of the buffer being processed, and the same delayed; kept to reuse their storage.
    private var undelayed: [Float] = []
    private var unsuppressed: [Float] = []
    /// The weight of the suppressed audio against the unsuppressed, and where it is heading.
    private var weight: Float
    private var targetWeight: Float
    /// During the first engagement, the weight of the delayed audio against the input.
    private var shiftWeight: Float = 1
    private let fadeStep: Float
    /// How long speex runs in full, after only listening, before suppression may engage: 0.1 s.
    /// Speex smooths its gains from frame to frame, and its smoothing only moves in full runs;
    /// after listening, its first 0.1 s lower noise by 6 dB where 13 dB is due
    /// (`SpeexNoiseSuppressorTests`), which cost a word on a short command.
    private let warmUp: Int
    /// Samples speex has run in full since the audio was found noisy, before the first engagement.
    private var samplesRunBeforeEngaging = 0

    /// Builds the stage, or `nil` for ``StandardPreprocessing/NoiseSuppression/off`` or when libspeexdsp can't make its
    /// state.
    /// - Parameters:
    ///   - mode: ``StandardPreprocessing/NoiseSuppression/on`` or
    ///     ``StandardPreprocessing/NoiseSuppression/automatic``.
    ///   - sampleRate: The rate of the audio in Hz.
    init?(mode: StandardPreprocessing.NoiseSuppression, sampleRate: Int) {
        guard mode != .off, let suppressor = SpeexNoiseSuppressor(sampleRate: sampleRate) else { return nil }
        self.suppressor = suppressor
        alwaysOn = mode == .on
        delay = alwaysOn ? suppressor.latency : 0
        weight = alwaysOn ? 1 : 0
        targetWeight = weight
        fadeStep = 1 / Float(suppressor.frameLength)
        warmUp = suppressor.sampleRate / 10
        delayLine = alwaysOn ? [] : [Float](repeating: 0, count: suppressor.latency)
    }

    /// The unsuppressed audio in step with the output of the last ``process(_:engaged:inPause:)``
    /// or ``flush()``, sample for sample: the input through a delay line of the suppressor's
    /// latency, in automatic mode once the output is delayed. `nil` while the output is the input
    /// itself (automatic mode before the first engagement) and in always mode.
    var unsuppressedOutput: [Float]? { !alwaysOn && delay > 0 ? unsuppressed : nil }

    /// Processes samples in place.
    /// - Parameters:
    ///   - samples: The next mono samples; replaced by as many output samples, ``delay`` late.
    ///   - engaged: Whether noise is to be lowered from here on (automatic mode).
    ///   - inPause: Whether no speech is being heard: where the first engagement may move the
    ///     audio back by the suppressor's latency.
    func process(_ samples: inout [Float], engaged: Bool, inPause: Bool) {
        guard !alwaysOn else {
            suppressor.process(&samples)
            return
        }
        unsuppressed.removeAll(keepingCapacity: true)
        unsuppressed.append(contentsOf: samples)
        pushThroughDelayLine(&unsuppressed)
        if delay == 0 {
            guard engaged else {
                // Clean so far: the input goes on as it came; the suppressor only listens,
                // keeping its noise estimate ready without computing output nobody uses.
                suppressor.listen(samples)
                samplesRunBeforeEngaging = 0
                return
            }
            guard inPause, samplesRunBeforeEngaging >= warmUp else {
                // Found noisy: speex runs in full again, its output not used yet, until it has
                // for ``warmUp`` and a pause comes.
                undelayed.removeAll(keepingCapacity: true)
                undelayed.append(contentsOf: samples)
                suppressor.process(&undelayed)
                samplesRunBeforeEngaging += samples.count
                return
            }
            delay = suppressor.latency
            shiftWeight = 0
        }
        undelayed.removeAll(keepingCapacity: true)
        undelayed.append(contentsOf: samples)
        suppressor.process(&samples)
        targetWeight = engaged ? 1 : 0
        mix(&samples)
    }

    /// Ends the stream.
    /// - Returns: The last ``delay`` samples of output.
    func flush() -> [Float] {
        guard delay > 0 else { return [] }
        var tail = suppressor.flush()
        guard !alwaysOn else { return tail }
        // The input has ended: silence goes in behind the last samples.
        unsuppressed = [Float](repeating: 0, count: tail.count)
        undelayed = unsuppressed
        pushThroughDelayLine(&unsuppressed)
        mix(&tail)
        return tail
    }

    /// Replaces samples by those `latency` samples earlier.
    private func pushThroughDelayLine(_ samples: inout [Float]) {
        let length = delayLine.count
        var index = delayIndex
        delayLine.withUnsafeMutableBufferPointer { line in
            samples.withUnsafeMutableBufferPointer { samples in
                for offset in 0..<samples.count {
                    let earlier = line[index]
                    line[index] = samples[offset]
                    samples[offset] = earlier
                    index += 1
                    if index == length { index = 0 }
                }
            }
        }
        delayIndex = index
    }

    /// Weighs the suppressed samples against `unsuppressed`, fading towards `targetWeight`, and,
    /// during the first engagement, the result against `undelayed`.
    private func mix(_ suppressed: inout [Float]) {
        let target = targetWeight
        if weight == target, shiftWeight == 1 {
            // The steady states: one of the two, untouched.
            if target == 0 { replace(&suppressed, with: unsuppressed) }
            return
        }
        let step = fadeStep
        var weight = self.weight
        var shiftWeight = self.shiftWeight
        undelayed.withUnsafeBufferPointer { undelayed in
            unsuppressed.withUnsafeBufferPointer { unsuppressed in
                suppressed.withUnsafeMutableBufferPointer { suppressed in
                    for index in 0..<suppressed.count {
                        weight = target > weight ? min(target, weight + step) : max(target, weight - step)
                        shiftWeight = min(1, shiftWeight + step)
                        let delayed = weight * suppressed[index] + (1 - weight) * unsuppressed[index]
                        suppressed[index] = shiftWeight * delayed + (1 - shiftWeight) * undelayed[index]
                    }
                }
            }
        }
        self.weight = weight
        self.shiftWeight = shiftWeight
    }

    /// Copies `source` over `samples`, which has as many.
    private func replace(_ samples: inout [Float], with source: [Float]) {
        source.withUnsafeBufferPointer { source in
            samples.withUnsafeMutableBufferPointer { samples in
                for index in 0..<samples.count { samples[index] = source[index] }
            }
        }
    }
}
