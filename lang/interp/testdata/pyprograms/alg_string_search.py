def naive(text, pat):
    return [i for i in range(len(text) - len(pat) + 1) if text[i:i + len(pat)] == pat]
def kmp_table(p):
    t = [0] * len(p)
    k = 0
    for i in range(1, len(p)):
        while k and p[i] != p[k]:
            k = t[k - 1]
        if p[i] == p[k]:
            k += 1
        t[i] = k
    return t
def kmp(text, pat):
    t, k, out = kmp_table(pat), 0, []
    for i, c in enumerate(text):
        while k and c != pat[k]:
            k = t[k - 1]
        if c == pat[k]:
            k += 1
        if k == len(pat):
            out.append(i - k + 1)
            k = t[k - 1]
    return out
text = "abracadabra abracadabra"
for pat in ["abra", "a", "cad", "zzz", "bra a"]:
    print(pat, naive(text, pat), kmp(text, pat), text.count(pat))
print(kmp_table("abcabd"), kmp_table("aaaa"))
def longest_repeat(s):
    best = ""
    for i in range(len(s)):
        for j in range(i + 1, len(s)):
            k = 0
            while j + k < len(s) and s[i + k] == s[j + k]:
                k += 1
            if k > len(best):
                best = s[i:i + k]
    return best
print(repr(longest_repeat("banana")), repr(longest_repeat("abcd")), repr(longest_repeat(text)))
