import CSoxr
import DictationKit

/// A streaming sample-rate converter for mono `Float` audio, built on libsoxr.
///
/// Feed a stream buffer by buffer with ``process(_:)`` and call ``flush()`` once at its end to get
/// the samples still inside the filter. Over a whole stream the output has
/// `inputCount × outputSampleRate / inputSampleRate` samples (rounded), and it is the same however
/// the input was cut into buffers. The output is time-aligned with the input: soxr compensates
/// its linear-phase filter's delay.
///
/// It uses soxr's high quality (20-bit, linear phase) recipe: flat within 0.01 dB up to 91.3 % of
/// the lower Nyquist frequency (7.3 kHz at 16 kHz output), aliasing and imaging suppressed by
/// about 120 dB (measured from 44.1 and 48 kHz: 7 kHz tones within 0.007 dB, aliases of 9 to
/// 20 kHz tones at -141 dBFS or lower). That is beyond what a 16-bit recognizer can tell apart.
///
/// One session's audio thread uses a resampler; it is not `Sendable`.
public final class SoxrResampler {
    /// Samples per second going in.
    public let inputSampleRate: Int
    /// Samples per second coming out.
    public let outputSampleRate: Int

    private let soxr: soxr_t
    // Input fed since the last flush: a flush without it has nothing to drain.
    private var hasPendingInput = false

    /// Creates a resampler for one mono stream.
    /// - Parameters:
    ///   - inputSampleRate: Samples per second of the input, at least 1.
    ///   - outputSampleRate: Samples per second wanted, at least 1.
    /// - Throws: `DictationError.Code.invalidAudio` when a rate is not positive or soxr can't
    ///   convert between the two rates.
    public init(inputSampleRate: Int, outputSampleRate: Int) throws(DictationError) {
        guard inputSampleRate >= 1 else {
            throw ConversionProblem.impossibleInputRate(inputSampleRate).error
        }
        guard outputSampleRate >= 1 else {
            throw ConversionProblem.impossibleOutputRate(outputSampleRate).error
        }
        var ioSpec = soxr_io_spec(SOXR_FLOAT32_I, SOXR_FLOAT32_I)
        var qualitySpec = soxr_quality_spec(UInt(SOXR_HQ), 0)
        // One thread: at speech rates a worker pool would cost more to wake than it saves, and the
        // session already gives this work a thread of its own.
        var runtimeSpec = soxr_runtime_spec(1)
        var error: soxr_error_t?
        let created = soxr_create(
            Double(inputSampleRate), Double(outputSampleRate), 1, &error, &ioSpec, &qualitySpec, &runtimeSpec)
        guard let created, error == nil else {
            if let created { soxr_delete(created) }
            throw ConversionProblem.unconvertibleRates(
                input: inputSampleRate, output: outputSampleRate, reason: error.map { String(cString: $0) }
            ).error
        }
        self.soxr = created
        self.inputSampleRate = inputSampleRate
        self.outputSampleRate = outputSampleRate
    }

    deinit {
        soxr_delete(soxr)
    }

    /// Converts the next buffer of the stream.
    ///
    /// The first buffers give fewer samples than the rate ratio says while the filter fills; the
    /// difference comes out of ``flush()``.
    /// - Parameter samples: The next mono samples at ``inputSampleRate``; may be empty.
    /// - Returns: The mono samples at ``outputSampleRate`` that this input completes.
    /// - Throws: `DictationError.Code.internal` when soxr reports a failure.
    public func process(_ samples: [Float]) throws(DictationError) -> [Float] {
        // soxr reads a null input pointer as end of stream, and an empty array may have none.
        guard !samples.isEmpty else { return [] }
        hasPendingInput = true
        var output = [Float](repeating: 0, count: expectedOutputCount(forInput: samples.count))
        var produced = 0
        var consumed = 0
        try samples.withUnsafeBufferPointer { (input) throws(DictationError) in
            while true {
                if produced == output.count {
                    output.append(contentsOf: repeatElement(0, count: max(64, output.count / 2)))
                }
                var inputDone = 0
                var outputDone = 0
                let room = output.count - produced
                let status = output.withUnsafeMutableBufferPointer { out in
                    soxr_process(
                        soxr, input.baseAddress.map { $0 + consumed }, input.count - consumed, &inputDone,
                        out.baseAddress.map { $0 + produced }, room, &outputDone)
                }
                if let status { throw failure(.resampling, status) }
                consumed += inputDone
                produced += outputDone
                // A full output buffer may mean soxr holds more that this input already completes.
                if consumed == input.count, outputDone < room { return }
                // Guards against looping forever should soxr ever stop taking input.
                if inputDone == 0, outputDone == 0 { throw failure(.resampling, nil) }
            }
        }
        output.removeLast(output.count - produced)
        return output
    }

    /// Ends the stream: returns the samples still inside the filter and makes the resampler ready
    /// for a new stream. Calling it again, or before any input, returns nothing.
    /// - Returns: The last mono samples at ``outputSampleRate``.
    /// - Throws: `DictationError.Code.internal` when soxr reports a failure.
    public func flush() throws(DictationError) -> [Float] {
        guard hasPendingInput else { return [] }
        hasPendingInput = false
        // The tail is about the filter's delay; soxr reports it in output samples.
        var output = [Float](repeating: 0, count: max(64, Int(soxr_delay(soxr).rounded(.up)) + 16))
        var produced = 0
        var status: soxr_error_t?
        while status == nil {
            if produced == output.count {
                output.append(contentsOf: repeatElement(0, count: output.count))
            }
            var outputDone = 0
            let room = output.count - produced
            status = output.withUnsafeMutableBufferPointer { out in
                soxr_process(soxr, nil, 0, nil, out.baseAddress.map { $0 + produced }, room, &outputDone)
            }
            produced += outputDone
            if outputDone == 0 { break }
        }
        // Reset even after a failure, so the next stream doesn't start in soxr's error state.
        let clearStatus = soxr_clear(soxr)
        if let status = status ?? clearStatus { throw failure(.draining, status) }
        output.removeLast(output.count - produced)
        return output
    }

    /// Input samples in, output samples out, plus room for what the filter held back before.
    private func expectedOutputCount(forInput count: Int) -> Int {
        let ratio = Double(outputSampleRate) / Double(inputSampleRate)
        return Int((Double(count) * ratio).rounded(.up)) + 64
    }

    /// `status` is soxr's error; `nil` when it stopped making progress without one.
    private func failure(_ step: ConversionProblem.ResamplerStep, _ status: soxr_error_t?) -> DictationError {
        ConversionProblem.resamplerFailed(
            step, input: inputSampleRate, output: outputSampleRate, reason: status.map { String(cString: $0) }
        ).error
    }
}

/// A resampler holds one stream's filter state and is used by one thread.
@available(*, unavailable)
extension SoxrResampler: Sendable {}
