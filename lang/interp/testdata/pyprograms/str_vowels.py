def count_vowels(s):
    return sum(1 for c in s.lower() if c in "aeiou")

for s in ["Programming", "AEIOU", "rhythm", ""]:
    print(s, count_vowels(s))
print([c for c in "education" if c not in "aeiou"])
