s = "Hello, World!"
print(s, len(s), s[0], s[-1], s[7:12], s[:5], s[::2], s[::-1])
print(s.lower(), s.upper(), s.replace("World", "Python"), s.split(", "))
print(s.find("o"), s.count("l"), s.startswith("Hell"), "World" in s)
name = "ada lovelace"
print(name.title(), name.capitalize(), name.upper().center(20, "*"))
first, last = name.split()
print(f"{last.upper()}, {first.title()}")
print("-" * 20)
word = "python"
for i, ch in enumerate(word):
    print(i, ch, ord(ch))
print(" ".join(word), word * 3, word + "!" * 3)
vowels = sum(1 for ch in s.lower() if ch in "aeiou")
print("vowels:", vowels)
multi = """line one
line two
line three"""
print(multi.splitlines(), len(multi.split("\n")))
print("   padded   ".strip() + "|", "x".rjust(4, "0"), "7".zfill(3))
print("tab\there", "new\nline", 'quote "inside"', "it's", r"raw\n")
price = 4.5
qty = 3
print("Total: " + str(price * qty), f"Total: {price * qty:.2f}", "Total: {:.1f}".format(price * qty))
print(str(12) + str(3.0), "abc" < "abd", "Z" < "a", sorted("dcba"))
