poem = '''Roses are red,
  Violets are blue,
Sugar is sweet.'''
for i, line in enumerate(poem.split("\n"), 1):
    print(i, line.strip(), len(line))
print(poem.count("\n"), "e" in poem, "xyz" not in poem)
