# Number guessing game driven by a deterministic "random" generator and stdin
class LCG:
    def __init__(self, seed):
        self.state = seed
    def next(self):
        self.state = (1103515245 * self.state + 12345) % 2 ** 31
        return self.state
    def randint(self, a, b):
        return a + self.next() % (b - a + 1)

rng = LCG(2024)
secret = rng.randint(1, 100)
print("I'm thinking of a number between 1 and 100.")
tries = 0
while True:
    try:
        raw = input("Your guess: ")
    except EOFError:
        print("\nGiving up? It was", secret)
        break
    try:
        guess = int(raw)
    except ValueError:
        print(f"{raw!r} is not a number")
        continue
    tries += 1
    if guess < secret:
        print("Too low!")
    elif guess > secret:
        print("Too high!")
    else:
        print(f"Correct! {secret} in {tries} tries.")
        break
print([rng.randint(1, 6) for _ in range(10)])
