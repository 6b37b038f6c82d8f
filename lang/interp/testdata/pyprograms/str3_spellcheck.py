WORDS = "the quick brown fox jumps over lazy dog spelling correct word words world would could should house horse".split()
VOCAB = {w: i for i, w in enumerate(WORDS)}

def edits1(word):
    letters = "abcdefghijklmnopqrstuvwxyz"
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    deletes = [a + b[1:] for a, b in splits if b]
    transposes = [a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1]
    replaces = [a + c + b[1:] for a, b in splits if b for c in letters]
    inserts = [a + c + b for a, b in splits for c in letters]
    return set(deletes + transposes + replaces + inserts)

def correct(word):
    if word in VOCAB:
        return word
    c1 = [w for w in edits1(word) if w in VOCAB]
    if c1:
        return min(c1, key=lambda w: (VOCAB[w], w))
    c2 = {e2 for e1 in edits1(word) for e2 in edits1(e1) if e2 in VOCAB}
    if c2:
        return min(c2, key=lambda w: (VOCAB[w], w))
    return word

for w in ["teh", "quikc", "borwn", "fxo", "jumsp", "speling", "korrect", "wrld", "hose", "xyzzy", "dog"]:
    print(f"{w:<8} -> {correct(w)}")
print(len(edits1("word")), len(edits1("")), sorted(edits1("ab"))[:8])
