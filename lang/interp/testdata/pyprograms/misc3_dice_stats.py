class Rng:
    def __init__(self, seed):
        self.x = seed
    def rand(self):
        self.x ^= (self.x << 13) & 0xFFFFFFFF
        self.x ^= self.x >> 17
        self.x ^= (self.x << 5) & 0xFFFFFFFF
        return self.x
    def die(self, sides=6):
        return self.rand() % sides + 1

rng = Rng(2463534242)
rolls = [rng.die() + rng.die() for _ in range(3600)]
counts = {s: rolls.count(s) for s in range(2, 13)}
for s, c in counts.items():
    expected = 3600 * (6 - abs(s - 7)) / 36
    print(f"{s:>2}: {c:>4} {expected:>6.1f} {'#' * (c // 20)}")
mean = sum(rolls) / len(rolls)
var = sum((r - mean) ** 2 for r in rolls) / (len(rolls) - 1)
print(f"mean={mean:.4f} var={var:.4f} sd={var ** 0.5:.4f}")
chi2 = sum((counts[s] - 3600 * (6 - abs(s - 7)) / 36) ** 2 / (3600 * (6 - abs(s - 7)) / 36) for s in counts)
print(f"chi2={chi2:.3f}")
streak = best = 1
for a, b in zip(rolls, rolls[1:]):
    streak = streak + 1 if a == b else 1
    best = max(best, streak)
print("longest streak:", best)
print(sorted(set(rolls)) == list(range(2, 13)), min(rolls), max(rolls))
