def lcp(words):
    if not words:
        return ""
    prefix = words[0]
    for w in words[1:]:
        while not w.startswith(prefix):
            prefix = prefix[:-1]
    return prefix

print(repr(lcp(["flower", "flow", "flight"])))
print(repr(lcp(["dog", "racecar", "car"])))
print(repr(lcp(["interview", "internet", "interval"])))
