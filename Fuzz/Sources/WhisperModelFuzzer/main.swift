import FuzzDriver

runFuzzer(fuzzWhisperModel)
