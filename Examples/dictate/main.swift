print("dictate")
