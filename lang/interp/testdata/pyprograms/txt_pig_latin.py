def pig(word):
    vowels = "aeiou"
    if word[0] in vowels:
        return word + "way"
    for i, c in enumerate(word):
        if c in vowels:
            return word[i:] + word[:i] + "ay"
    return word + "ay"
print(" ".join(pig(w) for w in "the quick brown fox eats apples".split()))
