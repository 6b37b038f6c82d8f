# Edit distance with the full table and the alignment
def levenshtein(a, b):
    rows, cols = len(a) + 1, len(b) + 1
    d = [[0] * cols for _ in range(rows)]
    for i in range(rows):
        d[i][0] = i
    for j in range(cols):
        d[0][j] = j
    for i in range(1, rows):
        for j in range(1, cols):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
    return d

def show(a, b, d):
    print("     " + "  ".join(" " + b))
    for i, row in enumerate(d):
        label = " " if i == 0 else a[i - 1]
        print(label, " ".join(f"{v:2}" for v in row))

def ops(a, b, d):
    i, j = len(a), len(b)
    steps = []
    while i > 0 or j > 0:
        if i > 0 and j > 0 and a[i - 1] == b[j - 1] and d[i][j] == d[i - 1][j - 1]:
            i, j = i - 1, j - 1
        elif i > 0 and j > 0 and d[i][j] == d[i - 1][j - 1] + 1:
            steps.append(f"substitute {a[i - 1]!r} -> {b[j - 1]!r}")
            i, j = i - 1, j - 1
        elif i > 0 and d[i][j] == d[i - 1][j] + 1:
            steps.append(f"delete {a[i - 1]!r}")
            i -= 1
        else:
            steps.append(f"insert {b[j - 1]!r}")
            j -= 1
    return steps[::-1]

for a, b in [("kitten", "sitting"), ("rosettacode", "raisethysword"), ("", "abc"), ("flaw", "lawn")]:
    d = levenshtein(a, b)
    print(f"{a!r} -> {b!r}: {d[-1][-1]}")
    for step in ops(a, b, d):
        print("   ", step)
show("flaw", "lawn", levenshtein("flaw", "lawn"))
