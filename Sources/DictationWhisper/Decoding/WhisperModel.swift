import CWhisper
import DictationKit
import Foundation
import Logging
import Synchronization

/// A whisper.cpp model loaded into memory once, shared by every decoder that uses it.
///
/// whisper.cpp keeps a model's weights (its context) apart from the working memory of a
/// decoding (a state): any number of states may decode at once on one context. So a process
/// loads each model file once, however many sessions and final-pass threads use it, and the
/// weights go when the last decoder lets go of them (``shared(path:)``); each search makes a
/// state of its own (``WhisperDecoding/decode(_:model:prompt:stoppingWhen:onFreeCoresOnly:)``).
final class WhisperModel: @unchecked Sendable {
    // @unchecked: the context is read-only once loaded; whisper.cpp allows concurrent
    // `whisper_full_with_state` calls on one context with different states.
    let context: OpaquePointer
    let file: WhisperModelFile

    private init(file: WhisperModelFile) throws(DictationError) {
        WhisperLog.install()
        var parameters = whisper_context_default_params()
        parameters.use_gpu = false
        guard let context = whisper_init_from_file_with_params_no_state(file.path, parameters) else {
            throw WhisperProblem.modelRejected(path: file.path).error
        }
        self.context = context
        self.file = file
    }

    deinit {
        whisper_free(context)
    }

    /// Whether the model knows languages other than English.
    var isMultilingual: Bool { whisper_is_multilingual(context) != 0 }

    /// The loaded models by path, held weakly: a model stays loaded while a decoder uses it.
    private static let loaded = Mutex<[String: WeakModel]>([:])

    private struct WeakModel {
        weak var model: WhisperModel?
    }

    /// The model at `path`, loaded now or shared with the decoders that already use it.
    /// - Parameter path: The model file.
    /// - Returns: The loaded model.
    /// - Throws: ``DictationError`` with ``DictationError/Code/modelNotFound`` when the file is
    ///   missing, damaged, or refused by whisper.cpp.
    static func shared(path: String) throws(DictationError) -> WhisperModel {
        // Checked outside the lock: reading the file's structure takes a while on a large model.
        let file = try WhisperModelFile(path: path)
        let result: Result<WhisperModel, DictationError> = loaded.withLock { models in
            if let model = models[path]?.model, model.file == file { return .success(model) }
            do throws(DictationError) {
                let model = try WhisperModel(file: file)
                models[path] = WeakModel(model: model)
                return .success(model)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

/// whisper.cpp's and ggml's log lines, sent to swift-log at debug level instead of standard error.
enum WhisperLog {
    private static let logger = Logger(label: "DictationWhisper.whisper.cpp")
    private static let installed = Mutex(false)

    static func install() {
        installed.withLock { done in
            guard !done else { return }
            done = true
            whisper_log_set(
                { _, text, _ in
                    // The voice activity network logs a few lines per 32-ms window: not even
                    // made into strings unless someone reads them.
                    guard let text, WhisperLog.logger.logLevel <= .debug else { return }
                    let line = String(cString: text).trimmingCharacters(in: .newlines)
                    if !line.isEmpty { WhisperLog.logger.debug("\(line)") }
                }, nil)
        }
    }
}
