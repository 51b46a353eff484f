import DictationKit
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension WhisperModelInstaller {
    /// Where a download's model is installed: `NAME.bin` in the folder.
    /// - Parameter download: The download.
    /// - Returns: The file's path, or `nil` without a data folder.
    public func path(of download: WhisperModelDownload) -> String? {
        folder.map { "\($0)/\(download.name).bin" }
    }

    /// Downloads a ggml model file and installs it as it is.
    ///
    /// The file is written into a hidden file in the models folder (`.download-NAME-….part`),
    /// hashed as it comes; it is installed only when its hash is the pinned one and it reads as a
    /// whole whisper.cpp model (``WhisperModelLocator/InstalledModel/check()``), by one rename
    /// over `NAME.bin`, so that a model is never there half-written. Whatever fails, nothing is
    /// left behind. A file with the pinned hash already there is not downloaded again; a
    /// different one under a catalog name is replaced (it is damaged or another version), under
    /// a name of the user's own only with `force`.
    ///
    /// Blocks the calling thread for the whole download: run it on a thread of its own.
    /// - Parameters:
    ///   - download: What to download, from where, with which hash.
    ///   - force: Download and install again even when the file is there with the pinned hash,
    ///     or replace a file of the user's own with another hash.
    ///   - progress: Told each step, and about once a second how much has come, for people.
    /// - Returns: Where the model is.
    /// - Throws: ``DictationError`` with ``DictationError/Code/modelDownloadFailed`` when the
    ///   address can't be reached, answers with an error status, or the transfer breaks off;
    ///   ``DictationError/Code/modelChecksumMismatch`` when what came is not the file the hash
    ///   names; ``DictationError/Code/modelInstallFailed`` when it is not a whisper.cpp model, the
    ///   name is not a plain file name or is the catalog's, or the folder can't be written.
    public func install(_ download: WhisperModelDownload, force: Bool = false, progress: (String) -> Void = { _ in })
        throws(DictationError) -> Outcome
    {
        let name = download.name
        guard WhisperModelDownload.isValidName(name) else { throw WhisperDownloadProblem.invalidName(name).error(name) }
        // The catalog's own file, from its own address with its own hash.
        let catalogEntry = WhisperModelDownload.named(name)
        let isCatalogFile = catalogEntry.map { $0.url == download.url && $0.checksum == download.checksum } ?? false
        if !isCatalogFile, catalogEntry != nil || Self.isPackName(name) {
            throw WhisperDownloadProblem.nameTaken(name).error(name)
        }
        guard let folder, let target = path(of: download) else { throw WhisperDownloadProblem.noDataFolder.error(name) }
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw WhisperDownloadProblem.unwritable(folder, error.localizedDescription).error(name)
        }
        removeAbandonedDownloads(of: name, in: folder)

        if !force, manager.fileExists(atPath: target) {
            progress("Checking the \(download.checksum.algorithm.rawValue) of \(target)…")
            if WhisperModelChecksum.ofFile(download.checksum.algorithm, path: target) == download.checksum {
                return .alreadyInstalled(target)
            }
            if !isCatalogFile {
                throw WhisperDownloadProblem.installedDiffers(path: target, expected: download.checksum).error(name)
            }
        }

        let partial = "\(folder)/.download-\(name)-\(getpid())-\(UUID().uuidString.prefix(8)).part"
        guard manager.createFile(atPath: partial, contents: nil), let output = FileHandle(forWritingAtPath: partial) else {
            throw WhisperDownloadProblem.unwritable(partial, "it can't be created").error(name)
        }
        defer { try? manager.removeItem(atPath: partial) }
        let address = download.url.absoluteString
        let size = download.approximateSize.map { " (about \(($0 + (1 << 19)) >> 20) MiB)" } ?? ""
        progress("Downloading \(name) from \(address)\(size)…")
        let fetched: WhisperModelChecksum
        do throws(ModelFileFetch.Failure) {
            defer { try? output.close() }
            var reporter = ProgressLines()
            let fetch = ModelFileFetch(url: download.url, algorithm: download.checksum.algorithm)
            (fetched, _) = try fetch.copy(into: output) { received, expected in
                if let line = reporter.line(received: received, expected: expected ?? download.approximateSize) {
                    progress(line)
                }
            }
            try? output.synchronize()
        } catch {
            throw WhisperDownloadProblem.fetch(url: address, error).error(name)
        }

        progress("Checking that it is a whole whisper.cpp model…")
        let check = Self.inspect(partial)
        guard fetched == download.checksum else {
            throw WhisperDownloadProblem.checksumMismatch(
                url: address, expected: download.checksum, found: fetched, content: check.content
            ).error(name)
        }
        if let fault = check.fault {
            throw WhisperDownloadProblem.notAModel(url: address, fault: fault, content: check.content).error(name)
        }
        progress("Installing \(target)…")
        // rename(2) replaces the old file in one step: a reader sees the old model or the new one.
        guard rename(partial, target) == 0 else {
            let reason = String(cString: strerror(errno))
            throw WhisperDownloadProblem.unwritable(target, reason).error(name)
        }
        return .installed(target)
    }

    /// Removes an installed model file by its name: a catalog download's, or one of the user's own.
    /// - Parameter name: The name it was installed under (`"ggml-base"`, `"nb-whisper-base"`).
    /// - Returns: Whether there was one to remove.
    /// - Throws: ``DictationError`` with ``DictationError/Code/modelInstallFailed`` when it can't be removed.
    public func remove(modelNamed name: String) throws(DictationError) -> Bool {
        guard WhisperModelDownload.isValidName(name), let folder else { return false }
        let target = "\(folder)/\(name).bin"
        guard FileManager.default.fileExists(atPath: target) else { return false }
        do {
            try FileManager.default.removeItem(atPath: target)
        } catch {
            throw WhisperDownloadProblem.unwritable(target, error.localizedDescription).error(name)
        }
        return true
    }

    /// Whether a name is a PyPI pack's, or the file name one installs.
    static func isPackName(_ name: String) -> Bool {
        WhisperModelPack.catalog.contains {
            $0.name.lowercased() == name.lowercased() || $0.modelName.lowercased() == name.lowercased()
        }
    }

    /// Removes the partial downloads of a name left by a process that has ended (stopped mid-download).
    private func removeAbandonedDownloads(of name: String, in folder: String) {
        let prefix = ".download-\(name)-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for file in names where file.hasPrefix(prefix) && file.hasSuffix(".part") {
            let owner = file.dropFirst(prefix.count).prefix { $0.isNumber }
            guard let pid = pid_t(owner), pid > 0, kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(atPath: folder + "/" + file)
        }
    }

    /// What a downloaded file is: a whole whisper.cpp model (no fault), or what it looks like.
    static func inspect(_ path: String) -> (content: WhisperDownloadProblem.Content, fault: WhisperModelFault?) {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else {
            return (.other, .truncated("the file"))
        }
        do {
            _ = try WhisperModelFile.check(data)
            return (.whisperModel, nil)
        } catch {
            let start = String(decoding: data.prefix(512), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                .lowercased()
            if start.hasPrefix("<!doctype html") || start.hasPrefix("<html") { return (.webPage, error) }
            if start.hasPrefix("version https://git-lfs.github.com/spec/") { return (.lfsPointer, error) }
            return (.other, error)
        }
    }
}

/// Progress for people: a line at each tenth of a known length, else each 100 MB.
private struct ProgressLines {
    private var reported = 0

    /// The line to show for this much received, if it is time for one.
    mutating func line(received: Int, expected: Int?) -> String? {
        let megabytes = (received + 500_000) / 1_000_000
        if let expected, expected > 0 {
            let tenth = min(10, received * 10 / expected)
            guard tenth > reported else { return nil }
            reported = tenth
            return "  \(tenth * 10)% (\(megabytes) of \((expected + 500_000) / 1_000_000) MB)"
        }
        let hundreds = received / 100_000_000
        guard hundreds > reported else { return nil }
        reported = hundreds
        return "  \(megabytes) MB"
    }
}
