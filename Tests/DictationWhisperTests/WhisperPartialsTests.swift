import DictationPreprocessing
import DictationTestSupport
import DictationTesting
import DictationWhisper
import Foundation
import Synchronization
import Testing

@testable import DictationKit

/// Whisper's own partials: a live session over a Whisper recognizer alone (no streaming decoder
/// beside it) searches the utterance so far again on a cadence and shows each search's words,
/// those two searches in a row agree on as stable. Spoken at real time into the test microphone,
/// through the real capture path. They need the cores a live session has (`scripts/test.sh` runs
/// them one at a time): on a busy machine searches are skipped, by design.
@Suite(.timeLimit(.minutes(15))) struct WhisperPartialsTests {
    /// The events of a live session, as they came.
    final class Events: Sendable {
        let list = Mutex<[DictationEvent]>([])
        var snapshot: [DictationEvent] { list.withLock { $0 } }
    }

    /// Speaks `speech` (each followed by 2.5 s of silence) into a test microphone at real time, for
    /// a session over `recognizer`; stops it once everything was said and the endpointer has ended
    /// the last utterance.
    static func liveEvents(speech: [[Int16]], recognizer: WhisperRecognizer, locale: String) async throws -> [DictationEvent] {
        let microphone = try TestMicrophone.unique()
        defer { microphone.closeWriter() }
        let session = DictationSession(source: microphone.source, preprocessing: StandardPreprocessing(), recognizer: recognizer)
        var options = DictationOptions(locale: locale, reports: [.partials, .speechActivity])
        // On idle cores only, the searches could starve for the whole test on a loaded CI machine
        // (busy loops beside the run).
        options.redecodesOnIdleCoresOnly = false
        let stream = try await session.start(options)
        let events = Events()
        let reading = Task { for await event in stream { events.list.withLock { $0.append(event) } } }
        let silence = [Int16](repeating: 0, count: 40_000)
        let played = speech.flatMap { $0 + silence }
        microphone.keepPlaying(played)
        // The last utterance ends within the last recording (it may end in silence of its own).
        let lastSpeech = Double(played.count - silence.count - (speech.last?.count ?? 0) / 2) / 16_000
        try await waitUntil("the endpointer has ended the utterances of all that was said", within: .seconds(720)) {
            let ends = events.snapshot.compactMap { if case .speechEnded(let time) = $0 { time } else { nil } }
            let started = events.snapshot.filter { $0.type == "speechStarted" }.count
            return ends.count == started && (ends.last ?? 0) >= lastSpeech
        }
        await session.stop()
        try await withDeadline(.seconds(720), "the session's last finals") { await reading.value }
        return events.snapshot
    }

    /// Each utterance's partials and final, by the index consumers see.
    static func utterances(_ events: [DictationEvent]) -> [Int: (partials: [Transcript], final: Transcript?)] {
        var utterances: [Int: (partials: [Transcript], final: Transcript?)] = [:]
        for event in events {
            switch event {
            case .partial(let transcript): utterances[transcript.utteranceIndex, default: ([], nil)].partials.append(transcript)
            case .final(let transcript): utterances[transcript.utteranceIndex, default: ([], nil)].final = transcript
            default: break
            }
        }
        return utterances
    }

    /// What an utterance's final took back of its partials' stable words (``WordErrorRate/stableWordsTakenBack(stable:final:)``),
    /// and the stable words and the final, to print when it took back any.
    static func takenBack(partials: [Transcript], final: Transcript) -> (score: WordErrorRate, shown: String?) {
        let stable = partials.last?.stableText ?? ""
        let score = WordErrorRate.stableWordsTakenBack(stable: stable, final: final.text)
        return (score, score.errors > 0 ? "[\(stable)] → \(final.text)" : nil)
    }

    /// What every utterance's partials must keep: each starts with the stable words of those before it.
    static func stableWordsLead(_ partials: [Transcript]) -> Bool {
        zip(partials, partials.dropFirst()).allSatisfy { earlier, later in
            later.text.split(separator: " ").starts(with: earlier.text.split(separator: " ").prefix(earlier.stableWordCount))
                && later.stableWordCount >= earlier.stableWordCount
        }
    }

    @Test("LibriVox spoken at real time: Whisper's partials come while it is spoken, their stable words stay")
    func partialsWhileSpokenInEnglish() async throws {
        let recognizer = WhisperRecognizer(modelPath: try WhisperFixtures.tinyEnglish(), threads: WhisperFixtures.threads)
        let recordings = try PocketSphinxTestData.librivoxIDs.map { try PocketSphinxTestData.librivox($0) }
        let events = try await Self.liveEvents(speech: recordings, recognizer: recognizer, locale: "en-US")
        #expect(!events.contains { if case .error = $0 { true } else { false } }, "\(events.filter { $0.type == "error" })")

        let utterances = Self.utterances(events)
        var takenBack = WordErrorRate(errors: 0, referenceWords: 0)
        var changed: [String] = []
        var longUtterances = 0
        var longWithPartials = 0
        for (index, utterance) in utterances.sorted(by: { $0.key < $1.key }) {
            let final = try #require(utterance.final, "utterance \(index) has its final")
            #expect(Self.stableWordsLead(utterance.partials), "\(utterance.partials.map { ($0.text, $0.stableWordCount) })")
            if final.text.split(separator: " ").count >= 6 {
                longUtterances += 1
                if utterance.partials.count >= 2 { longWithPartials += 1 }
            }
            let heard = Self.takenBack(partials: utterance.partials, final: final)
            takenBack = takenBack + heard.score
            changed += heard.shown.map { [$0] } ?? []
            print(
                "utterance \(index): \(utterance.partials.count) partials, last \(utterance.partials.last?.text ?? "-") → \(final.text)"
            )
        }
        print("Whisper partials: the finals took back \(takenBack) of the stable words: \(changed)")
        #expect(longUtterances >= 3, "the recordings' longer sentences")
        // A search waits while the final pass decodes the utterance before (the final is never
        // late because of partials): on a busy machine a sentence may go by without one.
        #expect(longWithPartials * 3 >= longUtterances * 2, "most sentences showed partials while they were spoken")
        #expect(takenBack.referenceWords >= 10, "words became stable before the finals")
        // The issue's bound is 5 %, which dictation-latency measures over 44 utterances (1.0-2.7 %;
        // docs/benchmarks.md). These five sentences make about 48 stable words, of which 5 % is
        // 2.4 edits; in most runs tiny.en's searches leave out the first word of one ("And Mr.
        // John Dashwood"), which its final has, and a CI run also lost its "how": 2 edits, so one
        // more anywhere would fail a run (by our estimate one in ten). 10 % still fails the rules
        // before the confidence and span ones (12 % taken back).
        #expect(takenBack.rate <= 0.1, "\(takenBack): \(changed)")
        let finals = events.compactMap { if case .final(let transcript) = $0 { transcript.text } else { nil } }
        let reference = try PocketSphinxTestData.librivoxIDs.map { try PocketSphinxTestData.librivoxTranscript($0) }
        let wer = WordErrorRate(reference: reference.joined(separator: " "), hypothesis: finals.joined(separator: " "))
        #expect(wer.rate <= 0.1, "the finals are Whisper's as without partials: \(wer) \(finals)")
    }

    @Test("Norwegian spoken at real time: partials and stable words as in English")
    func partialsWhileSpokenInNorwegian() async throws {
        // base searches Norwegian over the encoder's whole 30-s window (fitted, it misheard), about a
        // second a search on both cores, and every search gives way to a final: one long sentence,
        // with the cores a live session has (one thread per core, as users get).
        let recognizer = WhisperRecognizer(modelPath: try WhisperFixtures.base())
        let sentence =
            "Jeg heter Kari og jeg bor i Oslo, og i dag skal vi skrive et langt brev til bestemor om alt vi har gjort i sommer."
        let spoken = try SpokenRecording([(.espeakIn("nb"), sentence)])
        defer { spoken.remove() }
        let events = try await Self.liveEvents(speech: [try spoken.samples], recognizer: recognizer, locale: "nb-NO")
        let utterances = Self.utterances(events)
        #expect(!utterances.isEmpty)
        for (index, utterance) in utterances {
            #expect(utterance.final != nil, "utterance \(index) has its final")
            #expect(Self.stableWordsLead(utterance.partials), "\(utterance.partials.map { ($0.text, $0.stableWordCount) })")
            print("nb-NO utterance \(index): \(utterance.partials.map(\.text)) → \(utterance.final?.text ?? "-")")
        }
        #expect(utterances.values.contains { !$0.partials.isEmpty }, "the Norwegian sentence shows partials while spoken")
    }
}
