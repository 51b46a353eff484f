import DictationKit

/// 7 s of silence in 100 ms reads, with a recovered overrun reported after each read listed (by
/// default half-way through), and the access it says it has.
struct OverrunningSource: AudioSource {
    var warningsAt: Set<Int> = [35]
    var access: PermissionStatus = .granted

    func open() throws(DictationError) -> any AudioReader { Reader(warningsAt: warningsAt) }

    func checkAccess() -> PermissionStatus { access }

    private final class Reader: AudioReader {
        let warningsAt: Set<Int>
        var reads = 0
        var warned: Set<Int> = []
        let format = AudioFormat(sampleRate: 16_000, channelCount: 1, encoding: .float32)

        init(warningsAt: Set<Int>) { self.warningsAt = warningsAt }

        func read(maxFrames: Int) throws(DictationError) -> AudioFrame? {
            guard reads < 70 else { return nil }
            reads += 1
            return AudioFrame(
                samples: [Float](repeating: 0, count: 1_600), sampleRate: 16_000, channelCount: 1,
                startTime: Double(reads - 1) / 10)
        }

        func takeEvents() -> [DictationEvent] {
            guard warningsAt.contains(reads), !warned.contains(reads) else { return [] }
            warned.insert(reads)
            return [.error(DictationError(code: .captureOverrun, message: "some audio was lost", isFatal: false))]
        }

        func interrupt() {}
    }
}
