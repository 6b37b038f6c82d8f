# Python: repr() escapes characters that are not printable (controls, format characters,
# separators other than space, private use) and keeps the rest.
for c in [0x80, 0x9f, 0xa0, 0xad, 0xe9, 0x200b, 0x2028, 0x3000, 0xfeff, 0xe000, 0xf4240, 0x1f600, 0x4e2d, 0x301, 0xfffd]:
    print(repr(chr(c)), repr("a" + chr(c) + "b"), ascii if False else "")
print(repr("héllo wörld – “quoted” ✓"))
