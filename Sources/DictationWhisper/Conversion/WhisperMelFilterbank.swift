import Foundation

/// The mel filterbank Whisper's front end applies to 400-point FFT power spectra of 16 kHz audio.
///
/// whisper.cpp does not compute it: it reads it from the model file, into which the converters
/// copy OpenAI's `mel_filters.npz`, made with `librosa.filters.mel(sr=16000, n_fft=400,
/// n_mels=80 or 128)` and librosa's defaults (Slaney mel scale, not HTK; Slaney area
/// normalisation). This recomputes it the way librosa does — float64 maths, each triangle
/// stored to float32 before the normalisation is applied in float64 and stored again — so the
/// result matches the shipped table bit for bit.
enum WhisperMelFilterbank {
    static let sampleRate = 16_000.0
    static let fftSize = 400
    /// Columns per filter: the FFT bins 0...fftSize/2 (201).
    static let frequencyBinCount = fftSize / 2 + 1

    /// `melCount` × `frequencyBinCount` weights, row-major (one row per mel band).
    static func weights(melCount: Int) -> [Float] {
        let binFrequencies = (0..<frequencyBinCount).map { Double($0) * sampleRate / Double(fftSize) }

        // Band edges: melCount + 2 points evenly spaced on the mel scale from 0 Hz to Nyquist,
        // spaced as numpy.linspace does (i × step, last point exactly the stop value).
        let highestMel = mel(hertz: sampleRate / 2)
        let step = highestMel / Double(melCount + 1)
        let edges = (0...(melCount + 1)).map { hertz(mel: $0 == melCount + 1 ? highestMel : Double($0) * step) }

        var weights = [Float](repeating: 0, count: melCount * frequencyBinCount)
        for band in 0..<melCount {
            let lowerWidth = edges[band + 1] - edges[band]
            let upperWidth = edges[band + 2] - edges[band + 1]
            let normalisation = 2 / (edges[band + 2] - edges[band])
            for bin in 0..<frequencyBinCount {
                let rising = -(edges[band] - binFrequencies[bin]) / lowerWidth
                let falling = (edges[band + 2] - binFrequencies[bin]) / upperWidth
                let triangle = min(rising, falling)
                // `> 0` rather than `max`: the table has +0 where the triangle is -0.
                let stored = Float(triangle > 0 ? triangle : 0)
                weights[band * frequencyBinCount + bin] = Float(Double(stored) * normalisation)
            }
        }
        return weights
    }

    // Slaney's mel scale: linear (3 mels per 200 Hz) below 1 kHz, logarithmic above.
    private static let hertzPerMel = 200.0 / 3
    private static let logarithmicStartHertz = 1000.0
    private static let logarithmicStartMel = logarithmicStartHertz / hertzPerMel
    private static let logarithmicStep = log(6.4) / 27

    private static func mel(hertz: Double) -> Double {
        hertz >= logarithmicStartHertz
            ? logarithmicStartMel + log(hertz / logarithmicStartHertz) / logarithmicStep
            : hertz / hertzPerMel
    }

    private static func hertz(mel: Double) -> Double {
        mel >= logarithmicStartMel
            ? logarithmicStartHertz * exp(logarithmicStep * (mel - logarithmicStartMel))
            : hertzPerMel * mel
    }
}
