import DictationTesting
import Foundation
import Testing

@testable import Dictation

/// The readiness report on a real device (ALSA's `file` plugin) and real models, and where they
/// are missing.
@Suite(.timeLimit(.minutes(25))) struct ReadinessReportTests {
    static let systemModels = PocketSphinxRecognizer(environment: [:])

    @Test func aDeviceThatOpensAndAModelThatLoadsPass() async throws {
        let microphone = try TestMicrophone()
        let source = microphone.source
        let report = await DedicatedThread.run {
            ReadinessReport(checking: source, locale: "en-US", recognizer: Self.systemModels)
        }
        #expect(
            report.checks.map(\.subject) == [.captureDevices, .device(source.device), .installedModels, .locale("en-US"), .decoder])
        let device = try #require(report.checks.first { $0.subject == .device(source.device) })
        #expect(device.passed && device.error == nil)
        #expect(device.detail == DictationError.Text(english: "opens for capture", norwegianBokmal: "kan åpnes for opptak"))
        #expect(microphone.openCount == 1, "the check closed the device again; only the test's writer is left")

        #expect(report.installedLocales.contains("en-US"))
        let model = try #require(report.model)
        #expect(model.locale == "en-US")
        let locale = try #require(report.checks.first { $0.subject == .locale("en-US") })
        #expect(locale.passed)
        #expect(locale.detail.english == "model \(model.name) (en-US, rank \(model.rank)) in \(model.directory)")

        let loadTime = try #require(report.decoderLoadTime)
        #expect(loadTime > .zero)
        let decoder = try #require(report.checks.last)
        #expect(decoder.passed)
        #expect(decoder.detail.english.wholeMatch(of: /loads in \d+\.\d\d s/) != nil, "\(decoder.detail.english)")
        #expect(decoder.detail.norwegianBokmal.wholeMatch(of: /lastes inn på \d+,\d\d s/) != nil, "\(decoder.detail)")

        let devices = try #require(report.checks.first)
        #expect(devices.passed == !report.captureDevices.isEmpty)
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
        #expect(report.checks.map(\.subject) == [.captureDevices, .device("no_such_device_here"), .installedModels, .locale("xx-YY")])
        #expect(report.model == nil && report.decoderLoadTime == nil)

        let device = report.checks[1]
        #expect(!device.passed)
        #expect(device.error?.code == .microphoneUnavailable)
        #expect(device.detail.english.hasPrefix("there is no such capture device"))
        #expect(
            ErrorTranslationCheck.problems(in: DictationError(code: .microphoneUnavailable, message: device.detail)) == [])

        let models = report.checks[2]
        #expect(!models.passed && report.installedLocales.isEmpty)
        #expect(models.detail.english.hasPrefix("none. Install one: `dictate models install en-US-large`"))
        #expect(models.detail.norwegianBokmal.hasPrefix("ingen. Installer en:"))

        let locale = report.checks[3]
        let error = try #require(locale.error)
        #expect(!locale.passed)
        #expect(error.code == .modelNotFound)
        #expect(locale.detail.english == error.localized(to: .english).description, "the message and the code")
        #expect(locale.detail.norwegianBokmal == error.localized(to: .norwegianBokmal).description)
        #expect(locale.detail.norwegianBokmal.hasPrefix("Jeg finner ingen talemodell"))
    }

    @Test func noCaptureDeviceIsSaidInBothLanguages() {
        let check = ReadinessReport.Check.captureDevices([])
        #expect(!check.passed)
        #expect(ErrorTranslationCheck.problems(in: DictationError(code: .microphoneUnavailable, message: check.detail)) == [])
        let many = (1...7).map { ALSADevice(name: "hw:\($0)", description: "") }
        #expect(ReadinessReport.Check.captureDevices(many).detail.english == "hw:1, hw:2, hw:3, hw:4, hw:5, …")
    }

    @Test(arguments: [
        ReadinessReport.Check.Subject.captureDevices, .device("hw:1"), .installedModels, .locale("nb-NO"), .decoder,
    ])
    func everyCheckHasANameInBothLanguages(subject: ReadinessReport.Check.Subject) {
        let name = ReadinessReport.Check(subject: subject, passed: true, detail: DictationError.Text("")).name
        #expect(!name.english.isEmpty)
        #expect(name.english != name.norwegianBokmal)
    }
}
