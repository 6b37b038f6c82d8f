class Clock:
    def __init__(self, hour, minute):
        total = (hour * 60 + minute) % (24 * 60)
        self.hour, self.minute = divmod(total, 60)

    def __repr__(self):
        return f"Clock({self.hour}, {self.minute})"

    def __str__(self):
        return f"{self.hour:02d}:{self.minute:02d}"

    def __eq__(self, other):
        return (self.hour, self.minute) == (other.hour, other.minute)

    def __add__(self, minutes):
        return Clock(self.hour, self.minute + minutes)

    def __sub__(self, minutes):
        return Clock(self.hour, self.minute - minutes)

for h, m in [(8, 0), (11, 9), (24, 0), (25, 0), (100, 0), (1, 60), (0, 160), (-1, 15), (-25, -160), (-121, -5810)]:
    print(f"({h}, {m}) -> {Clock(h, m)}")
c = Clock(10, 0)
print(c + 3, c + 61, c - 30, c - 160, c + 3 * 1440 + 1)
print(Clock(15, 37) == Clock(15, 37), Clock(10, 37) == Clock(15, 37), Clock(0, 0) == Clock(24, 0))
print(repr(Clock(-1, -1)), [str(Clock(0, m)) for m in range(-2, 3)])
