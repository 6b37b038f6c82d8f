def vigenere(text, key, decrypt=False):
    out = []
    ki = 0
    for ch in text:
        if ch.isalpha():
            base = ord("A") if ch.isupper() else ord("a")
            shift = ord(key[ki % len(key)].lower()) - ord("a")
            if decrypt:
                shift = -shift
            out.append(chr((ord(ch) - base + shift) % 26 + base))
            ki += 1
        else:
            out.append(ch)
    return "".join(out)
msg = "Attack at Dawn! Meet at 5pm."
enc = vigenere(msg, "lemon")
print(enc)
print(vigenere(enc, "lemon", decrypt=True))
def rot13(s):
    table = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", "NOPQRSTUVWXYZABCDEFGHIJKLMnopqrstuvwxyzabcdefghijklm")
    return s.translate(table)
print(rot13("Hello, World!"), rot13(rot13("Hello")))
def atbash(s):
    return "".join(chr(ord("z") - (ord(c) - ord("a"))) if c.islower() else c for c in s)
print(atbash("wizard"), atbash("abc xyz"))
print({c: msg.lower().count(c) for c in "aeiou"})
