import Dictation
import Foundation

/// The `info` event that answers `describe`: one speech-to-text program, DictationKit, with a
/// model per installed model that serves a locale (a Whisper file, or PocketSphinx) and the
/// languages each serves, as BCP 47 locales and as their language codes (`en`, `nb`), the form
/// Home Assistant gives.
enum WyomingInfo {
    static func event(for recognizer: any SpeechRecognizer) -> WyomingEvent {
        var names: [String] = []
        var languages: [String: [String]] = [:]
        for locale in recognizer.supportedLocales() {
            let name = modelName(serving: locale, recognizer: recognizer)
            if languages[name] == nil { names.append(name) }
            for language in [locale, WyomingConnection.languageCode(of: locale)]
            where !languages[name, default: []].contains(language) {
                languages[name, default: []].append(language)
            }
        }
        let models: [[String: Any]] = names.map { name in
            [
                "name": name, "description": description(of: name), "installed": true,
                "languages": languages[name, default: []], "attribution": attribution(of: name), "version": NSNull(),
            ]
        }
        let program: [String: Any] = [
            "name": "dictationkit", "description": "DictationKit: Whisper (whisper.cpp) and PocketSphinx on Linux",
            "installed": true, "version": NSNull(),
            "attribution": ["name": "DictationKit", "url": ""],
            "models": models,
            // transcript-start, a transcript-chunk per utterance and transcript-stop frame the transcript.
            "supports_transcript_streaming": true,
            // The transcript comes at audio-stop: the client's own voice detector ends the audio.
            "requires_external_vad": true,
        ]
        return WyomingEvent(
            type: "info",
            data: ["asr": [program], "tts": [], "handle": [], "intent": [], "wake": [], "mic": [], "snd": []])
    }

    /// The installed model that decodes a locale's finals.
    private static func modelName(serving locale: String, recognizer: any SpeechRecognizer) -> String {
        guard let standard = recognizer as? StandardRecognizer else { return "default" }
        switch standard.backend(for: locale) {
        case .whisper(let path?): return "whisper-" + ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        case .whisper(nil): return "whisper"
        case .pocketSphinx: return "pocketsphinx"
        }
    }

    private static func description(of model: String) -> String {
        if model.hasPrefix("whisper-") { return "Whisper \(model.dropFirst("whisper-".count)) (whisper.cpp)" }
        if model == "pocketsphinx" { return "PocketSphinx (CMU Sphinx)" }
        return "DictationKit's recognizer"
    }

    private static func attribution(of model: String) -> [String: String] {
        model == "pocketsphinx"
            ? ["name": "CMU Sphinx", "url": "https://cmusphinx.github.io"]
            : ["name": "OpenAI", "url": "https://github.com/openai/whisper"]
    }
}
