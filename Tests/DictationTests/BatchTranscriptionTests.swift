import DictationTestSupport
import DictationTesting
import DictationWhisper
import Foundation
import Synchronization
import Testing

@testable import Dictation

/// `BatchTranscription` on real recordings and real PocketSphinx decoding (named: the default
/// recognizer is Whisper's wherever a Whisper model is installed, and what is tested here is the
/// batch, not the recognizer).
@Suite(.timeLimit(.minutes(25))) struct BatchTranscriptionTests {
    static let numbers = ["0870", "0880", "0890", "0920", "0930"]

    /// Everything a batch delivered, in order.
    static func updates(of batch: BatchTranscription) async -> [BatchTranscription.Update] {
        var updates: [BatchTranscription.Update] = []
        for await update in batch.start() { updates.append(update) }
        return updates
    }

    /// The finals' texts of each file, by index.
    static func finals(in updates: [BatchTranscription.Update]) -> [Int: [String]] {
        var finals: [Int: [String]] = [:]
        for case .event(.final(let transcript), let file) in updates { finals[file, default: []].append(transcript.text) }
        return finals
    }

    @Test func filesComeBackInInputOrderWithTheFinalsOfOneJob() async throws {
        let paths = try Self.numbers.map(PocketSphinxTestData.librivoxPath)
        let parallel = await Self.updates(of: BatchTranscription(paths: paths, jobs: 2, recognizer: PocketSphinxRecognizer()))
        let serial = await Self.updates(of: BatchTranscription(paths: paths, jobs: 1, recognizer: PocketSphinxRecognizer()))

        // started(i), its events, finished(i), then i + 1: never another file's update in between.
        var current: Int?
        var order: [Int] = []
        for update in parallel {
            switch update {
            case .started(let file, let path):
                #expect(current == nil, "file \(file) started inside file \(current ?? -1)")
                #expect(path == paths[file])
                current = file
                order.append(file)
            case .event(_, let file):
                #expect(file == current)
            case .finished(let result):
                #expect(result.file == current)
                #expect(result.succeeded, "\(result)")
                #expect(result.audioDuration > 2)
                current = nil
            case .progress:
                break
            }
        }
        #expect(order == Array(paths.indices))
        let finals = Self.finals(in: parallel)
        #expect(finals.count == paths.count)
        // Each utterance is searched whole with its own cepstral mean: which file a decoder had
        // before, and how many jobs there are, changes nothing.
        #expect(finals == Self.finals(in: serial))
        for (index, number) in Self.numbers.enumerated() {
            let wer = WordErrorRate(
                reference: try PocketSphinxTestData.librivoxTranscript(number),
                hypothesis: finals[index, default: []].joined(separator: " "))
            #expect(wer.rate <= 0.5, "\(number): \(wer)")
        }
    }

    @Test func aFailingFileIsReportedAndTheOthersGoOn() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let corrupt = directory.appendingPathComponent("corrupt.wav").path
        try Data("RIFF\u{7}\u{0}\u{0}\u{0}WAVEnot a format chunk at all".utf8).write(to: URL(fileURLWithPath: corrupt))
        let missing = directory.appendingPathComponent("missing.wav").path
        let paths = [
            try PocketSphinxTestData.librivoxPath("0880"), missing, corrupt, try PocketSphinxTestData.librivoxPath("0930"),
        ]

        let updates = await Self.updates(of: BatchTranscription(paths: paths, jobs: 2, recognizer: PocketSphinxRecognizer()))
        let results = updates.compactMap { update -> BatchTranscription.FileResult? in
            if case .finished(let result) = update { return result }
            return nil
        }
        #expect(results.map(\.file) == [0, 1, 2, 3])
        #expect(results.map(\.succeeded) == [true, false, false, true])
        #expect(results[1].error?.code == .invalidAudio)
        #expect(results[2].error?.code == .invalidAudio)
        let finals = Self.finals(in: updates)
        #expect(finals[0]?.isEmpty == false)
        #expect(finals[3]?.isEmpty == false)
        // Each failure is also the last event of its file, as a session ends on a fatal error.
        let errors = updates.compactMap { update -> Int? in
            if case .event(.error(let error), let file) = update, error.isFatal { return file }
            return nil
        }
        #expect(errors == [1, 2])
        guard case .progress(let last)? = updates.last(where: { if case .progress = $0 { true } else { false } }) else {
            Issue.record("no progress")
            return
        }
        #expect(last.filesFinished == 4)
        #expect(last.filesFailed == 2)
        #expect(last.audioProcessed > 5)
    }

    @Test func eachJobLoadsTheModelOnceForAllItsFiles() async throws {
        let made = DecoderCount()
        let paths = try (Self.numbers + Self.numbers).map(PocketSphinxTestData.librivoxPath)
        let updates = await Self.updates(
            of: BatchTranscription(paths: paths, jobs: 2, recognizer: made.counting(PocketSphinxRecognizer())))
        #expect(Self.finals(in: updates).count == paths.count)
        // Ten sessions, two jobs: without reuse, ten models would have been loaded.
        #expect((1...2).contains(made.value), "\(made.value) decoders for 2 jobs")
    }

    /// What a batch's sessions ask for: the finals' decoder, without partials.
    static let wholeUtterances = DecoderConfiguration(
        locale: "en-US", segmentation: .endpointer, reportsPartials: false, maxUtteranceDuration: 30)

    @Test func aJobsRecognizerLendsTheSameDecoderAgainOnceItIsBack() throws {
        // Debian's model, the smaller: the test loads five.
        let reusing = ReusingRecognizer(base: PocketSphinxRecognizer(modelDirectory: PocketSphinxSystemModel.englishUS))
        var first: (any SpeechDecoder)? = try reusing.makeDecoder(Self.wholeUtterances)
        // While the first is lent, a second request gets a decoder of its own.
        var second: (any SpeechDecoder)? = try reusing.makeDecoder(Self.wholeUtterances)
        #expect(reusing.loadedDecoders == 2)
        #expect(!reusing.waitForLentDecoders(timeout: .zero))
        first = nil
        second = nil
        #expect(reusing.waitForLentDecoders(timeout: .zero))
        _ = (first, second)
        let again = try reusing.makeDecoder(Self.wholeUtterances)
        #expect(reusing.loadedDecoders == 2, "taken from the shelf")
        // Another kind of decoder is loaded for what it is.
        _ = try reusing.makePartialDecoder(DecoderConfiguration(locale: "en-US", segmentation: .endpointer))
        #expect(reusing.loadedDecoders == 3)
        // One that segments the stream itself counts time from its first sample: never reused.
        _ = try reusing.makeStreamDecoder(locale: "en-US")
        _ = try reusing.makeStreamDecoder(locale: "en-US")
        #expect(reusing.loadedDecoders == 5)
        _ = again
    }

    @Test func aDecoderIsLentOnlyForTheSettingsItWasMadeWith() throws {
        let reusing = ReusingRecognizer(base: PocketSphinxRecognizer(modelDirectory: PocketSphinxSystemModel.englishUS))
        var plain: (any SpeechDecoder)? = try reusing.makeDecoder(Self.wholeUtterances)
        plain = nil
        // Another vocabulary is another decoder: the idle one, made without it, is not lent.
        var names = Self.wholeUtterances
        names.vocabulary = Vocabulary([.init("Trondheim")])
        var named: (any SpeechDecoder)? = try reusing.makeDecoder(names)
        #expect(reusing.loadedDecoders == 2)
        named = nil
        // The decoder made without a vocabulary was let go for it: the plain request loads anew,
        // and the named decoder, idle again, is lent to its own settings.
        _ = try reusing.makeDecoder(names)
        #expect(reusing.loadedDecoders == 2)
        _ = try reusing.makeDecoder(Self.wholeUtterances)
        #expect(reusing.loadedDecoders == 3)
        _ = (plain, named)
    }

    @Test func decodersUnusedForTheIdleTimeAreLetGoAndTheNextRequestLoadsAnew() throws {
        let reusing = ReusingRecognizer(base: PocketSphinxRecognizer(modelDirectory: PocketSphinxSystemModel.englishUS))
        var lent: [any SpeechDecoder] = try (0..<3).map { _ in try reusing.makeDecoder(Self.wholeUtterances) }
        #expect(reusing.releaseIdle(unusedFor: .zero) == 0, "lent decoders are the sessions'")
        lent.removeAll()
        #expect(reusing.idleDecoders == 3)
        // Just put back: younger than the idle time.
        #expect(reusing.releaseIdle(unusedFor: .seconds(60)) == 0)
        #expect(reusing.idleDecoders == 3)
        // The three wait; then one is taken and given back: it has waited no time, and stays
        // when the two others, unused for longer than the idle time, go.
        Thread.sleep(forTimeInterval: 0.4)
        var again: (any SpeechDecoder)? = try reusing.makeDecoder(Self.wholeUtterances)
        again = nil
        _ = again
        let cutoff = Duration.milliseconds(300)
        #expect(reusing.releaseIdle(unusedFor: cutoff) == 2, "the two that waited longer than the idle time")
        #expect(reusing.idleDecoders == 1)
        #expect(reusing.releaseIdle(unusedFor: .zero) == 1)
        #expect(reusing.idleDecoders == 0)
        // The next request loads a decoder again.
        let loaded = reusing.loadedDecoders
        _ = try reusing.makeDecoder(Self.wholeUtterances)
        #expect(reusing.loadedDecoders == loaded + 1)
    }

    /// A session over a live source (`dictate transcribe - --real-time`) shows Whisper's partials
    /// by searching the utterance so far on a thread of its own, a search that stops when a final
    /// needs the cores: the decoder a job lends must say so and do so, as the one it wraps does.
    /// (Named for the Whisper pass of `scripts/test.sh`, which has the cores for a model.)
    @Test func whisperDecodersLentToAJobSearchTheUtteranceSoFarAsTheyWould() throws {
        let model = try #require(
            WhisperModelLocator().installedModels().first { $0.name == "tiny.en" }?.path,
            "no Whisper tiny.en model: run `dictate models install whisper-tiny.en`")
        let reusing = ReusingRecognizer(base: WhisperRecognizer(modelPath: model, threads: 1))
        let searching = Self.wholeUtterances.with(partialsOnly: true)
        let lent = try #require(try reusing.makeDecoder(searching) as? any UtteranceDecoder)
        #expect(lent.showsPartialsByRedecoding, "a session would show no partials at all")
        #expect(lent.decodesUtterancesIndependently)
        #expect(lent.sureWordConfidence == 0.5, "its confirmations would take back unsure words")
        try lent.beginUtterance(at: 0)
        _ = try lent.process(PCM16.floats(try PocketSphinxTestData.librivox("0880")), reportPartials: false)
        #expect(try lent.hypothesis(givingWayWhen: { true }) == nil, "the search gave way at once")
        let heard = try #require(try lent.hypothesis(givingWayWhen: { false }), "the search ran to its end")
        #expect(heard.text.lowercased().contains("young man"), "\(heard.text)")
    }

    @Test func stopStartsNoOtherFile() async throws {
        let paths = try (Self.numbers + Self.numbers).map(PocketSphinxTestData.librivoxPath)
        let batch = BatchTranscription(paths: paths, jobs: 1, recognizer: PocketSphinxRecognizer())
        var results = 0
        for await update in batch.start() {
            if case .started(0, _) = update { await batch.stop() }
            if case .finished = update { results += 1 }
        }
        // The first file stopped gracefully and ended; the job took no other.
        #expect(results == 1)
    }
}

/// Counts the decoders a recognizer makes.
final class DecoderCount: Sendable {
    private let count = Mutex(0)

    var value: Int { count.withLock { $0 } }

    /// `base`, counting every decoder it makes here.
    func counting(_ base: any SpeechRecognizer) -> InterceptingRecognizer {
        InterceptingRecognizer(base) { [self] decoder, _ in
            count.withLock { $0 += 1 }
            return decoder
        }
    }
}
