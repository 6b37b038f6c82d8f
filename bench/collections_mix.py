# Collection mix: dict/set/list methods, comprehensions, sorting with keys.
import os

SMALL = os.environ.get("DANA_BENCH_SMALL")
N = 2000 if SMALL else 60000
ROUNDS = 2 if SMALL else 8

syllables = ["ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "xe", "zu"]

def make_words(n, seed):
    words = []
    x = seed
    for i in range(n):
        x = (x * 1103515245 + 12345) % 2147483648
        k = 1 + x % 3
        w = ""
        y = x
        for j in range(k):
            w += syllables[y % 10]
            y = y // 10
        words.append(w)
    return words

total = 0
for r in range(ROUNDS):
    words = make_words(N, r + 1)
    counts = {}
    for w in words:
        counts[w] = counts.get(w, 0) + 1
    top = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
    by_len = {}
    for w in counts:
        by_len.setdefault(len(w), []).append(w)
    lens = {k: len(v) for k, v in by_len.items()}
    uniq = set(words)
    short = {w for w in uniq if len(w) <= 4}
    long_ = uniq - short
    common = set(words[: N // 2]) & set(words[N // 2 :])
    firsts = [w[0] for w in words if w.startswith("k") or w.endswith("u")]
    stack = []
    for w in words[:2000]:
        if len(stack) > 0 and stack[-1] == w:
            stack.pop()
        else:
            stack.append(w)
    stack.reverse()
    stack.extend(words[:10])
    stack.insert(0, "first")
    pos = stack.index("first")
    idx = words.index(words[N // 3])
    inv = {v: k for k, v in enumerate(sorted(uniq))}
    merged = dict(counts)
    merged.update({w: 0 for w in sorted(short)[:50]})
    removed = 0
    for w in list(merged.keys())[:100]:
        if merged.pop(w, None) is not None:
            removed += 1
    total += len(common) + len(long_) + len(firsts) + pos + idx + removed + inv[top[0][0]] + stack.count("ka")
    print(r, top[0], lens, len(uniq), len(short), len(common), len(stack), sum(counts.values()))
print("total", total)
