board = ["X", "O", "X",
         " ", "X", "O",
         "O", " ", "X"]
lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
def winner(b):
    for a, c, d in lines:
        if b[a] != " " and b[a] == b[c] == b[d]:
            return b[a]
    return None
for r in range(3):
    print("|".join(board[r * 3:r * 3 + 3]))
print("winner:", winner(board), [i for i, c in enumerate(board) if c == " "])
