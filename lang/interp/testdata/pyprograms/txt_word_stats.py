text = """It was the best of times, it was the worst of times,
it was the age of wisdom, it was the age of foolishness,
it was the epoch of belief, it was the epoch of incredulity."""
words = [w.strip(".,").lower() for w in text.split()]
freq = {}
for w in words:
    freq[w] = freq.get(w, 0) + 1
top = sorted(freq.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
for w, c in top:
    print(f"{w:>12}: {'#' * c} ({c})")
lines = text.splitlines()
print(len(lines), [len(l) for l in lines], max(lines, key=len)[:20])
print(sum(len(w) for w in words) / len(words))
longest = max(words, key=lambda w: (len(w), w))
print(longest, words.count("it"), text.count("was"), text.find("age"), text.rfind("age"), text.index("epoch"))
print(text.upper()[:10], text.title()[:25], text.swapcase()[:10])
print(" ".join(reversed(words[:6])), "|".join(sorted(set(words))[:4]))
caps = [w.capitalize() for w in words[:4]]
print(caps, "-".join(caps).center(30, "*"))
