def combos(s, k):
    if k == 0:
        return [""]
    if len(s) < k:
        return []
    return [s[0] + c for c in combos(s[1:], k - 1)] + combos(s[1:], k)

print(combos("abcd", 2))
print(len(combos("abcdefgh", 4)))
