import DictationKit
import DictationTestSupport
import Foundation
import Testing

@testable import DictationPocketSphinx

/// A small wheel (a ZIP file) laid out like SpeechRecognition's, built with Python's `zipfile`,
/// and a ``ModelPack`` pinned to it, so the installer's real code path runs without network.
struct TestWheel {
    /// The model folder inside the wheel.
    static let modelPath = "testpack/pocketsphinx-data/xx-YY"
    /// The licence outside the model folder.
    static let licenseMember = "testpack-1.0.dist-info/licenses/LICENSE.txt"

    let path: String
    let sha256: String

    /// The parts of the model the wheel holds.
    enum Content {
        /// Debian's US English model files, so the installed pack really decodes.
        case debianModel
        /// One-line placeholder files: enough for the installer's completeness check.
        case placeholders
        /// Placeholders without the dictionary: an incomplete model.
        case placeholdersWithoutDictionary
    }

    /// Builds a wheel in `directory`.
    static func build(in directory: String, content: Content) throws -> TestWheel {
        let system = PocketSphinxSystemModel.englishUS
        var members: [String: String] = [:]
        let acousticFiles = ["feat.params", "mdef", "means", "noisedict", "sendump", "transition_matrices", "variances"]
        switch content {
        case .debianModel:
            _ = try PocketSphinxSystemModel.requireEnglishUS()
            for name in acousticFiles { members["\(modelPath)/acoustic-model/\(name)"] = "\(system)/en-us/\(name)" }
            members["\(modelPath)/language-model.lm.bin"] = "\(system)/en-us.lm.bin"
            members["\(modelPath)/pronounciation-dictionary.dict"] = "\(system)/cmudict-en-us.dict"
        case .placeholders, .placeholdersWithoutDictionary:
            let placeholder = directory + "/placeholder"
            try "placeholder\n".write(toFile: placeholder, atomically: true, encoding: .utf8)
            for name in acousticFiles { members["\(modelPath)/acoustic-model/\(name)"] = placeholder }
            members["\(modelPath)/language-model.lm.bin"] = placeholder
            if content == .placeholders { members["\(modelPath)/pronounciation-dictionary.dict"] = placeholder }
        }
        let license = directory + "/LICENSE.txt"
        try "Test licence\n".write(toFile: license, atomically: true, encoding: .utf8)
        members["\(modelPath)/LICENSE.txt"] = license
        members[licenseMember] = license
        members["testpack/__init__.py"] = license

        let path = directory + "/testpack-1.0-py3-none-any.whl"
        let script = """
            import hashlib, json, sys, zipfile
            members = json.load(sys.stdin)
            with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED, compresslevel=1) as wheel:
                for member in sorted(members):
                    wheel.write(members[member], member)
            print(hashlib.sha256(open(sys.argv[1], "rb").read()).hexdigest())
            """
        let output = try runPython(["-c", script, path], input: try JSONSerialization.data(withJSONObject: members))
        return TestWheel(path: path, sha256: output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// A pack pinned to this wheel.
    func pack(name: String = "xx-YY-test", locale: String = "xx-YY", rank: Int = 5, modelPath: String = Self.modelPath)
        -> ModelPack
    {
        ModelPack(
            name: name, locale: locale, summary: "a test pack", rank: rank,
            source: ModelPack.Source(
                project: "testpack", version: "1.0", fileName: "testpack-1.0-py3-none-any.whl", sha256: sha256,
                modelPath: modelPath, size: 1000),
            licenseFiles: [ModelPack.LicenseFile(member: Self.licenseMember, name: "testpack-LICENSE.txt")])
    }

    /// The `python3` on PATH, which the installer needs too.
    static func requirePython() throws -> String {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
            .map { $0 + "/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        return try #require(path, "python3 is missing: install the Debian package python3-pip")
    }

    /// Runs python3 and returns its standard output; a failure fails the test.
    @discardableResult
    static func runPython(_ arguments: [String], input: Data = Data()) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try requirePython())
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python3 \(arguments.dropFirst(2)) failed")
        return String(decoding: data, as: UTF8.self)
    }
}
