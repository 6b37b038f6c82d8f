def saddle_points(matrix):
    if not matrix:
        return []
    if any(len(row) != len(matrix[0]) for row in matrix):
        raise ValueError("irregular matrix")
    cols = list(zip(*matrix))
    out = []
    for r, row in enumerate(matrix):
        for c, v in enumerate(row):
            if v == max(row) and v == min(cols[c]):
                out.append({"row": r + 1, "column": c + 1})
    return out

print(saddle_points([[9, 8, 7], [5, 3, 2], [6, 6, 7]]))
print(saddle_points([[1, 2, 3], [3, 1, 2], [2, 3, 1]]))
print(saddle_points([[4, 5, 4], [3, 5, 5], [1, 5, 4]]))
print(saddle_points([]))
try:
    saddle_points([[3, 2, 1], [0, 1], [2, 1, 0]])
except ValueError as err:
    print(err.args[0])

def transpose_text(lines):
    width = max((len(l) for l in lines), default=0)
    out = []
    for i in range(width):
        col = "".join(l[i] if i < len(l) else " " for l in lines)
        out.append(col)
    return out
print(transpose_text(["ABC", "DE", "FGHI"]))
print(transpose_text([]))
