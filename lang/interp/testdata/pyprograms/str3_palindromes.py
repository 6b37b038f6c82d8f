def clean(s):
    return "".join(ch.lower() for ch in s if ch.isalnum())

def is_pal(s):
    c = clean(s)
    return c == c[::-1]

phrases = ["A man, a plan, a canal: Panama", "race a car", "No 'x' in Nixon", "", "Was it a car or a cat I saw?", "abcba!", "ab"]
for p in phrases:
    print(f"{p!r:<35} {is_pal(p)}")

def longest_pal(s):
    best = ""
    for center in range(2 * len(s) - 1):
        lo = center // 2
        hi = lo + center % 2
        while lo >= 0 and hi < len(s) and s[lo] == s[hi]:
            lo -= 1
            hi += 1
        cand = s[lo + 1:hi]
        if len(cand) > len(best):
            best = cand
    return best

for s in ["babad", "cbbd", "forgeeksskeegfor", "abacdfgdcaba", "x"]:
    print(s, "->", longest_pal(s))
pal_numbers = [n for n in range(10, 200) if str(n) == str(n)[::-1]]
print(pal_numbers)
largest = max(a * b for a in range(100, 1000) for b in range(a, 1000) if str(a * b) == str(a * b)[::-1])
print(largest)
print(sum(1 for n in range(1, 10 ** 4) if str(n) == str(n)[::-1] and bin(n)[2:] == bin(n)[2:][::-1]))
