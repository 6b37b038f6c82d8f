# Text statistics: generate a corpus, then word counts, bigrams, line
# wrapping, title-casing, replace chains, f-string and str.format reports,
# string building with += and join, sorting by (-count, word).
import os

SMALL = os.environ.get("DANA_BENCH_SMALL")

VOCAB = ("the quick brown fox jumps over lazy dog while seven wizards quietly hex "
         "jovial bakers who mix pale yellow dough and sing of distant harbours").split()


def make_corpus(n_sentences):
    seed = 12345
    sentences = []
    for i in range(n_sentences):
        words = []
        length = 5 + i % 9
        for j in range(length):
            seed = (seed * 1103515245 + 12345) % 2147483648
            words.append(VOCAB[seed % len(VOCAB)])
        s = " ".join(words)
        s = s[0].upper() + s[1:]
        if i % 5 == 0:
            s += ", said the " + VOCAB[i % len(VOCAB)]
        sentences.append(s + ("?" if i % 7 == 0 else "."))
    return " ".join(sentences)


def normalize(text):
    for ch in ",.?!;:":
        text = text.replace(ch, " ")
    return text.lower()


def word_counts(text):
    counts = {}
    for w in normalize(text).split():
        counts[w] = counts.get(w, 0) + 1
    return counts


def bigrams(words):
    pairs = {}
    for a, b in zip(words, words[1:]):
        key = a + " " + b
        if key in pairs:
            pairs[key] += 1
        else:
            pairs[key] = 1
    return pairs


def wrap(text, width):
    lines = []
    line = ""
    for word in text.split():
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= width:
            line += " " + word
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def justify(line, width):
    words = line.split(" ")
    if len(words) == 1:
        return line.ljust(width)
    gaps = len(words) - 1
    spaces = width - sum(len(w) for w in words)
    out = ""
    for i, w in enumerate(words[:-1]):
        out += w + " " * (spaces // gaps + (1 if i < spaces % gaps else 0))
    return out + words[-1]


def report(counts, top):
    items = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    total = sum(counts.values())
    rows = []
    for rank, (word, n) in enumerate(items[:top], 1):
        rows.append(f"{rank:>3}. {word:<10} {n:>6} {100 * n / total:6.2f}%")
    rows.append("{:-^32}".format(" total "))
    rows.append("{0} words, {1} distinct, longest {2!r}".format(total, len(counts), max(counts, key=len)))
    return "\n".join(rows)


N = 400 if SMALL else 14000
text = make_corpus(N)
counts = word_counts(text)
print(report(counts, 8))
words = normalize(text).split()
pairs = bigrams(words)
best = max(pairs.items(), key=lambda kv: (kv[1], kv[0]))
print("bigrams", len(pairs), best)
lines = wrap(text, 60)
just = [justify(l, 60) for l in lines[:-1]]
print("lines", len(lines), sum(len(l) for l in just), just[1])
caps = sum(1 for w in text.split() if w.istitle())
vowels = sum(text.count(v) for v in "aeiou")
acronym = "".join(w[0] for w in text.split()[:40]).upper()
snake = "_".join(w.strip(",.?").lower() for w in text.split()[:6])
print(caps, vowels, acronym, snake)
longest = sorted(set(words), key=lambda w: (-len(w), w))[:5]
print("longest", longest, "palindromes", sorted(w for w in set(words) if w == w[::-1] and len(w) > 1))
