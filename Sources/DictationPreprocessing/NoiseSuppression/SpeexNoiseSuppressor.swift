import CSpeexDSP

/// Lowers steady background noise (hiss, fans, the white noise of a cheap microphone) under
/// speech with libspeexdsp's preprocessor: its noise estimate, frequency by frequency, and its
/// MMSE spectral gain.
///
/// The preprocessor works on whole frames of ``frameLength`` samples (10 ms) of 16-bit audio,
/// and its overlap-add gives back each frame's samples one frame later. (10 ms frames did better
/// than speex's more usual 20 ms on the benchmark's noisy speech, and halve the delay.) This wrapper buffers the
/// stream into whole frames, converts `Float` to `Int16` and back, and returns as many samples
/// as it is given: output sample `n` is input sample `n - latency`, cleaned. The first
/// ``latency`` samples of a stream are what came before it: silence, but for the faint edge of
/// the first frame's window (some 60 dB under the audio). ``flush()`` returns the last
/// ``latency``.
/// Buffers of any size give the same output. Nothing is allocated per buffer.
///
/// Only denoising is on: speex's own gain control, voice activity and dereverberation are off,
/// since the chain does the first two itself.
///
/// One suppressor serves one stream on one thread; it is not `Sendable`. Its C state is freed
/// when it goes away.
final class SpeexNoiseSuppressor {
    /// How far speex lowers what it takes for noise, by default: 20 dB. On read speech in white
    /// noise at 5 and 10 dB SNR, 10 and 15 dB left more words wrong, 25 and 30 dB about as many
    /// (docs/benchmarks.md).
    static let defaultSuppression = 20

    /// The rate of the audio in Hz.
    let sampleRate: Int
    /// Samples per speex frame: 10 ms at ``sampleRate`` (160 at 16 kHz).
    let frameLength: Int
    /// How far noise is lowered, in dB (positive).
    let suppression: Int
    /// How many samples late the output is: two frames, one of buffering and one of speex's
    /// overlap-add (320 samples, 20 ms, at 16 kHz).
    var latency: Int { 2 * frameLength }

    private let state: OpaquePointer
    /// The frame being filled, in stream order.
    private var input: [Float]
    /// The last frame speex gave back, read out while the next one fills.
    private var output: [Float]
    /// Speex's in-place frame.
    private var pcm: [Int16]
    private var fill = 0
    /// Frames run through the whole preprocessor so far, up to ``fullRunsBeforeListening``.
    private var fullRuns = 0

    /// How many frames go through the whole preprocessor before ``listen(_:)`` may only update
    /// the noise estimate: 40 (0.4 s). Speex adapts its noise estimate with the weight
    /// 1/frames-run, falling to its floor of 0.03 after 34 frames; a run after frames that were
    /// only listened to must find that weight at its floor, not start the estimate over.
    static let fullRunsBeforeListening = 40

    /// Creates a suppressor, or `nil` if libspeexdsp can't make its state.
    /// - Parameters:
    ///   - sampleRate: The rate of the audio in Hz (at least 1000; lower rates are raised to it).
    ///   - suppression: How far noise is lowered, in dB (1...60). Defaults to
    ///     ``defaultSuppression``.
    init?(sampleRate: Int, suppression: Int = SpeexNoiseSuppressor.defaultSuppression) {
        let rate = max(1000, sampleRate)
        let length = rate / 100
        guard let state = speex_preprocess_state_init(Int32(length), Int32(rate)) else { return nil }
        self.state = state
        self.sampleRate = rate
        frameLength = length
        self.suppression = min(60, max(1, suppression))
        var on: Int32 = 1
        var off: Int32 = 0
        var level = Int32(-self.suppression)
        speex_preprocess_ctl(state, SPEEX_PREPROCESS_SET_DENOISE, &on)
        speex_preprocess_ctl(state, SPEEX_PREPROCESS_SET_NOISE_SUPPRESS, &level)
        speex_preprocess_ctl(state, SPEEX_PREPROCESS_SET_AGC, &off)
        // Voice activity and dereverberation are off from the start. Setting the first, even to
        // off, makes libspeexdsp print a warning on standard error, which dictate keeps clean.
        input = [Float](repeating: 0, count: length)
        output = input
        pcm = [Int16](repeating: 0, count: length)
    }

    deinit {
        speex_preprocess_state_destroy(state)
    }

