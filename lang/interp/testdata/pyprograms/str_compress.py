def compress(s):
    if not s:
        return ""
    out = []
    prev = s[0]
    n = 1
    for c in s[1:]:
        if c == prev:
            n += 1
        else:
            out.append(prev + str(n))
            prev = c
            n = 1
    out.append(prev + str(n))
    r = "".join(out)
    return r if len(r) < len(s) else s

for s in ["aabcccccaaa", "abc", "", "zzzzzzzzzzzz"]:
    print(repr(compress(s)))
