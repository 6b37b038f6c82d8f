from dataclasses import dataclass

@dataclass(frozen=True)
class Coord:
    row: int
    col: int

    def moved(self, dr, dc):
        return Coord(self.row + dr, self.col + dc)

@dataclass(frozen=True, order=True)
class Version:
    major: int
    minor: int = 0
    patch: int = 0

    def __str__(self):
        return f"{self.major}.{self.minor}.{self.patch}"

seen = {Coord(0, 0), Coord(0, 0).moved(1, 0), Coord(1, 0)}
print(len(seen), Coord(1, 0) in seen, sorted(seen, key=lambda c: (c.row, c.col)))
grid_values = {Coord(r, c): r * 10 + c for r in range(2) for c in range(2)}
print(grid_values[Coord(1, 1)], grid_values)
versions = [Version(1, 2, 3), Version(1, 10), Version(0, 9, 9), Version(1, 2), Version(2)]
print([str(v) for v in sorted(versions)])
print(max(versions), min(versions), Version(1, 2) < Version(1, 2, 1), Version(1) == Version(1, 0, 0))
latest = {}
for name, v in [("lib", Version(1, 0)), ("app", Version(2, 1)), ("lib", Version(1, 3)), ("app", Version(2, 0, 5))]:
    if name not in latest or latest[name] < v:
        latest[name] = v
print({k: str(v) for k, v in latest.items()})
print(repr(Version(3, 1)))
