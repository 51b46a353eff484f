import FuzzDriver

runFuzzer(fuzzAudioReader)
