words = ["café", "naïve", "Zürich", "straße", "ÉCOLE", "mañana", "Ångström", "résumé", "jalapeño", "façade"]
for w in words:
    print(f"{w:<10}|{w.upper():<12}|{w.lower():<10}|{w.title():<10}|{len(w):>2}|{w[::-1]}")
print(sorted(words))
print(sorted(words, key=str.lower))
print(sorted(words, key=lambda w: w.casefold()))
accents = {"á": "a", "à": "a", "é": "e", "è": "e", "ë": "e", "í": "i", "ï": "i", "ñ": "n", "ó": "o", "ö": "o", "ú": "u", "ü": "u", "ç": "c", "Å": "A", "É": "E", "ß": "ss"}
def strip_accents(s):
    return "".join(accents.get(ch, ch) for ch in s)
print([strip_accents(w) for w in words])
print(sorted(words, key=strip_accents))
greek = "Καλημέρα κόσμε"
print(greek.upper(), greek.lower(), len(greek), greek.split())
emoji = "I ❤ Python 🐍!"
print(emoji, len(emoji), emoji.count("🐍"), [ord(c) for c in emoji if ord(c) > 127])
print("€{:,.2f}".format(1234.5), "£" + format(99, "03d"), "¥" * 3)
box = ["┌" + "─" * 10 + "┐", "│" + "héllo".center(10) + "│", "└" + "─" * 10 + "┘"]
print("\n".join(box))
print("ß".upper(), "İ".lower() == "i̇", "ﬁ".upper(), "Σ".lower(), "ΌΣΟΣ".lower())
print(chr(233), "\u00e9" == "é", "e\u0301" == "é", len("e\u0301"), "\u00e9".encode("utf-8") if False else "skip")
