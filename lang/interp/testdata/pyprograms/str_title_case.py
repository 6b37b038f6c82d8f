def title(s):
    small = {"a", "an", "the", "of", "in", "and"}
    words = s.lower().split()
    out = []
    for i, w in enumerate(words):
        if i > 0 and w in small:
            out.append(w)
        else:
            out.append(w[0].upper() + w[1:])
    return " ".join(out)

print(title("the lord OF the rings"))
print(title("a tale of two cities"))
