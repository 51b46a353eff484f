import FuzzDriver

runFuzzer(fuzzWyomingEvents)
