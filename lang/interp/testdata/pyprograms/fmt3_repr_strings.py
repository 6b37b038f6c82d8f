samples = ["plain", "it's", 'say "hi"', "both ' and \"", "tab\there", "new\nline", "back\\slash", "bell\a", "nul\0",
           "\x7f del", "é accent", "\u200b zero width", "emoji 😀", "\r\n", "", " ", "\\n literal", "\x1b[31m"]
for s in samples:
    print(repr(s), len(s))
print(samples[:4])
print({"key's": "val\"ue", 'q': "\t"})
print(("tuple", "it's"), ["a\\b"])
print(str(samples[1]), f"{samples[2]!r}", "%r" % samples[3], "{!r}".format(samples[4]))
print(repr(repr("x")), repr(str(repr("y"))))
print("multi\nline", repr("multi\nline"))
print(ascii_free := "ok")
raw = r"C:\new\table\x41"
print(raw, len(raw), repr(raw))
print("%s|%5s|%-5s|%.2s" % ("ab", "cd", "ef", "ghij"))
print("\\", "\'", "\"", "\x41\x42", "\101", "\u0041", "\t".expandtabs(4) + "|")
