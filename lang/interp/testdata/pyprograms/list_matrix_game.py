board = [[0] * 4 for _ in range(4)]
moves = [(0, 0, 2), (0, 1, 2), (1, 0, 4), (3, 3, 8), (2, 1, 2), (2, 2, 2)]
for r, c, v in moves:
    board[r][c] = v
def show(b):
    for row in b:
        print(" ".join(f"{v:>3}" if v else "  ." for v in row))
    print()
def slide_left(row):
    nums = [v for v in row if v]
    out, score, i = [], 0, 0
    while i < len(nums):
        if i + 1 < len(nums) and nums[i] == nums[i + 1]:
            out.append(nums[i] * 2)
            score += nums[i] * 2
            i += 2
        else:
            out.append(nums[i])
            i += 1
    return out + [0] * (len(row) - len(out)), score
show(board)
total = 0
new = []
for row in board:
    r, s = slide_left(row)
    new.append(r)
    total += s
show(new)
rot = [list(r) for r in zip(*new[::-1])]
show(rot)
print("score", total, "max", max(max(r) for r in new), "empty", sum(r.count(0) for r in new))
