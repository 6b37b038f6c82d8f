text = """It was the best of times, it was the worst of times, it was the age of
wisdom, it was the age of foolishness, it was the epoch of belief, it was the
epoch of incredulity, it was the season of Light, it was the season of Darkness,
it was the spring of hope, it was the winter of despair."""

import_free = True
punct = ",.;:!?"
words = [w.strip(punct).lower() for w in text.split()]
freq = {}
for w in words:
    freq[w] = freq.get(w, 0) + 1
top = sorted(freq.items(), key=lambda kv: (-kv[1], kv[0]))
print("total words:", len(words), "distinct:", len(freq))
for word, n in top[:8]:
    print(f"{word:<12}{n:>3} {'*' * n}")
by_len = {}
for w in freq:
    by_len.setdefault(len(w), []).append(w)
for k in sorted(by_len):
    print(k, sorted(by_len[k]))
longest = max(freq, key=len)
print("longest:", longest)
initials = {}
for w in words:
    initials[w[0]] = initials.get(w[0], 0) + 1
print(dict(sorted(initials.items())))
once = [w for w, n in freq.items() if n == 1]
print(len(once), once[:5])
print(" ".join(w.capitalize() for w in words[:6]))
print(text.count("it was"), text.lower().count("it was"), text.find("age"), text.rfind("age"))
sentence_lengths = [len(line.split()) for line in text.splitlines()]
print(sentence_lengths, sum(sentence_lengths) / len(sentence_lengths))
