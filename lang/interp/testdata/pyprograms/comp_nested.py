matrix = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
print([row[i] for row in matrix for i in range(len(row)) if i == 1])
transposed = [[row[i] for row in matrix] for i in range(3)]
print(transposed)
flat = [x for row in matrix for x in row]
print(flat)
print([[x * 2 for x in row] for row in matrix])
print(list(zip(*matrix)))
