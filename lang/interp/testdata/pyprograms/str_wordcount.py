text = """the quick brown fox jumps over the lazy dog
the dog barks and the fox runs"""
counts = {}
for word in text.split():
    counts[word] = counts.get(word, 0) + 1
for word in sorted(counts):
    print(word, counts[word])
print(len(counts), sum(counts.values()))
