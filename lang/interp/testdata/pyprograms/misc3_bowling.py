def score(rolls):
    total = 0
    i = 0
    frames = []
    for frame in range(10):
        if rolls[i] == 10:
            total += 10 + rolls[i + 1] + rolls[i + 2]
            i += 1
        elif rolls[i] + rolls[i + 1] == 10:
            total += 10 + rolls[i + 2]
            i += 2
        else:
            total += rolls[i] + rolls[i + 1]
            i += 2
        frames.append(total)
    return total, frames

games = {
    "perfect": [10] * 12,
    "gutter": [0] * 20,
    "all spares": [5, 5] * 10 + [5],
    "mixed": [10, 7, 3, 9, 0, 10, 0, 8, 8, 2, 0, 6, 10, 10, 10, 8, 1],
    "nines": [9, 0] * 10,
}
for name, rolls in games.items():
    t, frames = score(rolls)
    print(f"{name:<10} {t:>3}  {frames}")

def render(rolls):
    out = []
    i = 0
    for frame in range(10):
        if rolls[i] == 10:
            out.append("X")
            i += 1
        else:
            a, b = rolls[i], rolls[i + 1]
            out.append(("-" if a == 0 else str(a)) + ("/" if a + b == 10 else ("-" if b == 0 else str(b))))
            i += 2
    return " ".join(out)
print(render(games["mixed"]))
print(render(games["all spares"]))
