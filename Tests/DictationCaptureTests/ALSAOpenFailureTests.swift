import DictationKit
import DictationTestSupport
import Foundation
import Testing

@testable import DictationCapture

#if canImport(Glibc)
    import Glibc
#endif

/// Opening a device that is missing, busy or forbidden fails with the right code and a message
/// that says what to do, and neither a failed open nor ``ALSACaptureSource/checkAccess()`` leaves
/// anything open. The busy and forbidden cases are real: the kernel refuses the plugin's open of
/// its infile, and libasound passes that errno on.
@Suite(.timeLimit(.minutes(25))) struct ALSAOpenFailureTests {
    @Test func unknownDeviceIsUnavailable() throws {
        _ = try ALSATestBench()
        // The system configuration, as an app gets it.
        let source = ALSACaptureSource(device: ALSATestBench.uniqueName("no_such_device"))
        let error = #expect(throws: DictationError.self) { try source.open() }
        #expect(error?.code == .microphoneUnavailable)
        #expect(error?.message.contains(source.device) == true)
        #expect(error?.message.contains("`dictate devices`") == true)
        #expect(source.checkAccess() == .noDevice)
    }

    @Test func deviceWhoseInputIsMissingIsUnavailable() throws {
        let bench = try ALSATestBench()
        let pcm = ALSATestPCM(name: ALSATestBench.uniqueName("missing"), infile: bench.directory.path("absent.raw"))
        let source = try bench.source(pcm)
        let error = #expect(throws: DictationError.self) { try source.open() }
        #expect(error?.code == .microphoneUnavailable)
        #expect(source.checkAccess() == .noDevice)
    }

    @Test func busyDeviceSaysAnotherProgramHasIt() throws {
        let bench = try ALSATestBench()
        let terminal = try ExclusiveTerminal()
        let pcm = ALSATestPCM(name: ALSATestBench.uniqueName("busy"), infile: terminal.path)
        let source = try bench.source(pcm)
        let outcome = try ThreadCredentials.withoutSystemAdministration { () -> (PermissionStatus, DictationError?) in
            let access = source.checkAccess()
            // Only open for real when the check failed: a terminal that did open would never
            // deliver a byte, and the capture thread would wait in its read(2).
            guard access != .granted else { return (access, nil) }
            do throws(DictationError) {
                try source.open().close()
                return (access, nil)
            } catch {
                return (access, error)
            }
        }
        let (access, error) = try #require(outcome, "couldn't drop CAP_SYS_ADMIN for the test thread")
        guard case .denied(let reason) = access else {
            Issue.record("checkAccess() said \(access) for a busy device")
            return
        }
        #expect(reason.contains("another program"))
        #expect(error?.code == .deviceBusy)
        #expect(error?.message.contains("another program is using it") == true, "\(String(describing: error))")
    }

    @Test func forbiddenDeviceSaysHowToGetAccess() throws {
        let bench = try ALSATestBench()
        let (infile, _) = try bench.goforwardFile(frames: 1_600)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: infile)
        let pcm = ALSATestPCM(name: ALSATestBench.uniqueName("forbidden"), infile: infile)
        let source = try bench.source(pcm)
        let outcome = try ThreadCredentials.asNobody { () -> (PermissionStatus, DictationError?) in
            let access = source.checkAccess()
            do throws(DictationError) {
                try source.open().close()
                return (access, nil)
            } catch {
                return (access, error)
            }
        }
        let (access, error) = try #require(outcome)
        guard case .denied(let reason) = access else {
            Issue.record("checkAccess() said \(access) for a forbidden device")
            return
        }
        #expect(reason.contains("sudo usermod -aG audio $USER"))
        #expect(error?.code == .permissionDenied)
        #expect(error?.message.contains("sudo usermod -aG audio $USER") == true, "\(String(describing: error))")
        #expect(OpenFiles.count(of: infile) == 0)
    }

    @Test func checkAccessLeavesTheDeviceClosed() throws {
        let bench = try ALSATestBench()
        let (infile, _) = try bench.goforwardFile(frames: 1_600)
        let pcm = ALSATestPCM(name: ALSATestBench.uniqueName("probe"), infile: infile)
        let source = try bench.source(pcm)
        #expect(source.checkAccess() == .granted)
        #expect(OpenFiles.count(of: infile) == 0, "checkAccess() closed what it opened")
        // And the device can be opened right after.
        let reader = try source.open()
        #expect(OpenFiles.count(of: infile) == 1)
        reader.close()
        #expect(OpenFiles.count(of: infile) == 0)
    }

    @Test func deviceWithoutAReadableFormatIsRefusedAndLeftClosed() throws {
        // mulaw over a 16-bit null device accepts only mu-law from its client: snd_pcm_open
        // succeeds, the hardware setup finds no format, and what was opened must be closed.
        let bench = try ALSATestBench()
        let (infile, _) = try bench.goforwardFile(frames: 1_600)
        let pcm = ALSATestPCM(
            name: ALSATestBench.uniqueName("mulaw"), infile: infile,
            slave: "{ type mulaw slave { pcm \"null\" format S16_LE } }")
        let error = #expect(throws: DictationError.self) { try bench.source(pcm).open().close() }
        #expect(error?.code == .microphoneUnavailable)
        #expect(error?.message.contains("no sample format I can read") == true, "\(String(describing: error))")
        #expect(OpenFiles.count(of: infile) == 0)
    }

    // MARK: - The mapping itself, for the codes no test here can make libasound return

    @Test(arguments: [
        (EBUSY, DictationError.Code.deviceBusy), (EAGAIN, .deviceBusy),
        (EACCES, .permissionDenied), (EPERM, .permissionDenied),
        (ENOENT, .microphoneUnavailable), (ENODEV, .microphoneUnavailable), (ENXIO, .microphoneUnavailable),
        (EINVAL, .microphoneUnavailable), (EIO, .microphoneUnavailable),
    ])
    func openErrorsMapToCodes(_ code: Int32, _ expected: DictationError.Code) {
        let error = ALSAError.openFailure(-Int(code), device: "hw:7")
        #expect(error.code == expected)
        #expect(error.isFatal)
        #expect(error.message.contains("\"hw:7\""))
        #expect(error.message.contains(ALSAError.text(-Int(code))))
    }

    @Test(arguments: [ENODEV, EIO, EBADFD, ENOTTY, EPIPE])
    func streamErrorsAreDisconnections(_ code: Int32) {
        let error = ALSAError.streamFailure(-Int(code), device: "hw:7")
        #expect(error.code == .deviceDisconnected)
        #expect(error.isFatal)
        #expect(error.message.contains("I kept what I heard"))
    }

    @Test func permissionStatusFollowsTheOpenError() {
        let busy = ALSAError.openFailure(-Int(EBUSY), device: "d")
        let denied = ALSAError.openFailure(-Int(EACCES), device: "d")
        let missing = ALSAError.openFailure(-Int(ENOENT), device: "d")
        #expect(ALSAError.permissionStatus(for: busy) == .denied(reason: busy.message))
        #expect(ALSAError.permissionStatus(for: denied) == .denied(reason: denied.message))
        #expect(ALSAError.permissionStatus(for: missing) == .noDevice)
        #expect(ALSAError.openFailure(-Int(ENOENT), device: "default").message.contains("no working \"default\""))
    }

    @Test func sampleFormatsArePreferredInOrder() {
        #expect(ALSASampleFormat.preferred { _ in true } == .s16)
        #expect(ALSASampleFormat.preferred { $0 != .s16 } == .s32)
        #expect(ALSASampleFormat.preferred { $0 == .float } == .float)
        #expect(ALSASampleFormat.preferred { _ in false } == nil)
        #expect(ALSASampleFormat.s32.encoding == .int32)
    }
}
