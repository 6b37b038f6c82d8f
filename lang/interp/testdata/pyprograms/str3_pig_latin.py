VOWELS = "aeiou"

def pig(word):
    prefix = ""
    while word and not word[0].isalpha():
        prefix += word[0]
        word = word[1:]
    suffix = ""
    while word and not word[-1].isalpha():
        suffix = word[-1] + suffix
        word = word[:-1]
    if not word:
        return prefix + suffix
    cap = word[0].isupper()
    w = word.lower()
    if w[0] in VOWELS:
        out = w + "way"
    else:
        i = 0
        while i < len(w) and w[i] not in VOWELS:
            i += 1 if not (w[i] == "q" and i + 1 < len(w) and w[i + 1] == "u") else 2
        out = w[i:] + w[:i] + "ay"
    if cap:
        out = out.capitalize()
    return prefix + out + suffix

text = 'Quick! The "yellow" squirrel eats apples, rhythm and strength.'
print(" ".join(pig(w) for w in text.split()))
for w in ["string", "eat", "queen", "my", "xyz", "Hello,"]:
    print(f"{w:>8} -> {pig(w)}")

def is_pangram(s):
    return set("abcdefghijklmnopqrstuvwxyz") <= set(s.lower())

print(is_pangram("The quick brown fox jumps over the lazy dog"), is_pangram("Hello world"))

def is_isogram(s):
    letters = [c.lower() for c in s if c.isalpha()]
    return len(letters) == len(set(letters))

print([w for w in ["lumberjacks", "background", "isograms", "six-year-old", "Alphabet"] if is_isogram(w)])

def acronym(phrase):
    return "".join(w[0].upper() for w in phrase.replace("-", " ").split() if w[0].isalpha())
print(acronym("Portable Network Graphics"), acronym("Complementary metal-oxide semiconductor"), acronym("Ruby on Rails"))
