# Python: Greek capital sigma lowers to ς at the end of a word (lower, capitalize, title,
# swapcase), casefold folds both to σ.
for s in ["ΣΑΣ", "ΟΔΥΣΣΕΥΣ", "Σ", "ΑΣ ΣΑ", "ΑΣ.", "ΑΣ'Α", "aΣb", "ΣΑΣ!", "ὈΔΥΣΣΕΎΣ"]:
    print(s, s.lower(), s.casefold(), s.capitalize(), s.title(), s.swapcase())
