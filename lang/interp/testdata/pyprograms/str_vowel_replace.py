table = {"a": "4", "e": "3", "i": "1", "o": "0"}
s = "leet speak is cool"
print("".join(table.get(c, c) for c in s))
print(s.translate(str.maketrans("aeio", "4310")))
print(s.translate(str.maketrans({"s": "$", "k": None})))
