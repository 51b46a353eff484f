#if canImport(Glibc)
import Glibc
#endif
// SwiftPM links an executable's entry point as `main`, which hides the one libFuzzer brings; so
// each fuzzer's entry point hands control to libFuzzer's driver with its fuzzing function.

/// libFuzzer's driver (LLVM 11 and later): parses libFuzzer's flags and runs the callback.
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// Runs libFuzzer with the process's arguments and `callback`, and exits with its status.
public func runFuzzer(_ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(runFuzzerDriver(&argc, &argv, callback))
}
