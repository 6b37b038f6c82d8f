print("tab\there", "new\\nline", 'quote\'s', "uni\u00e9", "hex\x41")
print(r"raw\n", len("\n"), len(r"\n"))
print("a" * 3, "-" * 10, 3 * "ab")
print(repr("a\tb\n"), repr("\\"))
