import DictationTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Runs code on a thread with fewer rights than the test process, so that "permission denied"
/// and "busy" come from the kernel even when the tests run as root.
///
/// Linux keeps the file-system user and the capabilities per thread, and a thread started from
/// such a thread inherits them: the capture thread that `open()` starts opens the device with the
/// same rights as the test thread.
enum ThreadCredentials {
    /// `nobody`.
    static let unprivilegedUser: UInt32 = 65_534

    /// Runs `body` on a new thread whose file-system user is `nobody` (a no-op unless root).
    static func asNobody<Result: Sendable>(_ body: @escaping @Sendable () -> Result) throws -> Result? {
        let setFileSystemUser = try #require(WAVRejectionTests.setfsuid, "setfsuid(2) is missing from the C library")
        return ThreadResult {
            let previous = geteuid() == 0 ? setFileSystemUser(unprivilegedUser) : -1
            defer { if previous >= 0 { _ = setFileSystemUser(UInt32(previous)) } }
            return body()
        }.wait()
    }

    /// `capget(2)`/`capset(2)`: exported by glibc, declared only by libcap's header.
    private typealias CapabilityCall = @convention(c) (UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> Int32
    private static let capget: CapabilityCall? = lookUp("capget")
    private static let capset: CapabilityCall? = lookUp("capset")
    private static let systemAdministration = 21  // CAP_SYS_ADMIN
    private static let version3: UInt32 = 0x2008_0522  // _LINUX_CAPABILITY_VERSION_3

    private static func lookUp(_ name: String) -> CapabilityCall? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: CapabilityCall.self)
    }

    /// Runs `body` on a new thread without `CAP_SYS_ADMIN` in its effective set, which is what lets
    /// root open a terminal that another descriptor holds exclusively.
    /// - Returns: `nil` when the capability could not be dropped (then `body` did not run).
    static func withoutSystemAdministration<Result: Sendable>(_ body: @escaping @Sendable () -> Result) throws -> Result? {
        let capget = try #require(capget, "capget(2) is missing from the C library")
        let capset = try #require(capset, "capset(2) is missing from the C library")
        let outcome = ThreadResult { () -> Result? in
            // struct __user_cap_header_struct { u32 version; int pid; } and two data words of
            // { u32 effective, permitted, inheritable }; pid 0 is the calling thread.
            var header: [UInt32] = [version3, 0]
            var data = [UInt32](repeating: 0, count: 6)
            guard capget(&header, &data) == 0 else { return nil }
            let saved = data
            data[0] &= ~(UInt32(1) << systemAdministration)
            guard capset(&header, &data) == 0 else { return nil }
            defer {
                var restored = saved
                _ = capset(&header, &restored)
            }
            return body()
        }.wait()
        return outcome ?? nil
    }
}

/// A pseudo-terminal whose slave side is held open exclusively (`TIOCEXCL`): any other open of
/// it fails with EBUSY for a thread without `CAP_SYS_ADMIN`. As a PCM's infile, it makes ALSA's
/// open fail the way a microphone in use by another program does.
final class ExclusiveTerminal {
    let path: String
    private let master: Int32
    private let slave: Int32

    /// Glibc's module map leaves out the pseudo-terminal calls of <stdlib.h>, so they are looked up.
    private typealias DescriptorCall = @convention(c) (Int32) -> Int32
    private typealias NameCall = @convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32

    private static func lookUp<Function>(_ name: String, as type: Function.Type) throws -> Function {
        let symbol = try #require(dlsym(UnsafeMutableRawPointer(bitPattern: 0), name), "\(name) is missing from the C library")
        return unsafeBitCast(symbol, to: type)
    }

    init() throws {
        let openMaster = try Self.lookUp("posix_openpt", as: DescriptorCall.self)
        let grant = try Self.lookUp("grantpt", as: DescriptorCall.self)
        let unlock = try Self.lookUp("unlockpt", as: DescriptorCall.self)
        let slaveName = try Self.lookUp("ptsname_r", as: NameCall.self)
        master = openMaster(O_RDWR | O_NOCTTY)
        try #require(master >= 0, "posix_openpt: \(String(cString: strerror(errno)))")
        try #require(grant(master) == 0 && unlock(master) == 0, "grantpt/unlockpt failed")
        var name = [CChar](repeating: 0, count: 128)
        try #require(slaveName(master, &name, name.count) == 0, "ptsname_r failed")
        path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        slave = open(path, O_RDWR | O_NOCTTY)
        try #require(slave >= 0, "open \(path): \(String(cString: strerror(errno)))")
        try #require(ioctl(slave, UInt(TIOCEXCL)) == 0, "TIOCEXCL: \(String(cString: strerror(errno)))")
    }

    deinit {
        _ = close(slave)
        _ = close(master)
    }
}
