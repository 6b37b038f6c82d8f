def rle_encode(s):
    if not s:
        return ""
    out = []
    prev, count = s[0], 1
    for ch in s[1:]:
        if ch == prev:
            count += 1
        else:
            out.append(f"{count}{prev}")
            prev, count = ch, 1
    out.append(f"{count}{prev}")
    return "".join(out)

def rle_decode(s):
    out, num = [], ""
    for ch in s:
        if ch.isdigit():
            num += ch
        else:
            out.append(ch * int(num))
            num = ""
    return "".join(out)

samples = ["WWWWWWWWWWWWBWWWWWWWWWWWWBBBWWWWWWWWWWWWWWWWWWWWWWWWBWWWWWWWWWWWWWW", "aabcccccaaa", "", "x", "abc"]
for s in samples:
    e = rle_encode(s)
    assert rle_decode(e) == s
    ratio = len(e) / len(s) if s else 0
    print(f"{s[:20]!r:<24} -> {e!r:<20} ratio {ratio:.2f}")

def look_and_say(s):
    return rle_encode(s)

term = "1"
for i in range(10):
    print(i + 1, term)
    term = look_and_say(term)
print(len(term))

def lzw_compress(data):
    dictionary = {chr(i): i for i in range(256)}
    w = ""
    result = []
    for c in data:
        wc = w + c
        if wc in dictionary:
            w = wc
        else:
            result.append(dictionary[w])
            dictionary[wc] = len(dictionary)
            w = c
    if w:
        result.append(dictionary[w])
    return result

def lzw_decompress(codes):
    dictionary = {i: chr(i) for i in range(256)}
    w = chr(codes[0])
    out = [w]
    for k in codes[1:]:
        entry = dictionary[k] if k in dictionary else w + w[0]
        out.append(entry)
        dictionary[len(dictionary)] = w + entry[0]
        w = entry
    return "".join(out)

codes = lzw_compress("TOBEORNOTTOBEORTOBEORNOT")
print(codes)
print(lzw_decompress(codes))
