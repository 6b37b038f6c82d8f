NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
NAMES = {NORTH: "NORTH", EAST: "EAST", SOUTH: "SOUTH", WEST: "WEST"}
MOVES = {NORTH: (0, 1), EAST: (1, 0), SOUTH: (0, -1), WEST: (-1, 0)}

class Robot:
    def __init__(self, direction=NORTH, x=0, y=0):
        self.direction = direction
        self.coordinates = (x, y)

    def move(self, instructions):
        for ch in instructions:
            if ch == "R":
                self.direction = (self.direction + 1) % 4
            elif ch == "L":
                self.direction = (self.direction - 1) % 4
            elif ch == "A":
                dx, dy = MOVES[self.direction]
                x, y = self.coordinates
                self.coordinates = (x + dx, y + dy)
            else:
                raise ValueError(f"unknown instruction {ch}")

r = Robot(NORTH, 7, 3)
r.move("RAALAL")
print(r.coordinates, NAMES[r.direction])
r2 = Robot()
r2.move("LAAARALA")
print(r2.coordinates, NAMES[r2.direction])
r3 = Robot(SOUTH, 8, 4)
r3.move("LAAARRRALLLL")
print(r3.coordinates, NAMES[r3.direction])
try:
    r3.move("AAX")
except ValueError as e:
    print(e, r3.coordinates)
