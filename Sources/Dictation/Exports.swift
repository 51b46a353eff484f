// The standard stack behind one import: `import Dictation` is `import DictationKit`,
// `DictationCapture`, `DictationPreprocessing`, `DictationPocketSphinx` and `DictationWhisper`, so an app that uses
// the one-line entry points, or builds a session of its own from the standard parts, needs no other.
@_exported import DictationCapture
@_exported import DictationKit
@_exported import DictationPocketSphinx
@_exported import DictationPreprocessing
@_exported import DictationWhisper
