import DictationKit
import DictationPreprocessing
import DictationTesting
import Foundation
import Testing

@testable import DictationCapture

/// A session whose decoding can't keep up with its source: a scripted recognizer twice as slow
/// as real time, on a capture device that delivers far faster than real time (a second of
/// silence, real speech, then a minute of silence, all as fast as it is read), through the real
/// capture thread, queue, preprocessing chain and endpointer.
@Suite struct SlowDecodingTests {
    /// A live source on a scripted device.
    struct ScriptedDeviceSource: AudioSource {
        let steps: [ScriptedCaptureDevice.Step]
        let bufferSeconds: Double

        func open() throws(DictationError) -> any AudioReader {
            do {
                return try ScriptedCaptureDevice.open(steps, bufferSeconds: bufferSeconds).reader
            } catch let error as DictationError {
                throw error
            } catch {
                throw DictationError(code: .internal, message: "\(error)", isFatal: true)
            }
        }
    }

    @Test func theSessionEndsAtItsCapturedMaximumWithTheSpeechDecodedAndOneOverrunEvent() async throws {
        let speech = try TestFixtures.goforward()
        let steps = ScriptedCaptureDevice.periods(
            ScriptedCaptureDevice.silence(seconds: 1) + speech + ScriptedCaptureDevice.silence(seconds: 60))
        // goforward's words lie between 0.46 and 2.13 s of the recording, 1 s in here.
        let recognizer = ScriptedRecognizer(
            utterances: [.init("go forward ten meters", from: 1.5, to: 3.1)], realTimeFactor: 2,
            segmentation: .endpointer)
        let session = DictationSession(
            source: ScriptedDeviceSource(steps: steps, bufferSeconds: 5), preprocessing: StandardPreprocessing(),
            recognizer: recognizer)
        var events: [DictationEvent] = []
        for await event in try await session.start(DictationOptions(reports: [.partials, .progress], maxDuration: 20)) {
            events.append(event)
        }
        let finals = events.compactMap { if case .final(let transcript) = $0 { transcript } else { nil } }
        #expect(finals.map(\.text) == ["go forward ten meters"], "the speech survived: \(events)")
        let overruns = events.compactMap { if case .error(let error) = $0, error.code == .captureOverrun { error } else { nil } }
        #expect(overruns.count == 1, "one coalesced event: \(overruns)")
        #expect(overruns.first?.message.contains("none of it sounded like speech") == true, "\(overruns)")
        // It ended at 20 s of captured audio, not at the end of the device's 63 s. (How long that
        // took on the clock is the benchmarks' business: this machine is shared.)
        let progress = events.compactMap { if case .progress(let processed, _) = $0 { processed } else { nil } }
        #expect(progress.last.map { abs($0 - 20) < 0.1 } == true, "\(progress)")
        #expect(!events.contains { if case .error(let error) = $0 { error.isFatal } else { false } })
    }
}
