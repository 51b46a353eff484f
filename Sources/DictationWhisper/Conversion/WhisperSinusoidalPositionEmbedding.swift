import Foundation

/// Whisper's fixed encoder position embedding, `sinusoids(length, channels)` in whisper/model.py.
///
/// CTranslate2 stores it as `encoder/position_encodings/encodings`; this recreates it for a file
/// that lacks it. whisper.cpp needs it as `encoder.positional_embedding`, since it does not
/// compute it. The arithmetic follows PyTorch's float32 steps (float32 timescales and products);
/// exp, sin and cos are evaluated in double precision and rounded once, so values may differ
/// from a checkpoint's in the last float32 bit, where PyTorch's own kernels round differently.
enum WhisperSinusoidalPositionEmbedding {
    /// `length` × `channels` values, row-major: per position the sines of all timescales, then
    /// their cosines. `channels` must be even and at least 4.
    static func values(length: Int, channels: Int, maxTimescale: Double = 10_000) -> [Float] {
        let half = channels / 2
        let increment = Float(-log(maxTimescale) / Double(half - 1))
        let inverseTimescales = (0..<half).map { Float(exp(Double(increment * Float($0)))) }
        var values = [Float](repeating: 0, count: length * channels)
        for position in 0..<length {
            for (index, inverseTimescale) in inverseTimescales.enumerated() {
                let time = Double(Float(position) * inverseTimescale)
                values[position * channels + index] = Float(sin(time))
                values[position * channels + half + index] = Float(cos(time))
            }
        }
        return values
    }
}
