phrases = ["Portable Network Graphics", "as soon as possible", "Complementary metal-oxide semiconductor"]
for p in phrases:
    print("".join(w[0].upper() for w in p.replace("-", " ").split()))
