LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]

def winner(b):
    for a, c, d in LINES:
        if b[a] != " " and b[a] == b[c] == b[d]:
            return b[a]
    return None

def minimax(b, player, memo={}):
    key = ("".join(b), player)
    if key in memo:
        return memo[key]
    w = winner(b)
    if w:
        return (1 if w == "X" else -1), None
    if " " not in b:
        return 0, None
    best = None
    for i in range(9):
        if b[i] == " ":
            b[i] = player
            score, _ = minimax(b, "O" if player == "X" else "X")
            b[i] = " "
            if best is None or (player == "X" and score > best[0]) or (player == "O" and score < best[0]):
                best = (score, i)
    memo[key] = best
    return best

def show(b):
    rows = [" | ".join(b[r * 3:r * 3 + 3]) for r in range(3)]
    print("\n---------\n".join(rows))

board = [" "] * 9
player = "X"
while winner(board) is None and " " in board:
    score, move = minimax(board, player)
    board[move] = player
    player = "O" if player == "X" else "X"
show(board)
print("winner:", winner(board), "| score of empty board:", minimax([" "] * 9, "X")[0])
b2 = list("XO XO    ")
print(minimax(b2, "X"), minimax(list("XX OO    "), "O"))
