def shift(text, k):
    out = []
    for ch in text:
        if "a" <= ch <= "z":
            out.append(chr((ord(ch) - ord("a") + k) % 26 + ord("a")))
        elif "A" <= ch <= "Z":
            out.append(chr((ord(ch) - ord("A") + k) % 26 + ord("A")))
        else:
            out.append(ch)
    return "".join(out)

msg = "Hello, World! xyz"
enc = shift(msg, 3)
print(enc)
print(shift(enc, -3))
print(shift(msg, 29) == enc)
