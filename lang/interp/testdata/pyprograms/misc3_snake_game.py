W, H = 10, 6
snake = [(2, 3), (1, 3), (0, 3)]
direction = (1, 0)
food = [(6, 3), (6, 1), (2, 1), (8, 5)]
moves = "RRRRUURRLLLLLDDDDRRRRRR"
DIRS = {"R": (1, 0), "L": (-1, 0), "U": (0, -1), "D": (0, 1)}
score = 0
def draw():
    for y in range(H):
        row = ""
        for x in range(W):
            if (x, y) == snake[0]:
                row += "@"
            elif (x, y) in snake:
                row += "o"
            elif food and (x, y) == food[0]:
                row += "*"
            else:
                row += "."
        print(row)
for step, m in enumerate(moves, 1):
    d = DIRS[m]
    if (d[0] + direction[0], d[1] + direction[1]) == (0, 0):
        d = direction
    direction = d
    head = ((snake[0][0] + d[0]) % W, (snake[0][1] + d[1]) % H)
    if head in snake[:-1]:
        print(f"step {step}: crashed at {head}")
        break
    snake.insert(0, head)
    if food and head == food[0]:
        food.pop(0)
        score += 10
        print(f"step {step}: ate food at {head}, length {len(snake)}")
    else:
        snake.pop()
draw()
print("score", score, "length", len(snake), "head", snake[0])
