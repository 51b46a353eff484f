// `LevelMeter` and `AudioLevel` moved from here to DictationKit, so that a session can measure its
// `.level` events with them. Re-exporting DictationKit keeps them in reach of code that imports only
// DictationPreprocessing, as before the move; every use of this module needs DictationKit anyway.
@_exported import DictationKit
