import FuzzDriver

runFuzzer(fuzzStreamMessage)
