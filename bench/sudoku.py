# Sudoku solver after Peter Norvig: constraint propagation over a dict of
# candidate strings, units and peers built with comprehensions, recursive
# search with dict copies, all()/min() with key.
import os

SMALL = os.environ.get("DANA_BENCH_SMALL")


def cross(a, b):
    return [x + y for x in a for y in b]


DIGITS = "123456789"
ROWS = "ABCDEFGHI"
COLS = DIGITS
SQUARES = cross(ROWS, COLS)
UNITLIST = ([cross(ROWS, c) for c in COLS] +
            [cross(r, COLS) for r in ROWS] +
            [cross(rs, cs) for rs in ("ABC", "DEF", "GHI") for cs in ("123", "456", "789")])
UNITS = {s: [u for u in UNITLIST if s in u] for s in SQUARES}
PEERS = {s: set(sum(UNITS[s], [])) - {s} for s in SQUARES}


def parse_grid(grid):
    values = {s: DIGITS for s in SQUARES}
    for s, d in grid_values(grid).items():
        if d in DIGITS and not assign(values, s, d):
            return None
    return values


def grid_values(grid):
    chars = [c for c in grid if c in DIGITS or c in "0."]
    assert len(chars) == 81
    return dict(zip(SQUARES, chars))


def assign(values, s, d):
    other = values[s].replace(d, "")
    if all(eliminate(values, s, d2) for d2 in other):
        return values
    return None


def eliminate(values, s, d):
    if d not in values[s]:
        return values
    values[s] = values[s].replace(d, "")
    if len(values[s]) == 0:
        return None
    elif len(values[s]) == 1:
        d2 = values[s]
        if not all(eliminate(values, s2, d2) for s2 in PEERS[s]):
            return None
    for u in UNITS[s]:
        places = [s2 for s2 in u if d in values[s2]]
        if len(places) == 0:
            return None
        elif len(places) == 1:
            if not assign(values, places[0], d):
                return None
    return values


def search(values, stats):
    if values is None:
        return None
    stats[0] += 1
    if all(len(values[s]) == 1 for s in SQUARES):
        return values
    n, s = min((len(values[s]), s) for s in SQUARES if len(values[s]) > 1)
    for d in values[s]:
        result = search(assign(values.copy(), s, d), stats)
        if result is not None:
            return result
    return None


def solved(values):
    def unitsolved(unit):
        return set(values[s] for s in unit) == set(DIGITS)
    return values is not None and all(unitsolved(unit) for unit in UNITLIST)


PUZZLES = [
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
    "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....",
    "....14....3....2...7..........9...3.6.1.............8.2.....1.4....5.6.....7.8...",
    "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.",
    "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
    "12..4......5.69.1...9...5.........7.7...52.9..3......2.9.6...5.4..9..8.1..3...9.4",
    "...57..3.1......2.7...234......8...4..7..4...49....6.5.42...3.....7..9....18.....",
    "7..1523........92....3.....1....47.8.......6............9...5.6.4.9.7...8....6.1.",
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
]

puzzles = PUZZLES[:2] if SMALL else PUZZLES * 2
for p in puzzles:
    stats = [0]
    v = search(parse_grid(p), stats)
    print("".join(v[s] for s in SQUARES[:27]), solved(v), stats[0])