    /// Cleans samples in place; the output is ``latency`` samples late.
    ///
    /// NaN and infinite samples are treated as silence; samples beyond ±1 are clipped, as 16-bit
    /// audio would be.
    /// - Parameter samples: Mono samples at ``sampleRate``; they are replaced by as many output
    ///   samples, those of ``latency`` samples earlier in the stream.
    func process(_ samples: UnsafeMutableBufferPointer<Float>) {
        feed(count: samples.count) { start, index, count in
            // Each sample goes in, the previous frame's comes out.
            input.withUnsafeMutableBufferPointer { input in
                output.withUnsafeBufferPointer { output in
                    for offset in 0..<count {
                        input[start + offset] = samples[index + offset]
                        samples[index + offset] = output[start + offset]
                    }
                }
            }
        } completeFrame: {
            runFrame()
        }
    }

    /// Cleans an array of samples in place; the output is ``latency`` samples late.
    /// - Parameter samples: Mono samples at ``sampleRate``; they are replaced by as many output
    ///   samples, those of ``latency`` samples earlier.
    func process(_ samples: inout [Float]) {
        samples.withUnsafeMutableBufferPointer { process($0) }
    }

    /// Takes samples into the noise estimate without cleaning them: the samples are left as they
    /// are, and the output they would have given is not computed (what ``process(_:)`` returns
    /// for them, should it follow, reads as silence).
    ///
    /// For a stream whose cleaned output is not used for now, but whose noise estimate must be
    /// ready when it is: speex's estimate update alone (`speex_preprocess_estimate_update`)
    /// costs well under half of a full run, which also computes the spectral gain and the inverse
    /// transform. The first ``fullRunsBeforeListening`` frames still run in full.
    /// - Parameter samples: Mono samples at ``sampleRate``.
    func listen(_ samples: UnsafeBufferPointer<Float>) {
        feed(count: samples.count) { start, index, count in
            input.withUnsafeMutableBufferPointer { input in
                output.withUnsafeMutableBufferPointer { output in
                    for offset in 0..<count {
                        input[start + offset] = samples[index + offset]
                        output[start + offset] = 0
                    }
                }
            }
        } completeFrame: {
            if fullRuns < Self.fullRunsBeforeListening { runFrame() } else { estimateFrame() }
        }
    }

    /// Walks `count` samples through the frame buffers: `move` copies each span that fits in the
    /// current frame (its offset in the frame, its index in the samples, its length), and
    /// `completeFrame` runs whenever the frame is full.
    private func feed(
        count total: Int, move: (_ start: Int, _ index: Int, _ count: Int) -> Void, completeFrame: () -> Void
    ) {
        let length = frameLength
        var index = 0
        while index < total {
            let count = min(length - fill, total - index)
            move(fill, index, count)
            fill += count
            index += count
            if fill == length {
                completeFrame()
                fill = 0
            }
        }
    }

    /// Takes an array of samples into the noise estimate without cleaning them (``listen(_:)``).
    /// - Parameter samples: Mono samples at ``sampleRate``.
    func listen(_ samples: [Float]) {
        samples.withUnsafeBufferPointer { listen($0) }
    }

    /// Ends the stream: returns the last ``latency`` samples of output, which the input given so
    /// far still owes. The suppressor serves no further stream.
    /// - Returns: ``latency`` samples.
    func flush() -> [Float] {
        var tail = [Float](repeating: 0, count: latency)
        process(&tail)
        return tail
    }

    /// Runs speex on the full input frame; its output replaces `output`.
    private func runFrame() {
        fullRuns = min(fullRuns + 1, Self.fullRunsBeforeListening)
        convertInput()
        pcm.withUnsafeMutableBufferPointer { _ = speex_preprocess_run(state, $0.baseAddress) }
        pcm.withUnsafeBufferPointer { pcm in
            output.withUnsafeMutableBufferPointer { output in
                for index in 0..<pcm.count { output[index] = Float(pcm[index]) / 32_768 }
            }
        }
    }

    /// Updates speex's noise estimate (and its overlap) with the full input frame, computing no output.
    private func estimateFrame() {
        convertInput()
        pcm.withUnsafeMutableBufferPointer { speex_preprocess_estimate_update(state, $0.baseAddress) }
    }

    /// The input frame as speex's 16-bit samples in `pcm`.
    private func convertInput() {
        input.withUnsafeBufferPointer { input in
            pcm.withUnsafeMutableBufferPointer { pcm in
                for index in 0..<input.count {
                    let scaled = (input[index].finiteOrZero * 32_768).rounded()
                    pcm[index] = Int16(min(32_767, max(-32_768, scaled)))
                }
            }
        }
    }
}
