import DictationKit
import DictationPreprocessing
import Foundation
import Logging

/// Tells speech from everything else with Silero VAD, a small neural network (v6.2.0) that
/// whisper.cpp runs: noise, hum, music and clicks that are loud are still not speech to it, where
/// ``EnergyVoiceActivityDetector`` hears anything well above the noise floor.
///
/// The network judges 32-ms windows (512 samples at 16 kHz) and remembers the audio before them;
/// each window's speech probability is held against two thresholds:
///
/// - **Onset.** Speech starts at the first window at or above ``threshold`` (0.5 at the default
///   sensitivity) whose level is above the energy detector's absolute floor (-60 dBFS at the
///   default sensitivity): digital silence and faint hiss never start speech.
/// - **Hangover.** Speech goes on while windows stay at or above ``releaseThreshold`` (0.15 below
///   the onset), and for ``hangover`` after the last one.
///
/// The frames it takes are 20 ms, as the energy detector's: each frame's energy and the noise
/// floor come from an ``EnergyVoiceActivityDetector`` fed the same frames (the endpointer splits
/// long speech at its quietest point by them, and the chain decides on noise suppression by the
/// floor), and its verdict is the network's as of the last whole window, at most 32 ms old.
///
/// The network runs at 16 kHz only, the rate of every recognizer DictationKit ships. A detector
/// made for another rate (``makeDetector(sampleRate:)``), or one whose network could not be loaded
/// again after the checks of ``init(modelPath:sensitivity:hangover:)`` (the file was removed
/// meanwhile), judges by energy alone and logs why, rather than leaving a session without
/// voice activity.
///
/// ```swift
/// let preprocessing = StandardPreprocessing(voiceActivityDetector: try SileroVoiceActivityDetector())
/// ```
public struct SileroVoiceActivityDetector: VoiceActivityDetecting {
    /// The one rate the network judges, in Hz.
    public static let sampleRate = 16_000
    /// The model's file name, as whisper.cpp's own download script names it.
    public static let modelFileName = "ggml-silero-v6.2.0.bin"
    /// Where the installed model is looked for, in order: beside a whisper.cpp installed in
    /// `/usr/local` (where `scripts/install-whisper.sh` puts it) or in `/usr`.
    public static let installedModelPaths = [
        "/usr/local/share/whisper.cpp/\(modelFileName)", "/usr/share/whisper.cpp/\(modelFileName)",
    ]

    /// The model file.
    public let modelPath: String
    /// How readily sounds count as speech, 0...1: it sets ``threshold``. Defaults to 0.5.
    public let sensitivity: Double
    /// Seconds that speech stays on after the last window above ``releaseThreshold``.
    public let hangover: Double
    /// The speech probability at which speech starts: 0.8 at sensitivity 0, 0.5 at 0.5, 0.2 at 1.
    public let threshold: Float
    /// The speech probability below which speech may end: 0.15 below ``threshold``.
    public let releaseThreshold: Float

    /// Samples in one 20-ms frame at the detector's rate.
    public var frameLength: Int { levels.frameLength }
    /// Whether speech is on, as of the last frame.
    public private(set) var isSpeech = false
    /// Whether the last window was likely enough speech to be its start but not yet sure.
    public var isSpeechStarting: Bool {
        network == nil ? levels.isSpeechStarting : !isSpeech && speechProbability >= releaseThreshold
    }
    /// The network's speech probability for the last whole window (0 before the first).
    public private(set) var speechProbability: Float = 0

    /// Energy, noise floor, and the verdicts where the network can't run.
    private var levels: EnergyVoiceActivityDetector
    /// This stream's network, loaded at the first frame; `nil` before, and where it can't run.
    private var network: SileroNetwork?
    /// Whether the network was tried for this stream and can't run.
    private var judgesByEnergyAlone = false
    /// The window being filled, of which the first ``windowFill`` samples are this window's:
    /// written in place, so that judging a frame allocates and shifts nothing.
    private var window = [Float](repeating: 0, count: SileroNetwork.windowLength)
    private var windowFill = 0
    private var quietWindowsInSpeech = 0
    private let hangoverWindows: Int

    private static let logger = Logger(label: "DictationWhisper.SileroVoiceActivityDetector")

