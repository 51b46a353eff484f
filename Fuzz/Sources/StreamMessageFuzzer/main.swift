#if canImport(Glibc)
import Glibc
#endif
// SwiftPM links an executable's entry point as `main`, which hides the one libFuzzer brings; so
// this entry point hands control to libFuzzer's driver with the fuzzing function.

/// libFuzzer's driver (LLVM 11 and later): parses libFuzzer's flags and runs the callback.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(runFuzzerDriver(&argc, &argv, fuzzStreamMessage))
