import Foundation

/// A short sound that tells someone who is not looking what the dictation just did.
///
/// Each cue is one or two pure tones, distinct in pitch and pattern so that they are told apart
/// without learning them: listening starts on a rising pair and stops on a falling one, a taken
/// utterance is one high tick, a command two higher blips, nothing heard one low tone, an error
/// two lower ones. They are made, not recorded (``samples(sampleRate:volume:)``), and short
/// (under 0.3 s), since the microphone is silenced while one plays.
public enum SoundCue: String, Sendable, CaseIterable, Codable {
    /// The session started listening (or resumed).
    case listeningStarted
    /// The session stopped listening (paused, suspended or ended).
    case listeningStopped
    /// An utterance's final was taken: typed or printed.
    case utteranceTaken
    /// A spoken command was carried out ("scratch that", "new line").
    case commandCarriedOut
    /// Speech was heard but no word recognized, or nothing was said in time.
    case nothingHeard
    /// Something went wrong; the session's error event says what.
    case error

    /// A tone of a cue: its pitch and length.
    struct Tone: Sendable, Hashable {
        /// Hertz.
        var frequency: Double
        /// Seconds.
        var duration: Double
    }

    /// The cue's tones, in order, with ``gap`` between them.
    var tones: [Tone] {
        switch self {
        case .listeningStarted: [Tone(frequency: 523, duration: 0.08), Tone(frequency: 784, duration: 0.08)]
        case .listeningStopped: [Tone(frequency: 784, duration: 0.08), Tone(frequency: 523, duration: 0.08)]
        case .utteranceTaken: [Tone(frequency: 1_047, duration: 0.06)]
        case .commandCarriedOut: [Tone(frequency: 1_319, duration: 0.05), Tone(frequency: 1_319, duration: 0.05)]
        case .nothingHeard: [Tone(frequency: 392, duration: 0.18)]
        case .error: [Tone(frequency: 233, duration: 0.12), Tone(frequency: 233, duration: 0.12)]
        }
    }

    /// The silence between a cue's tones, in seconds.
    static let gap = 0.04
    /// Each tone fades in and out over this long, in seconds: a tone cut hard clicks.
    static let ramp = 0.008

    /// The cue as mono 16-bit samples.
    /// - Parameters:
    ///   - sampleRate: Samples per second.
    ///   - volume: Peak amplitude from 0 (silent) to 1 (full scale).
    /// - Returns: The samples.
    func samples(sampleRate: Int, volume: Double) -> [Int16] {
        let rate = Double(sampleRate)
        let peak = max(0, min(1, volume)) * 32_767
        var samples: [Int16] = []
        for (index, tone) in tones.enumerated() {
            if index > 0 { samples += repeatElement(0, count: Int(Self.gap * rate)) }
            let count = Int(tone.duration * rate)
            let rampCount = max(1, Int(Self.ramp * rate))
            for n in 0..<count {
                let edge = Double(min(n, count - 1 - n, rampCount)) / Double(rampCount)
                let envelope = 0.5 - 0.5 * cos(Double.pi * min(1, edge))
                let value = sin(2 * Double.pi * tone.frequency * Double(n) / rate) * envelope * peak
                samples.append(Int16(value.rounded()))
            }
        }
        return samples
    }
}