    /// Creates a detector, checking that its model loads.
    /// - Parameters:
    ///   - modelPath: The ggml model file; `nil`, the default, for the installed one (the first
    ///     of ``installedModelPaths`` that exists).
    ///   - sensitivity: How readily sounds count as speech, 0 (only sure speech) to 1; clamped.
    ///     Defaults to 0.5.
    ///   - hangover: Seconds that speech stays on after the network loses it (0...2; clamped).
    ///     Defaults to 0.1, since the session's endpointer waits for the trailing silence itself.
    /// - Throws: ``DictationError`` with ``DictationError/Code/modelNotFound`` when the model is not
    ///   installed, not at `modelPath`, or refused by whisper.cpp.
    public init(modelPath: String? = nil, sensitivity: Double = 0.5, hangover: Double = 0.1) throws(DictationError) {
        guard let path = modelPath ?? Self.installedModelPath else {
            throw WhisperProblem.sileroModelMissing(searched: Self.installedModelPaths).error
        }
        // Loaded once here to fail now, with the caller, rather than in a session.
        _ = try SileroNetwork(path: path)
        self.init(checkedModelPath: path, sensitivity: sensitivity, hangover: hangover, sampleRate: Self.sampleRate)
    }

    private init(checkedModelPath: String, sensitivity: Double, hangover: Double, sampleRate: Int) {
        modelPath = checkedModelPath
        self.sensitivity = sensitivity.clamped(to: 0...1, orIfNaN: 0.5)
        self.hangover = hangover.clamped(to: 0...2, orIfNaN: 0.1)
        threshold = Float(0.8 - 0.6 * self.sensitivity)
        releaseThreshold = max(0.05, threshold - 0.15)
        hangoverWindows = Int(
            (self.hangover * Double(Self.sampleRate) / Double(SileroNetwork.windowLength)).rounded())
        // The energy detector's hangover only matters where it gives the verdicts: the same.
        levels = EnergyVoiceActivityDetector(
            sampleRate: sampleRate, frameDuration: .milliseconds20, sensitivity: self.sensitivity,
            hangover: self.hangover)
    }

    /// The installed model: the first of ``installedModelPaths`` that exists.
    public static var installedModelPath: String? {
        installedModelPaths.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// Judges the next 20-ms frame of the stream.
    ///
    /// NaN and infinite samples count as silence.
    /// - Parameter frame: The next ``frameLength`` mono samples (a shorter last frame is fine).
    /// - Returns: Whether speech is on, the frame's energy and the noise floor.
    public mutating func process(frame: UnsafeBufferPointer<Float>) -> VoiceActivityDecision {
        let levelsDecision = levels.process(frame: frame)
        guard !frame.isEmpty, let network = networkForThisStream() else {
            isSpeech = levelsDecision.isSpeech
            return levelsDecision
        }
        for sample in frame {
            window[windowFill] = sample.finiteOrZero
            windowFill += 1
            guard windowFill == window.count else { continue }
            windowFill = 0
            if let probability = window.withUnsafeBufferPointer({ network.speechProbability(of: $0) }) {
                decide(probability, isAboveFloor: levelsDecision.energy >= levels.absoluteThreshold)
            }
        }
        return VoiceActivityDecision(
            isSpeech: isSpeech, energy: levelsDecision.energy, noiseFloor: levelsDecision.noiseFloor)
    }

    /// A detector with this one's model and settings for audio at another rate, with nothing
    /// learnt; at any rate but 16 kHz it judges by energy alone.
    /// - Parameter sampleRate: The rate of the audio it will judge, in Hz.
    /// - Returns: A fresh detector.
    public func makeDetector(sampleRate: Int) -> SileroVoiceActivityDetector {
        SileroVoiceActivityDetector(
            checkedModelPath: modelPath, sensitivity: sensitivity, hangover: hangover, sampleRate: sampleRate)
    }

    /// The network of this stream, loaded at its first frame. A copy of a detector that has
    /// judged audio starts a network of its own (with nothing remembered), so two streams never
    /// share one.
    private mutating func networkForThisStream() -> SileroNetwork? {
        if network != nil, isKnownUniquelyReferenced(&network) { return network }
        guard !judgesByEnergyAlone else { return nil }
        guard levels.sampleRate == Self.sampleRate else {
            Self.logger.warning(
                "The Silero network judges 16 kHz audio only; at \(levels.sampleRate) Hz voice activity is judged by energy")
            judgesByEnergyAlone = true
            return nil
        }
        do {
            network = try SileroNetwork(path: modelPath)
            windowFill = 0
            return network
        } catch {
            Self.logger.error("Voice activity is judged by energy: \(error)")
            judgesByEnergyAlone = true
            network = nil
            return nil
        }
    }

    private mutating func decide(_ probability: Float, isAboveFloor: Bool) {
        speechProbability = probability
        if !isSpeech {
            if probability >= threshold && isAboveFloor {
                isSpeech = true
                quietWindowsInSpeech = 0
            }
        } else if probability >= releaseThreshold {
            quietWindowsInSpeech = 0
        } else {
            quietWindowsInSpeech += 1
            if quietWindowsInSpeech > hangoverWindows { isSpeech = false }
        }
    }
}
