s = "mississippi"
freq = {}
for c in s:
    freq[c] = freq.get(c, 0) + 1
print(freq)
print(sorted(freq.items(), key=lambda kv: (-kv[1], kv[0])))
print(max(freq, key=freq.get))
