import DictationTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `dictate transcribe` on many files: the real executable on Debian's LibriVox recordings.
///
/// One test at a time: each runs `dictate` with a decoder per core, and together they would
/// hold the shared machine long enough to trip the 90-second guard of other suites' runs.
@Suite(.serialized, .timeLimit(.minutes(25))) struct TranscribeBatchTests {
    static let librivox = PocketSphinxTestData.librivoxIDs.map {
        PocketSphinxTestData.directory + "/librivox/\(PocketSphinxTestData.librivoxName($0)).wav"
    }

    /// A fresh folder, removed by the caller.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dictate-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func requireTestData() throws {
        for path in librivox {
            try #require(FileManager.default.fileExists(atPath: path), "\(path) is missing: install pocketsphinx-testdata")
        }
    }

    /// The texts under each `==> file <==` header, in order.
    static func sections(_ output: String) -> [(file: String, lines: [String])] {
        var sections: [(file: String, lines: [String])] = []
        for line in output.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) {
            if line.hasPrefix("==> "), line.hasSuffix(" <==") {
                sections.append((String(line.dropFirst(4).dropLast(4)), []))
            } else if !sections.isEmpty {
                sections[sections.count - 1].lines.append(line)
            }
        }
        return sections
    }

    @Test func twoJobsPrintWhatOneJobPrintsInInputOrder() throws {
        try Self.requireTestData()
        let one = try DictateProcess.run(["transcribe", "--jobs", "1"] + Self.librivox)
        let two = try DictateProcess.run(["transcribe", "--jobs", "2"] + Self.librivox)
        #expect(one.status == 0, "\(one.standardError)")
        #expect(two.status == 0, "\(two.standardError)")
        #expect(two.standardOutput == one.standardOutput)
        let sections = Self.sections(two.standardOutput)
        #expect(sections.map(\.file) == Self.librivox)
        #expect(sections.allSatisfy { !$0.lines.isEmpty }, "\(two.standardOutput)")
        #expect(sections.first?.lines.first?.contains("john") == true, "\(two.standardOutput)")
        #expect(two.standardError.isEmpty, "no progress when standard error is not a terminal: \(two.standardError)")
    }

    @Test func aMissingAndACorruptFileAreReportedAndTheOthersPrinted() throws {
        try Self.requireTestData()
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let corrupt = folder.appendingPathComponent("corrupt.wav").path
        try Data("RIFF\u{7}\u{0}\u{0}\u{0}WAVEthese are not audio samples".utf8).write(to: URL(fileURLWithPath: corrupt))
        let missing = folder.appendingPathComponent("missing.wav").path
        let inputs = [Self.librivox[0], missing, corrupt, Self.librivox[1]]
        let result = try DictateProcess.run(["transcribe", "--jobs", "2"] + inputs)
        #expect(result.status == 65, "the first failure's status, bad input: \(result.standardError)")
        let sections = Self.sections(result.standardOutput)
        #expect(sections.map(\.file) == inputs)
        #expect(sections.map { !$0.lines.isEmpty } == [true, false, false, true], "\(result.standardOutput)")
        let errors = result.standardError.split(separator: "\n").map(String.init)
        #expect(errors.count == 2, "\(result.standardError)")
        #expect(errors.first?.hasPrefix("dictate: \(missing): ") == true)
        #expect(errors.last?.hasPrefix("dictate: \(corrupt): ") == true)
        #expect(errors.allSatisfy { $0.hasSuffix("(invalidAudio)") })
    }

    @Test func jsonlNamesTheFileOnEveryLine() throws {
        try Self.requireTestData()
        let missing = "/nonexistent/missing.wav"
        let inputs = [Self.librivox[1], missing, Self.librivox[4]]
        let result = try DictateProcess.run(["transcribe", "--format", "jsonl", "--jobs", "2"] + inputs)
        #expect(result.status == 65)
        let objects = try result.standardOutput.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let files = objects.map { $0["file"] as? String }
        #expect(files.allSatisfy { $0 != nil }, "every line has a file")
        // Grouped in input order: each file's lines together.
        var order: [String] = []
        for case let file? in files where order.last != file { order.append(file) }
        #expect(order == inputs)
        let error = try #require(objects.first { $0["file"] as? String == missing })
        #expect(error["type"] as? String == "error")
        #expect(error["errorCode"] as? String == "invalidAudio")
        #expect(objects.filter { $0["type"] as? String == "final" }.count >= 2)

        // One input keeps the lines it always had.
        let single = try DictateProcess.run(["transcribe", "--format", "jsonl", Self.librivox[1]])
        #expect(single.status == 0)
        #expect(!single.standardOutput.contains("\"file\""))
    }

    @Test func subtitlesAreWrittenNextToEachInputOrIntoTheOutputFolder() throws {
        try Self.requireTestData()
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = folder.appendingPathComponent("first.wav")
        let second = folder.appendingPathComponent("second.wav")
        try FileManager.default.copyItem(atPath: Self.librivox[0], toPath: first.path)
        try FileManager.default.copyItem(atPath: Self.librivox[1], toPath: second.path)

        let srt = try DictateProcess.run(["transcribe", "--format", "srt", first.path, second.path])
        #expect(srt.status == 0, "\(srt.standardError)")
        #expect(srt.standardOutput.isEmpty, "written to files, not printed")
        for name in ["first.srt", "second.srt"] {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let lines = text.split(separator: "\n")
            #expect(lines.first == "1", "\(name): \(text)")
            #expect(lines.dropFirst().first?.contains(" --> ") == true, "\(name): \(text)")
        }

        let output = folder.appendingPathComponent("out/vtt")
        let vtt = try DictateProcess.run(["transcribe", "--format", "vtt", "--output-dir", output.path, first.path])
        #expect(vtt.status == 0, "\(vtt.standardError)")
        #expect(vtt.standardOutput.isEmpty)
        let text = try String(contentsOf: output.appendingPathComponent("first.vtt"), encoding: .utf8)
        #expect(text.hasPrefix("WEBVTT\n\n00:00:0"), "\(text)")

        // A recording named like its subtitles would be overwritten: refused before anything runs.
        let named = folder.appendingPathComponent("talk.srt")
        try FileManager.default.copyItem(atPath: Self.librivox[1], toPath: named.path)
        let refused = try DictateProcess.run(["transcribe", "--format", "srt", named.path, second.path])
        #expect(refused.status == 64)
        #expect(refused.standardError.contains("refusing to overwrite"), "\(refused.standardError)")
        #expect(try Data(contentsOf: named) == Data(contentsOf: URL(fileURLWithPath: Self.librivox[1])))
    }

    @Test func aListOnStandardInputAndAFolderAreInputs() throws {
        try Self.requireTestData()
        let list = Data((Self.librivox[3] + "\n\n" + Self.librivox[2] + "\n").utf8)
        let listed = try DictateProcess.run(["transcribe", "--files-from", "-"], input: list)
        #expect(listed.status == 0, "\(listed.standardError)")
        #expect(Self.sections(listed.standardOutput).map(\.file) == [Self.librivox[3], Self.librivox[2]])
        let both = try DictateProcess.run(["transcribe", "--files-from", "-", "-"], input: list)
        #expect(both.status == 64, "standard input can't be the list and a recording")

        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(atPath: Self.librivox[1], toPath: folder.appendingPathComponent("b.wav").path)
        try FileManager.default.copyItem(atPath: Self.librivox[4], toPath: folder.appendingPathComponent("a.WAV").path)
        try Data("notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub.wav"), withIntermediateDirectories: true)
        let fromFolder = try DictateProcess.run(["transcribe", folder.path])
        #expect(fromFolder.status == 0, "\(fromFolder.standardError)")
        #expect(
            Self.sections(fromFolder.standardOutput).map { ($0.file as NSString).lastPathComponent } == ["a.WAV", "b.wav"],
            "audio files only, in name order, not recursing: \(fromFolder.standardOutput)")
    }

    /// Runs `dictate` with its standard error on a pseudo-terminal and returns what reached it.
    static func standardErrorOnTerminal(
        _ arguments: [String], environment: [String: String], executable: URL? = nil
    ) throws -> (Int32, String) {
        var controller: Int32 = -1
        var terminal: Int32 = -1
        try #require(openpty(&controller, &terminal, nil, nil, nil) == 0, "openpty failed")
        let process = Process()
        process.executableURL = try executable ?? DictateExecutable.url
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        process.standardError = FileHandle(fileDescriptor: terminal, closeOnDealloc: false)
        try process.run()
        // Only the child holds the terminal now: reading ends (EIO) when it exits.
        close(terminal)
        // A hung dictate must fail its test, not hold CI until its time limit.
        let watched = process
        DispatchQueue.global().asyncAfter(deadline: .now() + 300) {
            if watched.isRunning { kill(watched.processIdentifier, SIGKILL) }
        }
        let collected = CollectedBytes()
        let source = controller
        let reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(source, &buffer, buffer.count)
                if count <= 0 { break }
                collected.append(buffer[0..<count])
            }
            collected.finish()
        }
        reader.start()
        process.waitUntilExit()
        collected.waitUntilFinished()
        close(controller)
        return (process.terminationStatus, collected.text)
    }

    @Test func aTerminalShowsTheProgressLineUnlessNoColorOrQuiet() throws {
        try Self.requireTestData()
        let arguments = ["transcribe", "--jobs", "2"] + Self.librivox
        // `swift test` sets NO_COLOR for what it runs.
        var environment = DictateProcess.environment
        environment["NO_COLOR"] = nil
        let (status, shown) = try Self.standardErrorOnTerminal(arguments, environment: environment)
        #expect(status == 0, "\(shown)")
        #expect(shown.contains("5/5 files"), "\(shown.debugDescription)")
        #expect(shown.contains("RTF "), "\(shown.debugDescription)")
        #expect(shown.contains(" audio"), "\(shown.debugDescription)")
        // Redrawn in place: each drawing starts by going back and clearing the line, and the last one is cleared.
        #expect(shown.contains("\r\u{1B}[2K5/5 files"))
        #expect(shown.hasSuffix("\r\u{1B}[2K"), "\(shown.debugDescription)")

        var noColor = environment
        noColor["NO_COLOR"] = "1"
        let (_, plain) = try Self.standardErrorOnTerminal(Array(arguments.prefix(4)), environment: noColor)
        #expect(!plain.contains("files"), "\(plain.debugDescription)")
        let (_, quiet) = try Self.standardErrorOnTerminal(
            Array(arguments.prefix(4)) + ["--quiet"], environment: environment)
        #expect(!quiet.contains("files"), "\(quiet.debugDescription)")
    }

    @Test func usageErrorsAreRefused() throws {
        let jobs = try DictateProcess.run(["transcribe", "--jobs", "0", Self.librivox[0]])
        #expect(jobs.status == 64)
        let outputDirectory = try DictateProcess.run(["transcribe", "--output-dir", "/tmp", Self.librivox[0]])
        #expect(outputDirectory.status == 64, "--output-dir needs srt or vtt")
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = try DictateProcess.run(["transcribe", folder.path])
        #expect(empty.status == 64)
        #expect(empty.standardError.contains("no audio files"), "\(empty.standardError)")
    }
}

/// Bytes a reader thread collects, and the moment it is done.
private final class CollectedBytes: @unchecked Sendable {
    // Guarded by `condition`.
    private var bytes: [UInt8] = []
    private var finished = false
    private let condition = NSCondition()

    func append(_ more: ArraySlice<UInt8>) {
        condition.withLock { bytes += more }
    }

    func finish() {
        condition.withLock {
            finished = true
            condition.broadcast()
        }
    }

    func waitUntilFinished() {
        condition.withLock {
            while !finished { condition.wait() }
        }
    }

    var text: String { condition.withLock { String(decoding: bytes, as: UTF8.self) } }
}
