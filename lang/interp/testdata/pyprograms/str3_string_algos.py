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

def kmp_search(text, p):
    t = kmp_table(p)
    out, k = [], 0
    for i, ch in enumerate(text):
        while k and ch != p[k]:
            k = t[k - 1]
        if ch == p[k]:
            k += 1
        if k == len(p):
            out.append(i - k + 1)
            k = t[k - 1]
    return out

text = "abracadabra abracadabra cadabra"
for p in ["abra", "cad", "a", "zzz", "abracadabra"]:
    found = kmp_search(text, p)
    naive = [i for i in range(len(text) - len(p) + 1) if text[i:i + len(p)] == p]
    print(f"{p!r:<14} {found} {found == naive} {kmp_table(p)}")

def z_function(s):
    z = [0] * len(s)
    l = r = 0
    for i in range(1, len(s)):
        if i < r:
            z[i] = min(r - i, z[i - l])
        while i + z[i] < len(s) and s[z[i]] == s[i + z[i]]:
            z[i] += 1
        if i + z[i] > r:
            l, r = i, i + z[i]
    return z
print(z_function("aabxaabxcaabxaabxay"))

def rotations_bwt(s):
    s = s + "$"
    rots = sorted(s[i:] + s[:i] for i in range(len(s)))
    return "".join(r[-1] for r in rots)
print(rotations_bwt("banana"), rotations_bwt("mississippi"))

def is_rotation(a, b):
    return len(a) == len(b) and b in a + a
print(is_rotation("waterbottle", "erbottlewat"), is_rotation("abc", "acb"))

def compress_spaces(s):
    return " ".join(s.split())
print(repr(compress_spaces("  lots   of\t\tspace \n here  ")))
def title_case(s, minor=("a", "an", "the", "of", "in", "and")):
    words = s.lower().split()
    return " ".join(w if i and w in minor else w.capitalize() for i, w in enumerate(words))
print(title_case("the lord OF the rings and a hobbit"), title_case("a tale of two cities"))
