INPUT = """A Y
B X
C Z
A X
C Y
B Z
A Z"""

SHAPE = {"X": 1, "Y": 2, "Z": 3}
BEATS = {"A": "Y", "B": "Z", "C": "X"}
DRAWS = {"A": "X", "B": "Y", "C": "Z"}
LOSES = {"A": "Z", "B": "X", "C": "Y"}

def score(opp, me):
    outcome = 6 if BEATS[opp] == me else 3 if DRAWS[opp] == me else 0
    return SHAPE[me] + outcome

def part1(rounds):
    return sum(score(o, m) for o, m in rounds)

def part2(rounds):
    choose = {"X": LOSES, "Y": DRAWS, "Z": BEATS}
    return sum(score(o, choose[m][o]) for o, m in rounds)

rounds = [tuple(line.split()) for line in INPUT.splitlines()]
print(rounds)
print(part1(rounds), part2(rounds))
print([score(o, m) for o, m in rounds])
