def caesar(text, shift):
    out = []
    for ch in text:
        if ch.isupper():
            out.append(chr((ord(ch) - 65 + shift) % 26 + 65))
        elif ch.islower():
            out.append(chr((ord(ch) - 97 + shift) % 26 + 97))
        else:
            out.append(ch)
    return "".join(out)

def vigenere(text, key, decrypt=False):
    key = key.upper()
    out = []
    i = 0
    for ch in text.upper():
        if not ch.isalpha():
            continue
        k = ord(key[i % len(key)]) - 65
        if decrypt:
            k = -k
        out.append(chr((ord(ch) - 65 + k) % 26 + 65))
        i += 1
    return "".join(out)

msg = "The quick brown fox jumps over the lazy dog!"
enc = caesar(msg, 13)
print(enc)
print(caesar(enc, 13) == msg)
for shift in (1, 3, 25, -1, 52):
    print(f"{shift:>3}: {caesar('Hello, World', shift)}")
secret = vigenere("Beware the Jabberwock, my son! The jaws that bite, the claws that catch!", "VIGENERECIPHER")
print(secret)
print(vigenere(secret, "VIGENERECIPHER", decrypt=True))

def crack(cipher):
    english = "etaoinshrdlu"
    best = None
    for shift in range(26):
        cand = caesar(cipher, -shift)
        score = sum(cand.lower().count(c) * (12 - i) for i, c in enumerate(english))
        if best is None or score > best[0]:
            best = (score, shift, cand)
    return best

score, shift, plain = crack(caesar("defend the east wall of the castle", 7))
print(shift, plain, score)
table = str.maketrans("abc", "xyz", "!")
print("aabbcc!!".translate(table))
rot = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
                    "NOPQRSTUVWXYZABCDEFGHIJKLMnopqrstuvwxyzabcdefghijklm")
print(msg.translate(rot))
