words = """listen silent enlist inlets google elgoog banana tinsel stone tones notes onset
seton act cat tac dog god odg fresher refresh apple""".split()
groups = {}
for w in words:
    key = "".join(sorted(w))
    groups.setdefault(key, []).append(w)
multi = {k: v for k, v in groups.items() if len(v) > 1}
for key, ws in sorted(multi.items(), key=lambda kv: (-len(kv[1]), kv[0])):
    print(f"{key:<10} {len(ws)} {' '.join(sorted(ws))}")
print("singletons:", sorted(w for k, v in groups.items() if len(v) == 1 for w in v))

def find_anagrams(word, candidates):
    target = sorted(word.lower())
    return [c for c in candidates if c.lower() != word.lower() and sorted(c.lower()) == target]

print(find_anagrams("master", ["stream", "pigeon", "maters", "Master", "tamers"]))
letter_count = {}
for w in words:
    for ch in w:
        letter_count[ch] = letter_count.get(ch, 0) + 1
common = sorted(letter_count.items(), key=lambda kv: kv[1], reverse=True)[:5]
print(common)
print(max(words, key=lambda w: (len(set(w)), w)))
