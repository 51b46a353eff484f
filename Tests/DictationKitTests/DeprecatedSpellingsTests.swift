import DictationKit
import DictationTestSupport
import DictationTesting
import Foundation
import Testing

/// The spellings apps used before reports became an option set and recording a source: they
/// still compile and still do what they did.
@Suite(.timeLimit(.minutes(25))) struct DeprecatedSpellingsTests {
    @available(*, deprecated, message: "tests deprecated spellings on purpose")
    @Test func theFlagsInitializerSetsTheReports() {
        let options = DictationOptions(
            reportsPartials: false, reportsSpeechActivity: true, reportsLevel: true, reportsStateChanges: true)
        #expect(options.reports == [.speechActivity, .level, .stateChanges])
        var changed = options
        changed.reportsPartials = true
        changed.reportsLevel = false
        #expect(changed.reports == [.partials, .speechActivity, .stateChanges])
        #expect(changed.reportsPartials && !changed.reportsLevel && !changed.reportsProgress)
    }

    @available(*, deprecated, message: "tests deprecated spellings on purpose")
    @Test func persistRawAudioStillRecordsTheRun() async throws {
        let folder = TemporaryFolder()
        defer { folder.remove() }
        let audio = RecordingFixtures.audio(frames: 16_000)
        let session = RecordingFixtures.session(InMemoryAudioSource(samples: audio.samples), recordingTo: nil)
        var options = DictationOptions(endpointing: .scripted)
        options.persistRawAudio = true
        options.recordingDirectory = folder.path
        let events = try await session.collectEvents(options)
        let files = WAVFile.paths(in: folder.path)
        try #require(files.count == 1)
        #expect(events.contains(.recordingStarted(path: files[0])))
        #expect(session.recordingPath == files[0])
        #expect(RecordingFixtures.difference(try WAVFile(path: files[0]).samples, audio.pcm) == nil)
        #expect(DictationOptions.defaultRecordingDirectory(environment: ["HOME": "/h"]) == "/h/.local/share/dictationkit/recordings")
        #expect(options.resolvedRecordingDirectory() == folder.path)
    }
}
