import DictationTestSupport
import DictationTesting
import DictationWhisper
import Foundation
import Testing

@testable import Dictation

/// The readiness report on a real device (ALSA's `file` plugin) and real models, and where they
/// are missing.
@Suite(.timeLimit(.minutes(25))) struct ReadinessReportTests {
    static let systemModels = PocketSphinxRecognizer(environment: [:])

    @Test func aDeviceThatOpensAndAModelThatLoadsPass() async throws {
        let microphone = try TestMicrophone.unique()
        let source = microphone.source
        let report = await DedicatedThread.run {
            ReadinessReport(checking: source, locale: "en-US", recognizer: Self.systemModels)
        }
        #expect(
            report.checks.map(\.subject) == [
                .captureDevices, .device(source.device), .installedModels, .locale("en-US"), .decoder, .voiceActivityModel,
                .whisperModel("en-US"),
            ])
        let device = try #require(report.checks.first { $0.subject == .device(source.device) })
        #expect(device.passed && device.error == nil)
        #expect(
            device.detail
                == DictationError.Text(translations: [.english: "opens for capture", .norwegianBokmal: "kan åpnes for opptak"]))
        #expect(microphone.openCount == 1, "the check closed the device again; only the test's writer is left")

        #expect(report.installedLocales.contains("en-US"))
        let model = try #require(report.model)
        #expect(model.locale == "en-US")
        let locale = try #require(report.checks.first { $0.subject == .locale("en-US") })
        #expect(locale.passed)
        #expect(
            locale.detail.string(in: .english)
                == "PocketSphinx model \(model.name) (en-US, rank \(model.rank)) in \(model.directory)")
        #expect(locale.detail.string(in: .norwegianBokmal).hasPrefix("PocketSphinx-modell \(model.name) (en-US, rang "))

        let loadTime = try #require(report.decoderLoadTime)
        #expect(loadTime > .zero)
        let decoder = try #require(report.checks.first { $0.subject == .decoder })
        #expect(decoder.passed)
        #expect(
            decoder.detail.string(in: .english).wholeMatch(of: /loads in \d+\.\d\d s/) != nil,
            "\(decoder.detail.string(in: .english))")
        #expect(
            decoder.detail.string(in: .norwegianBokmal).wholeMatch(of: /lastes inn på \d+,\d\d s/) != nil, "\(decoder.detail)")

        let devices = try #require(report.checks.first)
        #expect(devices.passed == !report.captureDevices.isEmpty)
        let whisper = try #require(report.checks.last)
        #expect(whisper.passed || whisper.isOptional, "a Whisper model is optional, and a whole one if installed")
        // scripts/install-whisper.sh installs the Silero model with the library.
        let voiceActivity = try #require(report.checks.first { $0.subject == .voiceActivityModel })
        #expect(voiceActivity.passed && voiceActivity.isOptional == false, "\(voiceActivity.detail)")
        #expect(voiceActivity.detail.string(in: .english) == SileroVoiceActivityDetector.installedModelPath)
        #expect(report.isReady == devices.passed, "every other check passed")
    }

    @Test func whatIsMissingIsSaidWithItsCode() async throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("no-models-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        ALSACaptureSource.setLibraryMessagesPrinted(false)

        let report = await ReadinessReport(
            device: "no_such_device_here", locale: "xx-YY", recognizer: PocketSphinxRecognizer(modelDirectory: empty.path))
        #expect(!report.isReady)
        #expect(
            report.checks.map(\.subject) == [
                .captureDevices, .device("no_such_device_here"), .installedModels, .locale("xx-YY"), .voiceActivityModel,
                .whisperModel("xx-YY"),
            ])
        #expect(report.model == nil && report.decoderLoadTime == nil)

        let device = report.checks[1]
        #expect(!device.passed)
        #expect(device.error?.code == .microphoneUnavailable)
        #expect(device.detail.string(in: .english).hasPrefix("there is no such capture device"))
        #expect(
            ErrorTranslationCheck.problems(in: DictationError(code: .microphoneUnavailable, message: device.detail)) == [])

        let models = report.checks[2]
        #expect(!models.passed && report.installedLocales.isEmpty)
        #expect(models.detail.string(in: .english).hasPrefix("none. Install one: `dictate models install en-US-large`"))
        #expect(models.detail.string(in: .norwegianBokmal).hasPrefix("ingen. Installer en:"))

        let locale = report.checks[3]
        let error = try #require(locale.error)
        #expect(!locale.passed)
        #expect(error.code == .modelNotFound)
        #expect(locale.detail.string(in: .english) == error.localized(to: .english).description, "the message and the code")
        #expect(locale.detail.string(in: .norwegianBokmal) == error.localized(to: .norwegianBokmal).description)
        #expect(locale.detail.string(in: .norwegianBokmal).hasPrefix("Jeg finner ingen talemodell"))
    }

    @Test func noCaptureDeviceIsSaidInBothLanguages() {
        let check = ReadinessReport.Check.captureDevices([])
        #expect(!check.passed)
        #expect(ErrorTranslationCheck.problems(in: DictationError(code: .microphoneUnavailable, message: check.detail)) == [])
        let many = (1...7).map { ALSADevice(name: "hw:\($0)", description: "") }
        #expect(ReadinessReport.Check.captureDevices(many).detail.string(in: .english) == "hw:1, hw:2, hw:3, hw:4, hw:5, …")
    }

    @Test(arguments: [
        ReadinessReport.Check.Subject.captureDevices, .device("hw:1"), .installedModels, .locale("nb-NO"), .decoder,
        .whisperModel("nb-NO"),
    ])
    func everyCheckHasANameInBothLanguages(subject: ReadinessReport.Check.Subject) {
        let name = ReadinessReport.Check(subject: subject, passed: true, detail: DictationError.Text("")).name
        #expect(!name.string(in: .english).isEmpty)
        #expect(name.string(in: .english) != name.string(in: .norwegianBokmal))
    }

    /// A models folder of links to the installed Whisper files, by name.
    static func whisperFolder(_ links: [String: String]) throws -> String {
        let installed = WhisperModelLocator()
        let folder = NSTemporaryDirectory() + "readiness-whisper-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, target) in links {
            let model = try #require(
                installed.installedModels().first { $0.name == target }, "run `dictate models install whisper-\(target)`")
            try FileManager.default.createSymbolicLink(atPath: "\(folder)/\(name).bin", withDestinationPath: model.path)
        }
        return folder
    }

    @Test func theWhisperModelOfTheLocaleIsNamedAndAMissingOneIsOptional() async throws {
        let folder = try Self.whisperFolder(["tiny.en": "tiny.en", "nb-whisper-base": "base"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        ALSACaptureSource.setLibraryMessagesPrinted(false)
        let microphone = ALSACaptureSource(device: "no_such_device_here")
        func report(_ locale: String, _ models: WhisperModelLocator) async -> ReadinessReport {
            await DedicatedThread.run {
                ReadinessReport(checking: microphone, locale: locale, recognizer: Self.systemModels, whisperModels: models)
            }
        }

        let norwegian = await report("nb-NO", WhisperModelLocator(folder: folder))
        let served = try #require(norwegian.checks.last)
        #expect(served.subject == .whisperModel("nb-NO") && served.passed)
        #expect(served.detail.string(in: .english) == "nb-whisper-base (multilingual, base) in \(folder)/nb-whisper-base.bin")
        #expect(
            served.detail.string(in: .norwegianBokmal) == "nb-whisper-base (flerspråklig, base) i \(folder)/nb-whisper-base.bin")
        #expect(norwegian.whisperModel?.name == "nb-whisper-base")
        // Whisper decodes nb-NO: PocketSphinx's model (it has none for Norwegian) is not needed.
        let pocketSphinx = try #require(norwegian.checks.first { $0.subject == .locale("nb-NO") })
        #expect(pocketSphinx.passed || pocketSphinx.isOptional)
        let english = await report("en-US", WhisperModelLocator(folder: folder))
        #expect(
            english.checks.last?.detail.string(in: .english).hasPrefix("nb-whisper-base (multilingual, base)") == true,
            "the larger")

        try FileManager.default.removeItem(atPath: folder + "/nb-whisper-base.bin")
        let missing = await report("nb-NO", WhisperModelLocator(folder: folder))
        let advice = try #require(missing.checks.last)
        #expect(!advice.passed && advice.isOptional)
        #expect(advice.error?.code == .modelNotFound)
        #expect(
            advice.detail.string(in: .english).contains("`dictate models install whisper-base`"),
            "\(advice.detail.string(in: .english))")
        #expect(
            advice.detail.string(in: .norwegianBokmal).hasPrefix("Jeg har ingen Whisper-modell for nb-NO (installert: tiny.en)"))
        #expect(missing.whisperModel == nil)
        // Without it, PocketSphinx's model is what dictation needs.
        let needed = try #require(missing.checks.first { $0.subject == .locale("nb-NO") })
        #expect(needed.passed || !needed.isOptional)

        // A damaged file is not optional: dictation with it would fail.
        let model = try Data(contentsOf: URL(fileURLWithPath: folder + "/tiny.en.bin"), options: .alwaysMapped)
        try FileManager.default.removeItem(atPath: folder + "/tiny.en.bin")
        try model.prefix(model.count / 2).write(to: URL(fileURLWithPath: folder + "/tiny.en.bin"))
        let damaged = await report("en-US", WhisperModelLocator(folder: folder))
        let broken = try #require(damaged.checks.last)
        #expect(!broken.passed && !broken.isOptional)
        #expect(broken.error?.code == .modelNotFound)
        #expect(
            broken.detail.string(in: .english).contains("is not a whole whisper.cpp model"),
            "\(broken.detail.string(in: .english))")
    }

    @Test func onlyOptionalChecksMayFailInAReadyReport() async throws {
        var report = await DedicatedThread.run {
            ReadinessReport(
                checking: ALSACaptureSource(device: "no_such_device_here"), locale: "en-US", recognizer: Self.systemModels,
                whisperModels: WhisperModelLocator(folder: "/nonexistent"))
        }
        let optional = ReadinessReport.Check(
            subject: .whisperModel("en-US"), passed: false, detail: DictationError.Text("none"), isOptional: true)
        let required = ReadinessReport.Check(subject: .decoder, passed: false, detail: DictationError.Text("no"))
        let passed = ReadinessReport.Check(subject: .installedModels, passed: true, detail: DictationError.Text("en-US"))
        report.checks = [passed, optional]
        #expect(report.isReady)
        report.checks = [passed, optional, required]
        #expect(!report.isReady)
    }
}
