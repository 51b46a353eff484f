// swift-format-ignore-file
// (The lines between the markers are the README's, byte for byte: no formatter may indent them.)
// README.md's library example ("In your own program"), verbatim between the markers, so that it
// is compiled with the tests; ReadmeExampleTests fails when the two copies differ. The lines
// marked "not in the README" wrap its statements in a function, which is never called: it would
// listen to the machine's default microphone.

// README example begins
// Package.swift: .product(name: "Dictation", package: "DictationKit")
import Dictation

func readmeExample() async throws {  // not in the README
// The default microphone, until "over and out"; a recording: DictationSession.transcribe("talk.wav").
dictation: for await event in try await DictationSession.dictate(locale: "en-US") {
    switch event {
    case .partial(let transcript): print("…", transcript.stableText, "|", transcript.volatileText)
    case .final(let transcript):
        print(transcript.text, transcript.words.map(\.confidence))
        if transcript.text.hasSuffix("over and out") { break dictation }  // dropping the stream ends the session
    case .error(let error): print("error \(error.code):", error.message)
    default: break
    }
}
}  // not in the README
// README example ends
